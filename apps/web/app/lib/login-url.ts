/** The login URL for a protected page, carrying where to come back (and why, when a session died). */
export function loginUrl(returnTo: string, expired = false): string {
  const params = new URLSearchParams();
  if (expired) params.set('expired', '1');
  params.set('redirectTo', returnTo);
  return `/auth/login?${params}`;
}

/** `path` (a sign-in or registration page) carrying where to go once signed in, when there is one. */
export const withReturn = (path: string, returnTo: string | null) =>
  returnTo ? `${path}?redirectTo=${encodeURIComponent(returnTo)}` : path;

/** The query parameter the login page fills its identifier from (a number that has an account). */
export const LOGIN_IDENTIFIER_PARAM = 'identifier';

/**
 * The login page with `identifier` filled in, and where to go once signed in: a registration
 * refused because the number has an account offers it, so she logs in there and then.
 */
export function loginWith(identifier: string, returnTo: string | null): string {
  const params = new URLSearchParams({ [LOGIN_IDENTIFIER_PARAM]: identifier });
  if (returnTo) params.set('redirectTo', returnTo);
  return `/auth/login?${params}`;
}
