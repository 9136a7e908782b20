import { CART_SESSION_COOKIE, cookieValue } from '@souk/domain/cookies';
import { isSessionId } from '@souk/domain/session-id';

// The guest cart id (spec §3: local storage 'cart_session_id', sent as X-Session-ID). It is also a
// readable cookie so server loaders and actions act on the same cart (apps/web/server.ts).
const KEY = CART_SESSION_COOKIE;
const COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export function readCartSessionId(): string | null {
  try {
    const stored = window.localStorage.getItem(KEY);
    if (isSessionId(stored)) return stored;
  } catch {
    // storage disabled (private mode): fall back to the cookie
  }
  const cookie = cookieValue(document.cookie, KEY);
  return isSessionId(cookie) ? cookie : null;
}

export function storeCartSessionId(id: string | null | undefined) {
  if (!isSessionId(id)) return;
  try {
    window.localStorage.setItem(KEY, id);
  } catch {
    // the cookie below is enough
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on many phones this shop targets
  document.cookie = `${KEY}=${id}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** Headers for a browser-side cart call. */
export function cartSessionHeaders(): Record<string, string> {
  const id = readCartSessionId();
  return id ? { 'X-Session-ID': id } : {};
}
