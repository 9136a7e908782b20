import { RegisterInputSchema } from '@souk/domain/auth';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { FormBanner, PasswordField, SubmitButton } from '~/components/ui/form-fields';
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
import type { Route } from './+types/auth-register';

export const headers: Route.HeadersFunction = accountPageHeaders;

const ECHOED = ['name', 'email', 'whatsapp_phone'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  const user = await getCurrentUser(request, context);
  if (user) throw redirect(redirectTo ?? (user.role === 'admin' ? '/admin' : '/profile'));
  return { publicUrl: serverConfig(context).publicUrl, redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = formOutcome(
    await api(context).post('/auth/register', {
      body: {
        name: formText(form, 'name'),
        email: formText(form, 'email'),
        whatsapp_phone: formText(form, 'whatsapp_phone'),
        password: formText(form, 'password'),
        password_confirmation: formText(form, 'password_confirmation'),
      },
    }),
    "Erreur lors de l'inscription",
  );
  if (!result.ok) {
    return data({ ...result.failure, values: echoValues(form, ECHOED) }, { status: result.status || 500 });
  }
  // The new client is signed in and lands on the account, not /admin (docs/decisions/0006).
  return redirect(safeRedirectPath(form.get('redirectTo')) ?? '/profile', {
    headers: cookieHeaders(result.setCookies),
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Créer un compte',
    description: 'Créez votre compte Souk pour commander et suivre vos commandes sur WhatsApp.',
    url: `${loaderData?.publicUrl ?? ''}/auth/register`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const { formProps, bannerRef, errors, message } = useFormErrors(RegisterInputSchema, actionData);
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const values = actionData?.values ?? {};

  return (
    <AuthShell
      title="Créer un compte"
      intro="Commandez en quelques clics et suivez vos commandes. Nous vous contactons sur WhatsApp pour la livraison."
      footer={
        <p>
          Déjà un compte ?{' '}
          <Link
            to={redirectTo ? `/auth/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth/login'}
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
        <NewAccountFields
          idPrefix="register"
          values={values}
          errors={errors}
          emailHint="Utile pour recevoir un lien si vous oubliez votre mot de passe."
        />
        <PasswordField
          id="register-password-confirmation"
          name="password_confirmation"
          label="Confirmer le mot de passe"
          autoComplete="new-password"
          error={errors.password_confirmation}
        />
        <SubmitButton pending={pending} pendingLabel="Inscription…">
          Créer mon compte
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
