import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'souk:favorites';
// Same-tab listeners: the 'storage' event only fires in other tabs.
const CHANGE_EVENT = 'souk:favorites-change';

let cachedRaw: string | null | undefined;
let cachedIds: readonly number[] = [];
const EMPTY: readonly number[] = [];

function readIds(): readonly number[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return EMPTY; // storage blocked (private mode, quota): favourites simply don't persist
  }
  // useSyncExternalStore needs a stable snapshot between changes.
  if (raw === cachedRaw) return cachedIds;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedIds = Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    cachedIds = [];
  }
  return cachedIds;
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Favourite product ids kept in localStorage; the server render sees none (no hydration mismatch). */
export function useFavorite(productId: number) {
  const ids = useSyncExternalStore(subscribe, readIds, () => EMPTY);
  const isFavorite = ids.includes(productId);
  const toggle = useCallback(() => {
    const current = readIds();
    const next = current.includes(productId)
      ? current.filter((id) => id !== productId)
      : [...current, productId];
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      return;
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, [productId]);
  return { isFavorite, toggle };
}
