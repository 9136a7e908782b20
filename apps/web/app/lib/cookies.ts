// Loaded by server.ts under plain Node as well as by the app: relative and package imports only.
import { CART_SESSION_COOKIE } from '@souk/domain/session-id';

/** The API's httpOnly session cookie (apps/api/src/plugins/auth.ts). */
export const SESSION_COOKIE = 'session';

/**
 * A visitor with neither a session nor a guest cart: nothing on the page is theirs (the one who
 * arrives from a link shared in a group). Their cart is empty and they are nobody.
 */
export function isAnonymous(cookieHeader: string | null | undefined): boolean {
  return !cookieValue(cookieHeader, SESSION_COOKIE) && !cookieValue(cookieHeader, CART_SESSION_COOKIE);
}

/** A cookie's value in a Cookie header, or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
