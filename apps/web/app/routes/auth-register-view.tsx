import { SubmitButton } from '~/components/ui/form-fields';
import { AuthFooterLink, AuthForm, AuthShell } from '~/features/account/auth-shell';
import { NewAccountFields } from '~/features/account/new-account-fields';
import { withReturn } from '~/lib/login-url';
import { accountSchema, usePageForm } from '~/lib/use-form';
import type { Route } from './+types/auth-register';

// Not a route of its own: the page of the auth-register route (auth-register.tsx), which that route
// loads as an island, hydrated once the page is idle (docs/decisions/0028); its form works before.

export function RegisterView({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { redirectTo } = loaderData;
  const form = usePageForm(accountSchema('RegisterInputSchema'), actionData);
  const { errors, values, pending } = form;

  return (
    <AuthShell
      title="Créer un compte"
      intro="Commandez en quelques clics et suivez vos commandes. Nous vous contactons sur WhatsApp pour la livraison."
      footer={
        <AuthFooterLink question="Déjà un compte ?" to={withReturn('/auth/login', redirectTo)}>
          Se connecter
        </AuthFooterLink>
      }
    >
      <AuthForm form={form}>
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <NewAccountFields
          idPrefix="register"
          values={values}
          errors={errors}
          loginReturn={redirectTo}
          emailHint="Utile pour recevoir un lien si vous oubliez votre mot de passe."
          confirmLabel="Confirmer le mot de passe"
        />
        <SubmitButton pending={pending} pendingLabel="Inscription…">
          Créer mon compte
        </SubmitButton>
      </AuthForm>
    </AuthShell>
  );
}
