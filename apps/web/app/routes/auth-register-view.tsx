import { Form, Link } from 'react-router';
import { FormBanner, SubmitButton } from '~/components/ui/form-fields';
import { AuthShell, authLinkClass } from '~/features/account/auth-shell';
import { NewAccountFields } from '~/features/account/new-account-fields';
import { usePageForm } from '~/lib/use-form';
import type { Route } from './+types/auth-register';

// Not a route of its own: the page of the auth-register route (auth-register.tsx), which that route
// loads as an island, hydrated once the page is idle (docs/decisions/0028); its form works before.

export function RegisterView({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { redirectTo } = loaderData;
  const { formProps, bannerRef, errors, message, values, pending } = usePageForm(
    () => import('@souk/domain/auth').then((m) => m.RegisterInputSchema),
    actionData,
  );

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
          confirmLabel="Confirmer le mot de passe"
        />
        <SubmitButton pending={pending} pendingLabel="Inscription…">
          Créer mon compte
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
