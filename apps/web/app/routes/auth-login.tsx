import { LoginInputSchema } from '@souk/domain/auth';
import { identifierFieldHint } from '@souk/domain/shop-locale';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { FormBanner, PasswordField, SubmitButton, TextField } from '~/components/ui/form-fields';
import { AuthShell, authLinkClass } from '~/features/account/auth-shell';
import { api, serverConfig } from '~/lib/api.server';
import { formOutcome, formText } from '~/lib/form-outcome';
import { echoValues } from '~/lib/form-outcome.server';
import { accountPageHeaders } from '~/lib/no-store';
import { readForm } from '~/lib/read-form.server';
import { pageMeta } from '~/lib/seo';
import { cookieHeaders, getCurrentUser, safeRedirectPath } from '~/lib/session.server';
import { useFormErrors } from '~/lib/use-form-errors';
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
  // Without redirectTo: an admin goes to the back office, a client to the account (spec §2).
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

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, expired, reset } = loaderData;
  const { formProps, bannerRef, errors, message } = useFormErrors(LoginInputSchema, actionData);
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const withRedirect = (path: string) =>
    redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;

  return (
    <AuthShell
      title="Connexion"
      intro="Heureux de vous revoir ! Connectez-vous pour suivre vos commandes."
      footer={
        <p>
          Pas encore de compte ?{' '}
          <Link to={withRedirect('/auth/register')} className={authLinkClass}>
            Créer un compte
          </Link>
        </p>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...formProps}>
        {expired && !message && (
          <FormBanner tone="info" message="Session expirée. Veuillez vous reconnecter." />
        )}
        {reset && !message && (
          <FormBanner tone="success" message="Mot de passe réinitialisé. Vous pouvez vous connecter." />
        )}
        <FormBanner message={message} bannerRef={bannerRef} />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <TextField
          id="login-email"
          name="email"
          label="Email ou numéro WhatsApp"
          hint={identifierFieldHint()}
          autoComplete="username"
          inputMode="email"
          defaultValue={actionData?.values?.email}
          error={errors.email}
        />
        <PasswordField
          id="login-password"
          name="password"
          label="Mot de passe"
          autoComplete="current-password"
          error={errors.password}
        />
        <div className="-mt-1 text-right text-sm">
          <Link to="/auth/forgot-password" className={authLinkClass}>
            Mot de passe oublié ?
          </Link>
        </div>
        <SubmitButton pending={pending} pendingLabel="Connexion…">
          Se connecter
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
