import { redirect } from 'react-router';
import { api } from '~/lib/api.server';
import { clearSessionCookie, cookieHeaders, safeRedirectPath } from '~/lib/session.server';
import type { Route } from './+types/auth-logout';

/** Logging out is a POST (a link a page could prefetch must not end a session). */
export function loader() {
  return redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  // Where to land: the shop by default; the back office's 'Se déconnecter' asks for the login page.
  // A body-less POST is a plain logout too.
  const form = await request.formData().catch(() => null);
  const to = safeRedirectPath(form?.get('redirectTo'));
  // Whatever the API answers, the local session is cleared.
  const { setCookies } = await api(context).post('/auth/logout');
  // The API clears its cookie when it knew the session; otherwise clear it here.
  const cookies = setCookies.some((c) => c.startsWith('session=')) ? setCookies : [clearSessionCookie()];
  return redirect(to ?? '/?loggedOut=1', { headers: cookieHeaders(cookies) });
}
