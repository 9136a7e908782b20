import { PASSWORD_RESET } from '@souk/domain/account-messages';
import { Link } from 'react-router';
import { FormBanner, SubmitButton } from '~/components/ui/form-fields';
import { AuthFooterLink, AuthForm, AuthShell } from '~/features/account/auth-shell';
import { NewPasswordFields } from '~/features/account/password-fields';
import { accountSchema, usePageForm } from '~/lib/use-form';
import type { Route } from './+types/auth-reset-password';

const INVALID_LINK = 'Lien de réinitialisation invalide ou expiré';

// Not a route of its own: the page of the auth-reset-password route (auth-reset-password.tsx),
// which that route loads as an island, hydrated once the page is idle (docs/decisions/0028); its
// form works before.

export function ResetPasswordView({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { token } = loaderData;
  const form = usePageForm(accountSchema('ResetPasswordInputSchema'), actionData);
  const { errors, pending } = form;
  const requestAgain = <AuthFooterLink to="/auth/forgot-password">Demander un nouveau lien</AuthFooterLink>;

  if (actionData?.ok) {
    return (
      <AuthShell title="Mot de passe modifié">
        <div role="status" className="flex flex-col gap-4 text-stone-700">
          <span
            aria-hidden="true"
            className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-800"
          >
            ✓
          </span>
          <p>{PASSWORD_RESET}</p>
        </div>
        <Link
          to="/auth/login"
          className="mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-full bg-emerald-800 px-6 py-3 text-base font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
        >
          Se connecter
        </Link>
      </AuthShell>
    );
  }

  if (!token) {
    return (
      <AuthShell title="Nouveau mot de passe" footer={requestAgain}>
        <FormBanner message={INVALID_LINK} />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Nouveau mot de passe"
      intro="Choisissez un nouveau mot de passe pour votre compte."
      footer={requestAgain}
    >
      <AuthForm form={form}>
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          id="reset-password"
          errors={errors}
          label="Nouveau mot de passe"
          confirmLabel="Confirmer le mot de passe"
        />
        <SubmitButton pending={pending} pendingLabel="Enregistrement…">
          Enregistrer le mot de passe
        </SubmitButton>
      </AuthForm>
    </AuthShell>
  );
}
