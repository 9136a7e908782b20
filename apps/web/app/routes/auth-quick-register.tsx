import { QuickRegisterInputSchema } from '@souk/domain/auth';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { FormBanner, SubmitButton } from '~/components/ui/form-fields';
import { AuthShell, authLinkClass } from '~/features/account/auth-shell';
import { NewAccountFields } from '~/features/account/new-account-fields';
import { api, serverConfig } from '~/lib/api.server';
import { formOutcome, formText } from '~/lib/form-outcome';
import { echoValues } from '~/lib/form-outcome.server';
import { accountPageHeaders } from '~/lib/no-store';
import { readForm } from '~/lib/read-form.server';
import { pageMeta } from '~/lib/seo';
import { cookieHeaders, getCurrentUser, safeRedirectPath } from '~/lib/session.server';
import { useFormErrors } from '~/lib/use-form-errors';
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
  if (user) throw redirect(checkout ? '/cart' : (redirectTo ?? '/profile'));
  return { publicUrl: serverConfig(context).publicUrl, redirectTo, checkout };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = formOutcome(
    await api(context).post('/auth/quick-register', {
      body: {
        name: formText(form, 'name'),
        whatsapp_phone: formText(form, 'whatsapp_phone'),
        email: formText(form, 'email'),
        password: formText(form, 'password'),
      },
    }),
    "Erreur lors de l'inscription",
  );
  if (!result.ok) {
    return data({ ...result.failure, values: echoValues(form, ECHOED) }, { status: result.status || 500 });
  }
  const to =
    form.get('checkout') === '1' ? CHECKOUT_RETURN : (safeRedirectPath(form.get('redirectTo')) ?? '/profile');
  return redirect(to, { headers: cookieHeaders(result.setCookies) });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Inscription rapide',
    description: 'Créez votre compte Souk en quelques secondes pour finaliser votre commande.',
    url: `${loaderData?.publicUrl ?? ''}/auth/quick-register`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

export default function QuickRegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, checkout } = loaderData;
  const { formProps, bannerRef, errors, message } = useFormErrors(QuickRegisterInputSchema, actionData);
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const values = actionData?.values ?? {};
  const loginTarget = checkout ? '/cart' : redirectTo;

  return (
    <AuthShell
      badge={checkout ? 'Dernière étape avant la commande' : undefined}
      title={checkout ? 'Finalisez votre commande' : 'Inscription rapide'}
      intro={
        checkout
          ? 'Créez votre compte en quelques secondes : votre panier est conservé et nous vous contactons sur WhatsApp pour la livraison et le paiement.'
          : 'Votre nom, votre numéro WhatsApp et un mot de passe suffisent.'
      }
      footer={
        <p>
          Déjà client ?{' '}
          <Link
            to={loginTarget ? `/auth/login?redirectTo=${encodeURIComponent(loginTarget)}` : '/auth/login'}
            className={authLinkClass}
          >
            Se connecter
          </Link>
        </p>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...formProps}>
        <FormBanner message={message} bannerRef={bannerRef} />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        {checkout && <input type="hidden" name="checkout" value="1" />}
        <NewAccountFields
          idPrefix="quick"
          values={values}
          errors={errors}
          phoneHint="Nous vous contactons sur ce numéro pour votre commande."
        />
        <SubmitButton pending={pending} pendingLabel="Inscription…">
          {checkout ? 'Créer mon compte et continuer' : 'Créer mon compte'}
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
