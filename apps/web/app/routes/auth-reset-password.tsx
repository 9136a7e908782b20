import { data } from 'react-router';
import { api, serverConfig } from '~/lib/api.server';
import { formAction, formTexts } from '~/lib/form-action';
import { island } from '~/lib/island';
import { accountPageHeaders } from '~/lib/no-store';
import { pageMeta } from '~/lib/seo';
import { cookieHeaders } from '~/lib/session.server';
import type { Route } from './+types/auth-reset-password';

export const headers: Route.HeadersFunction = accountPageHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    publicUrl: serverConfig(context).publicUrl,
    token: new URL(request.url).searchParams.get('token')?.trim() ?? '',
  };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, api(context), {
    submit: {
      failure: 'Erreur lors de la réinitialisation du mot de passe',
      // A bad or used token is not a field the visitor can fix: say it in the banner.
      inBanner: ['token'],
      send: ({ client, form }) =>
        client.post('/auth/reset-password', {
          body: formTexts(form, ['token', 'password', 'password_confirmation']),
        }),
      // Every session of the account was revoked: the API clears this browser's cookie too.
      done: ({ saved, setCookies }) => data(saved, { headers: cookieHeaders(setCookies) }),
    },
  });

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Nouveau mot de passe',
    description: 'Choisissez un nouveau mot de passe pour votre compte Souk.',
    url: `${loaderData?.publicUrl ?? ''}/auth/reset-password`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

// The page is in the first paint as the server drew it, its form a real one; its code comes once
// the page is idle.
const ResetPasswordViewIsland = island(
  () => import('./auth-reset-password-view').then((m) => m.ResetPasswordView),
  'idle',
);

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordViewIsland loaderData={loaderData} actionData={actionData} />;
}
