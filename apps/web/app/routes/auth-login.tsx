import { redirect } from 'react-router';
import { api, serverConfig } from '~/lib/api.server';
import { formAction, formTexts, handler } from '~/lib/form-action';
import { island } from '~/lib/island';
import { identifierToFill } from '~/lib/login-url.server';
import { accountPageHeaders } from '~/lib/no-store';
import { pageMeta } from '~/lib/seo';
import { homeOf } from '~/lib/session';
import { getCurrentUser, redirectSignedIn, safeRedirectPath } from '~/lib/session.server';
import type { Route } from './+types/auth-login';

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'));
  const user = await getCurrentUser(request, context);
  if (user) throw redirect(redirectTo ?? homeOf(user));
  return {
    publicUrl: serverConfig(context).publicUrl,
    redirectTo,
    identifier: identifierToFill(url),
    expired: url.searchParams.get('expired') === '1',
    reset: url.searchParams.get('reset') === '1',
  };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, api(context), {
    submit: handler({
      failure: 'Erreur de connexion',
      echo: ['email'],
      send: ({ client, form }) =>
        client.post('/auth/login', { body: formTexts(form, ['email', 'password']) }),
      // Without redirectTo: an admin goes to the back office, a client to the account.
      done: ({ data, form, setCookies }) => redirectSignedIn(form, data.user, setCookies),
    }),
  });

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
