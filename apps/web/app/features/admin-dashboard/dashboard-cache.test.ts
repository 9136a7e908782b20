import type { Dashboard } from '@souk/domain/admin-dashboard';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cacheDashboard,
  DASHBOARD_CACHE_KEY,
  DASHBOARD_CACHE_TTL_MS,
  readCachedDashboard,
  refreshLater,
} from './dashboard-cache';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const dashboard = { generated_at: '2026-11-25T09:00:00.000Z' } as Dashboard;
const SAVED = Date.parse('2026-11-25T09:00:00Z');

describe('the dashboard cache', () => {
  it('serves the copy for 10 minutes after it was saved, not after', () => {
    const storage = memoryStorage();
    cacheDashboard(storage, dashboard, SAVED);
    expect(readCachedDashboard(storage, SAVED)).toEqual(dashboard);
    expect(readCachedDashboard(storage, SAVED + DASHBOARD_CACHE_TTL_MS - 1)).toEqual(dashboard);
    expect(readCachedDashboard(storage, SAVED + DASHBOARD_CACHE_TTL_MS)).toBeNull();
    // Saved "later" than now: the clock went back.
    expect(readCachedDashboard(storage, SAVED - 1)).toBeNull();
  });

  it('has nothing to serve when nothing or something unreadable is stored', () => {
    const storage = memoryStorage();
    expect(readCachedDashboard(storage, SAVED)).toBeNull();
    storage.items.set(DASHBOARD_CACHE_KEY, '{not json');
    expect(readCachedDashboard(storage, SAVED)).toBeNull();
    storage.items.set(DASHBOARD_CACHE_KEY, JSON.stringify({ saved_at: 'hier', dashboard }));
    expect(readCachedDashboard(storage, SAVED)).toBeNull();
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
