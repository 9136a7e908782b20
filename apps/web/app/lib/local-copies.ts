// Back-office data the browser keeps between visits (the dashboard's local copy,
// docs/decisions/0021-dashboard.md) holds customers' names: every such entry is named with this
// prefix, so logging out can forget them all, whichever version of the page wrote them. Not named
// admin-…: every logout button loads it, the storefront's too, and admin-… files are back-office
// code that storefront pages must never load (e2e/storefront-without-admin.spec.ts).

export const ADMIN_COPY_PREFIX = 'souk.admin.';

type KeyedStorage = Pick<Storage, 'key' | 'length' | 'removeItem'>;

/** Removes every back-office copy from `storage`; a storage that refuses only keeps them. */
export function clearAdminCopies(storage: KeyedStorage) {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(ADMIN_COPY_PREFIX)) keys.push(key);
    }
    // Collected first: removing while walking the indexes would skip entries.
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing to do: a blocked storage never held a copy we could read back either.
  }
}

/** The browser's local storage, or null where it is refused (a private window, a blocked site). */
export function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
