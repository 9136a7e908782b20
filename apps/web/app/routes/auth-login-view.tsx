import { PASSWORD_RESET } from '@souk/domain/account-messages';
import { identifierFieldHint } from '@souk/domain/shop-locale';
import { Form, Link } from 'react-router';
import { FormBanner, PasswordField, SubmitButton, TextField } from '~/components/ui/form-fields';
import { AuthShell, authLinkClass } from '~/features/account/auth-shell';
import { usePageForm } from '~/lib/use-form';
import type { Route } from './+types/auth-login';

// Not a route of its own: the page of the auth-login route (auth-login.tsx), which that route loads
// as an island, hydrated once the page is idle (docs/decisions/0028); its form works before.

export function LoginView({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { redirectTo, expired, reset } = loaderData;
  const { formProps, bannerRef, errors, message, values, pending } = usePageForm(
    () => import('@souk/domain/auth').then((m) => m.LoginInputSchema),
    actionData,
  );
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
        {reset && !message && <FormBanner tone="success" message={PASSWORD_RESET} />}
        <FormBanner message={message} bannerRef={bannerRef} />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <TextField
          id="login-email"
          name="email"
          label="Email ou numéro WhatsApp"
          hint={identifierFieldHint()}
          autoComplete="username"
          inputMode="email"
          defaultValue={values.email}
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
