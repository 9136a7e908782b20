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
