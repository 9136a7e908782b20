import { data, redirect } from 'react-router';
import { api, serverConfig } from '~/lib/api.server';
import { formOutcome, formText } from '~/lib/form-outcome';
import { echoValues } from '~/lib/form-outcome.server';
import { island } from '~/lib/island';
import { accountPageHeaders } from '~/lib/no-store';
import { readForm } from '~/lib/read-form.server';
import { pageMeta } from '~/lib/seo';
import { cookieHeaders, getCurrentUser, safeRedirectPath } from '~/lib/session.server';
import type { Route } from './+types/auth-login';

export const headers: Route.HeadersFunction = accountPageHeaders;

const homeOf = (role: string) => (role === 'admin' ? '/admin' : '/profile');

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'));
  const user = await getCurrentUser(request, context);
  if (user) throw redirect(redirectTo ?? homeOf(user.role));
  return {
    publicUrl: serverConfig(context).publicUrl,
    redirectTo,
    expired: url.searchParams.get('expired') === '1',
    reset: url.searchParams.get('reset') === '1',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = formOutcome(
    await api(context).post('/auth/login', {
      body: { email: formText(form, 'email'), password: formText(form, 'password') },
    }),
    'Erreur de connexion',
  );
  if (!result.ok) {
    return data({ ...result.failure, values: echoValues(form, ['email']) }, { status: result.status || 500 });
  }
  // Without redirectTo: an admin goes to the back office, a client to the account.
  const to = safeRedirectPath(form.get('redirectTo')) ?? homeOf(result.data.user.role);
  return redirect(to, { headers: cookieHeaders(result.setCookies) });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Connexion',
    description: 'Connectez-vous à votre compte Souk avec votre email ou votre numéro WhatsApp.',
    url: `${loaderData?.publicUrl ?? ''}/auth/login`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

// The page is in the first paint as the server drew it, its form a real one; its code comes once
// the page is idle.
const LoginViewIsland = island(() => import('./auth-login-view').then((m) => m.LoginView), 'idle');

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginViewIsland loaderData={loaderData} actionData={actionData} />;
}
