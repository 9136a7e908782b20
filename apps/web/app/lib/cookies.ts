// Loaded by server.ts under plain Node as well as by the app: no imports.

/** The API's httpOnly session cookie (apps/api/src/plugins/auth.ts). */
export const SESSION_COOKIE = 'session';

/** A cookie's value in a Cookie header, or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
