import { redirect } from 'react-router';
import { api, serverConfig } from '~/lib/api.server';
import { formAction, formTexts, handler } from '~/lib/form-action';
import { island } from '~/lib/island';
import { accountPageHeaders } from '~/lib/no-store';
import { pageMeta } from '~/lib/seo';
import { homeOf } from '~/lib/session';
import { getCurrentUser, redirectSignedIn, safeRedirectPath } from '~/lib/session.server';
import type { Route } from './+types/auth-register';

export const headers: Route.HeadersFunction = accountPageHeaders;

const ECHOED = ['name', 'email', 'whatsapp_phone'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  const user = await getCurrentUser(request, context);
  if (user) throw redirect(redirectTo ?? homeOf(user));
  return { publicUrl: serverConfig(context).publicUrl, redirectTo };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, api(context), {
    submit: handler({
      failure: "Erreur lors de l'inscription",
      echo: ECHOED,
      send: ({ client, form }) =>
        client.post('/auth/register', {
          body: formTexts(form, [...ECHOED, 'password', 'password_confirmation']),
        }),
      // The new client is signed in and lands on her account (docs/decisions/0006).
      done: ({ data, form, setCookies }) => redirectSignedIn(form, data.user, setCookies),
    }),
  });

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Créer un compte',
    description: 'Créez votre compte Souk pour commander et suivre vos commandes sur WhatsApp.',
    url: `${loaderData?.publicUrl ?? ''}/auth/register`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

// The page is in the first paint as the server drew it, its form a real one; its code comes once
// the page is idle.
const RegisterViewIsland = island(() => import('./auth-register-view').then((m) => m.RegisterView), 'idle');

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  return <RegisterViewIsland loaderData={loaderData} actionData={actionData} />;
}
