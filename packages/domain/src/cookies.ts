// The shop's cookies, named in one place, and who they make a visitor, read the same by the API
// and the pages. No imports: loaded by the browser's first page as well as by both servers.

/** The API's httpOnly session cookie. */
export const SESSION_COOKIE = 'session';

/**
 * The cookie that carries a guest cart's key besides local storage, so that page loads act on the
 * same cart.
 */
export const CART_SESSION_COOKIE = 'cart_session_id';

/**
 * A device's signed proof that it logged in to an account with its current password: the login
 * limit across addresses does not hold it (docs/decisions/0012-rate-limits.md).
 */
export const DEVICE_COOKIE = 'device';

/**
 * A device's proof that it placed a guest order with a phone number: a keyed digest of the
 * number, never the number (a family may share the phone); the order limit across addresses does
 * not hold it (ADR 0012).
 */
export const ORDER_PHONE_COOKIE = 'order_phone';

/** A cookie's value in a Cookie header, or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * A visitor with neither a session nor a guest cart: nothing of theirs is on a page or in an
 * answer (the one who arrives from a link shared in a group). Their cart is empty and they are
 * nobody, so what they are shown may be shared with every other such visitor.
 */
export function isAnonymous(cookieHeader: string | null | undefined): boolean {
  return !cookieValue(cookieHeader, SESSION_COOKIE) && !cookieValue(cookieHeader, CART_SESSION_COOKIE);
}
