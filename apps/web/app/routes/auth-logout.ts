import { redirect } from 'react-router';
import { api } from '~/lib/api.server';
import { clearSessionCookie, cookieHeaders } from '~/lib/session.server';
import type { Route } from './+types/auth-logout';

/** Logging out is a POST (a link a page could prefetch must not end a session). */
export function loader() {
  return redirect('/');
}

export async function action({ context }: Route.ActionArgs) {
  // Spec §8: whatever the API answers, the local session is cleared.
  const { setCookies } = await api(context).post('/auth/logout');
  // The API clears its cookie when it knew the session; otherwise clear it here.
  const cookies = setCookies.some((c) => c.startsWith('session=')) ? setCookies : [clearSessionCookie()];
  return redirect('/?loggedOut=1', { headers: cookieHeaders(cookies) });
}
