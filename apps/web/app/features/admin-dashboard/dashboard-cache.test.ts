import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_COPY_PREFIX, clearAdminCopies } from '~/lib/local-copies';
import {
  cacheDashboard,
  clearCachedDashboard,
  DASHBOARD_CACHE_KEY,
  DASHBOARD_CACHE_TTL_MS,
  readCachedDashboard,
  refreshLater,
} from './dashboard-cache';
import { memoryStorage, sampleDashboard } from './dashboard-fixture';

const dashboard = sampleDashboard();
const SAVED = Date.parse('2026-11-25T09:00:00Z');

describe('the dashboard cache', () => {
  it('serves the copy for 10 minutes after it was saved, not after', () => {
    const storage = memoryStorage();
    cacheDashboard(storage, dashboard, SAVED);
    expect(readCachedDashboard(storage, SAVED)).toEqual(dashboard);
    expect(readCachedDashboard(storage, SAVED + DASHBOARD_CACHE_TTL_MS - 1)).toEqual(dashboard);
    expect(readCachedDashboard(storage, SAVED + DASHBOARD_CACHE_TTL_MS)).toBeNull();
    // An expired copy is gone, not just skipped.
    expect(storage.items.has(DASHBOARD_CACHE_KEY)).toBe(false);
  });

  it('drops a copy from the future (the clock went back)', () => {
    const storage = memoryStorage();
    cacheDashboard(storage, dashboard, SAVED);
    expect(readCachedDashboard(storage, SAVED - 1)).toBeNull();
    expect(storage.items.has(DASHBOARD_CACHE_KEY)).toBe(false);
  });

  it('has nothing to serve when nothing or something unreadable is stored', () => {
    const storage = memoryStorage();
    expect(readCachedDashboard(storage, SAVED)).toBeNull();
    storage.items.set(DASHBOARD_CACHE_KEY, '{not json');
    expect(readCachedDashboard(storage, SAVED)).toBeNull();
    expect(storage.items.has(DASHBOARD_CACHE_KEY)).toBe(false);
    storage.items.set(DASHBOARD_CACHE_KEY, JSON.stringify({ saved_at: 'hier', dashboard }));
    expect(readCachedDashboard(storage, SAVED)).toBeNull();
  });

  it("drops a fresh copy that is not of the dashboard's shape (another version's, or damaged)", () => {
    const wrong = [
      {},
      { ...dashboard, stats: undefined },
      { ...dashboard, revenue_by_day: [{ day: '2026-11-25', revenue: '12 500' }] },
      { ...dashboard, recent_orders: null },
    ];
    for (const shape of wrong) {
      const storage = memoryStorage();
      storage.items.set(DASHBOARD_CACHE_KEY, JSON.stringify({ saved_at: SAVED, dashboard: shape }));
      expect(readCachedDashboard(storage, SAVED + 1)).toBeNull();
      expect(storage.items.has(DASHBOARD_CACHE_KEY)).toBe(false);
    }
  });

  it('is kept under a versioned key, under the prefix logging out forgets', () => {
    expect(DASHBOARD_CACHE_KEY).toBe('souk.admin.dashboard.v1');
    const storage = memoryStorage();
    cacheDashboard(storage, dashboard, SAVED);
    expect([...storage.items.keys()]).toEqual([DASHBOARD_CACHE_KEY]);
  });

  it('a storage that refuses the copy (full) only loses the cache', () => {
    const storage = memoryStorage();
    storage.items.set(DASHBOARD_CACHE_KEY, 'old');
    const full = {
      ...storage,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(() => cacheDashboard(full, dashboard, SAVED)).not.toThrow();
    expect(storage.items.has(DASHBOARD_CACHE_KEY)).toBe(false);
  });

  it('is forgotten on demand (a refused refresh)', () => {
    const storage = memoryStorage();
    cacheDashboard(storage, dashboard, SAVED);
    clearCachedDashboard(storage);
    expect(storage.items.size).toBe(0);
  });
});

describe('logging out', () => {
  it("forgets every back-office copy, whatever its version, and nothing of the shop's", () => {
    const storage = memoryStorage();
    cacheDashboard(storage, dashboard, SAVED);
    storage.items.set(`${ADMIN_COPY_PREFIX}dashboard`, '{}');
    storage.items.set(`${ADMIN_COPY_PREFIX}dashboard.v0`, '{}');
    storage.items.set('cart_session_id', 'abc');
    storage.items.set('souk:favorites', '[1]');
    clearAdminCopies(storage);
    expect([...storage.items.keys()]).toEqual(['cart_session_id', 'souk:favorites']);
  });

  it('a storage that refuses to be read leaves the logout to go on', () => {
    const blocked = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
      key: () => null,
      removeItem: () => {},
    };
    expect(() => clearAdminCopies(blocked)).not.toThrow();
  });
});

describe('the background refresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('comes 1 s after the cached copy shows', () => {
    const refresh = vi.fn();
    refreshLater(refresh);
    vi.advanceTimersByTime(999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('never comes once the page is left', () => {
    const refresh = vi.fn();
    const cancel = refreshLater(refresh);
    vi.advanceTimersByTime(500);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
