import { redirect } from 'react-router';
import { api, serverConfig } from '~/lib/api.server';
import { formAction, formTexts, handler } from '~/lib/form-action';
import { island } from '~/lib/island';
import { accountPageHeaders } from '~/lib/no-store';
import { pageMeta } from '~/lib/seo';
import { homeOf } from '~/lib/session';
import { cookieHeaders, getCurrentUser, redirectSignedIn, safeRedirectPath } from '~/lib/session.server';
import type { Route } from './+types/auth-quick-register';

export const headers: Route.HeadersFunction = accountPageHeaders;

const ECHOED = ['name', 'email', 'whatsapp_phone'] as const;

/** Started from checkout, success returns to the cart, which then says the registration worked. */
const CHECKOUT_RETURN = '/cart?registered=1';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'));
  const checkout = url.searchParams.get('checkout') === '1';
  const user = await getCurrentUser(request, context);
  if (user) throw redirect(checkout ? '/cart' : (redirectTo ?? homeOf(user)));
  return { publicUrl: serverConfig(context).publicUrl, redirectTo, checkout };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, api(context), {
    submit: handler({
      failure: "Erreur lors de l'inscription",
      echo: ECHOED,
      send: ({ client, form }) =>
        client.post('/auth/quick-register', { body: formTexts(form, [...ECHOED, 'password']) }),
      done: ({ data, form, setCookies }) =>
        form.get('checkout') === '1'
          ? redirect(CHECKOUT_RETURN, { headers: cookieHeaders(setCookies) })
          : redirectSignedIn(form, data.user, setCookies),
    }),
  });

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Inscription rapide',
    description: 'Créez votre compte Souk en quelques secondes pour finaliser votre commande.',
    url: `${loaderData?.publicUrl ?? ''}/auth/quick-register`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

// The page is in the first paint as the server drew it, its form a real one; its code comes once
// the page is idle.
const QuickRegisterViewIsland = island(
  () => import('./auth-quick-register-view').then((m) => m.QuickRegisterView),
  'idle',
);

export default function QuickRegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  return <QuickRegisterViewIsland loaderData={loaderData} actionData={actionData} />;
}
