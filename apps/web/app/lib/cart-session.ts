import { CART_SESSION_COOKIE, cookieValue } from '@souk/domain/cookies';
import { isSessionId } from '@souk/domain/session-id';

// The guest cart id (local storage 'cart_session_id', sent as X-Session-ID). It is also a
// readable cookie so server loaders and actions act on the same cart (apps/web/server.ts).
const KEY = CART_SESSION_COOKIE;
const COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * The guest cart cookie, as the browser writes it after an add to cart and as the add-to-cart
 * form's action sends it when the form was posted before (or without) JavaScript. Readable (not
 * httpOnly): the browser's own cart calls read it back.
 */
export function cartSessionCookie(id: string, secure: boolean): string {
  return `${KEY}=${id}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

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
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on many phones this shop targets
  document.cookie = cartSessionCookie(id, window.location.protocol === 'https:');
}

/** Headers for a browser-side cart call. */
export function cartSessionHeaders(): Record<string, string> {
  const id = readCartSessionId();
  return id ? { 'X-Session-ID': id } : {};
}
