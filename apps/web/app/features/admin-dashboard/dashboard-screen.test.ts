import type { Dashboard } from '@souk/domain/admin-dashboard';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '~/lib/api-client';
import { cacheDashboard, DASHBOARD_CACHE_KEY } from './dashboard-cache';
import { memoryStorage, sampleDashboard } from './dashboard-fixture';
import { afterRefresh, type Shown } from './dashboard-screen';

const NOW = Date.parse('2026-11-25T09:00:00Z');
const copy = sampleDashboard();
const shown: Shown = { dashboard: copy, refreshError: null, refused: false };
const failure = (status: number, message: string): ApiResult<Dashboard> => ({
  ok: false,
  status,
  message,
  setCookies: [],
});

function withCopy() {
  const storage = memoryStorage();
  cacheDashboard(storage, copy, NOW - 60_000);
  return storage;
}

describe('the background refresh of a copy', () => {
  it('shows and keeps fresh figures', () => {
    const storage = withCopy();
    const fresh = { ...copy, generated_at: '2026-11-25T09:01:00.000Z' };
    const next = afterRefresh(shown, { ok: true, status: 200, data: fresh, setCookies: [] }, storage, NOW);
    expect(next.dashboard).toBe(fresh);
    expect(JSON.parse(storage.items.get(DASHBOARD_CACHE_KEY) ?? '{}').dashboard).toEqual(fresh);
  });

  it('forgets the copy and takes it off the screen when the session has expired (401)', () => {
    const storage = withCopy();
    const next = afterRefresh(shown, failure(401, 'Non authentifié'), storage, NOW);
    expect(next.refused).toBe(true);
    expect(storage.items.has(DASHBOARD_CACHE_KEY)).toBe(false);
  });

  it('forgets the copy and takes it off the screen when the API refuses it (403)', () => {
    const storage = withCopy();
    const next = afterRefresh(shown, failure(403, 'Accès refusé'), storage, NOW);
    expect(next.refused).toBe(true);
    expect(storage.items.has(DASHBOARD_CACHE_KEY)).toBe(false);
  });

  it('keeps the copy on screen and says why for any other failure', () => {
    const storage = withCopy();
    const next = afterRefresh(shown, failure(0, 'Erreur de connexion'), storage, NOW);
    expect(next).toEqual({
      ...shown,
      refreshError: 'Erreur lors du chargement des données: Erreur de connexion',
    });
    expect(storage.items.has(DASHBOARD_CACHE_KEY)).toBe(true);
  });
});
