import type { Dashboard } from '@souk/domain/admin-dashboard';

// The dashboard's local copy (back-office spec §4 'Dashboard loading', §9): fresh data is kept in
// local storage; for 10 minutes a client-side visit shows it at once, and a refresh follows 1 s
// later. A full page load always renders fresh data from the server (docs/decisions/0021-dashboard.md).

export const DASHBOARD_CACHE_KEY = 'souk.admin.dashboard';
export const DASHBOARD_CACHE_TTL_MS = 10 * 60 * 1000;
export const DASHBOARD_REFRESH_DELAY_MS = 1000;

type Entry = { saved_at: number; dashboard: Dashboard };
type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The copy saved less than 10 minutes before `now`, or null (none, too old, unreadable). */
export function readCachedDashboard(storage: Storage, now: number): Dashboard | null {
  let entry: Partial<Entry> | null;
  try {
    entry = JSON.parse(storage.getItem(DASHBOARD_CACHE_KEY) ?? 'null');
  } catch {
    entry = null;
  }
  const savedAt = entry?.saved_at;
  if (typeof savedAt !== 'number' || !entry?.dashboard) return null;
  // A copy from the future (the clock moved back) is as untrustworthy as an old one.
  const age = now - savedAt;
  if (age < 0 || age >= DASHBOARD_CACHE_TTL_MS) return null;
  return entry.dashboard;
}

/** Keeps `dashboard` as the fresh copy; a full or refused storage only loses the cache. */
export function cacheDashboard(storage: Storage, dashboard: Dashboard, now: number) {
  const entry: Entry = { saved_at: now, dashboard };
  try {
    storage.setItem(DASHBOARD_CACHE_KEY, JSON.stringify(entry));
  } catch {
    storage.removeItem(DASHBOARD_CACHE_KEY);
  }
}

/** Runs `refresh` after DASHBOARD_REFRESH_DELAY_MS; the answer cancels it (the page was left). */
export function refreshLater(refresh: () => void): () => void {
  const timer = setTimeout(refresh, DASHBOARD_REFRESH_DELAY_MS);
  return () => clearTimeout(timer);
}

/** The browser's local storage, or null where it is refused (a private window, a blocked site). */
export function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
