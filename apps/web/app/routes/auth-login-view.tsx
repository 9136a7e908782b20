import { FORGOT_PASSWORD, PASSWORD_RESET } from '@souk/domain/account-messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormBanner, PasswordField, SubmitButton } from '~/components/ui/form-fields';
import {
  AuthFooterLink,
  AuthForm,
  AuthShell,
  authLinkClass,
  IdentifierField,
} from '~/features/account/auth-shell';
import { withReturn } from '~/lib/login-url';
import { accountSchema, usePageForm } from '~/lib/use-form';
import type { Route } from './+types/auth-login';

// Not a route of its own: the page of the auth-login route (auth-login.tsx), which that route loads
// as an island, hydrated once the page is idle (docs/decisions/0028); its form works before.

const FORGOT_PASSWORD_PATH = '/auth/forgot-password';

/**
 * A login refused past its limit says when to try again and names « Mot de passe oublié », the
 * way in that does not wait (ADR 0012): there, the banner links to it.
 */
function withForgotPasswordLink(message: string | undefined): ReactNode {
  const named = `« ${FORGOT_PASSWORD} »`;
  const at = message?.indexOf(named) ?? -1;
  if (!message || at < 0) return message;
  return (
    <>
      {message.slice(0, at)}«{' '}
      <Link to={FORGOT_PASSWORD_PATH} className={authLinkClass}>
        {FORGOT_PASSWORD}
      </Link>{' '}
      »{message.slice(at + named.length)}
    </>
  );
}

export function LoginView({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { redirectTo, identifier, expired, reset } = loaderData;
  const form = usePageForm(accountSchema('LoginInputSchema'), actionData);
  const { errors, message, values, pending } = form;

  return (
    <AuthShell
      title="Connexion"
      intro="Heureux de vous revoir ! Connectez-vous pour suivre vos commandes."
      footer={
        <AuthFooterLink question="Pas encore de compte ?" to={withReturn('/auth/register', redirectTo)}>
          Créer un compte
        </AuthFooterLink>
      }
    >
      <AuthForm
        form={{ ...form, message: undefined }}
        notices={
          <>
            {expired && !message && (
              <FormBanner tone="info" message="Session expirée. Veuillez vous reconnecter." />
            )}
            {reset && !message && <FormBanner tone="success" message={PASSWORD_RESET} />}
            <FormBanner message={withForgotPasswordLink(message)} bannerRef={form.bannerRef} />
          </>
        }
      >
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <IdentifierField
          id="login-email"
          defaultValue={values.email ?? identifier ?? undefined}
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
          <Link to={FORGOT_PASSWORD_PATH} className={authLinkClass}>
            Mot de passe oublié ?
          </Link>
        </div>
        <SubmitButton pending={pending} pendingLabel="Connexion…">
          Se connecter
        </SubmitButton>
      </AuthForm>
    </AuthShell>
  );
}
