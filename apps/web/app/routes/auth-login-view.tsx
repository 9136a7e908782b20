import { PASSWORD_RESET } from '@souk/domain/account-messages';
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

export function LoginView({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { redirectTo, expired, reset } = loaderData;
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
        form={form}
        notices={
          <>
            {expired && !message && (
              <FormBanner tone="info" message="Session expirée. Veuillez vous reconnecter." />
            )}
            {reset && !message && <FormBanner tone="success" message={PASSWORD_RESET} />}
          </>
        }
      >
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <IdentifierField id="login-email" defaultValue={values.email} error={errors.email} />
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
      </AuthForm>
    </AuthShell>
  );
}
