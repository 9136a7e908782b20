import { Form, Link, useNavigation } from 'react-router';
import { FormBanner, PasswordField, SubmitButton } from '~/components/ui/form-fields';
import { AuthShell, authLinkClass } from '~/features/account/auth-shell';
import { NewAccountFields } from '~/features/account/new-account-fields';
import { failureOf } from '~/lib/form-action';
import { useForm } from '~/lib/use-form';
import type { Route } from './+types/auth-register';

// Not a route of its own: the page of the auth-register route (auth-register.tsx), which that route
// loads as an island, hydrated once the page is idle (docs/decisions/0028); its form works before.

export function RegisterView({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { redirectTo } = loaderData;
  const failure = failureOf(actionData);
  const { formProps, bannerRef, errors, message } = useForm(
    () => import('@souk/domain/auth').then((m) => m.RegisterInputSchema),
    failure,
  );
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const values = failure?.values ?? {};

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
