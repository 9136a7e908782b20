import { redirect } from 'react-router';
import { serverContext } from '#api-context';
import { clearSessionCookie, cookieHeaders } from '~/lib/session.server';
import type { Route } from './+types/auth-logout';

/** Logging out is a POST (a link a page could prefetch must not end a session). */
export function loader() {
  return redirect('/');
}

export async function action({ context }: Route.ActionArgs) {
  let setCookies: string[] = [];
  try {
    ({ setCookies } = await context.get(serverContext).api('/auth/logout', { method: 'POST' }));
  } catch {
    // Spec §8: the local session is cleared anyway.
  }
  // The API clears its cookie when it knew the session; otherwise clear it here.
  const cookies = setCookies.some((c) => c.startsWith('session=')) ? setCookies : [clearSessionCookie()];
  return redirect('/?loggedOut=1', { headers: cookieHeaders(cookies) });
}
