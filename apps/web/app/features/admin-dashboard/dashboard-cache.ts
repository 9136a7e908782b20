import { type Dashboard, DashboardSchema } from '@souk/domain/admin-dashboard';
import { ADMIN_COPY_PREFIX } from '~/lib/local-copies';

// The dashboard's local copy: fresh data is kept in
// local storage; for 10 minutes a client-side visit shows it at once, and a refresh follows 1 s
// later. A full page load always renders fresh data from the server (docs/decisions/0021-dashboard.md).

/**
 * Versioned: when the dashboard's shape changes, bump it so copies written by the previous version
 * are never read as this one's (the schema check below would refuse them anyway; the bump spares
 * the parse). Under ADMIN_COPY_PREFIX, so logging out forgets it (it holds customers' names).
 */
export const DASHBOARD_CACHE_KEY = `${ADMIN_COPY_PREFIX}dashboard.v1`;
export const DASHBOARD_CACHE_TTL_MS = 10 * 60 * 1000;
export const DASHBOARD_REFRESH_DELAY_MS = 1000;

type Entry = { saved_at: number; dashboard: Dashboard };
type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The copy saved less than 10 minutes before `now`, or null. A copy too old, from the future (the
 * clock moved back), unreadable or not of the dashboard's shape (written by another version,
 * edited, truncated) is removed: rendering it would crash the page until it expired.
 */
export function readCachedDashboard(storage: Storage, now: number): Dashboard | null {
  let entry: Partial<Entry> | null;
  try {
    entry = JSON.parse(storage.getItem(DASHBOARD_CACHE_KEY) ?? 'null');
  } catch {
    entry = null;
  }
  const age = typeof entry?.saved_at === 'number' ? now - entry.saved_at : Number.NaN;
  const fresh = age >= 0 && age < DASHBOARD_CACHE_TTL_MS;
  const parsed = fresh ? DashboardSchema.safeParse(entry?.dashboard) : null;
  if (parsed?.success) return parsed.data;
  clearCachedDashboard(storage);
  return null;
}

/** Keeps `dashboard` as the fresh copy; a full or refused storage only loses the cache. */
export function cacheDashboard(storage: Storage, dashboard: Dashboard, now: number) {
  const entry: Entry = { saved_at: now, dashboard };
  try {
    storage.setItem(DASHBOARD_CACHE_KEY, JSON.stringify(entry));
  } catch {
    clearCachedDashboard(storage);
  }
}

/** Forgets the copy: a session the API no longer accepts must not leave customers' names behind. */
export function clearCachedDashboard(storage: Pick<Storage, 'removeItem'>) {
  storage.removeItem(DASHBOARD_CACHE_KEY);
}

/** Runs `refresh` after DASHBOARD_REFRESH_DELAY_MS; the answer cancels it (the page was left). */
export function refreshLater(refresh: () => void): () => void {
  const timer = setTimeout(refresh, DASHBOARD_REFRESH_DELAY_MS);
  return () => clearTimeout(timer);
}
