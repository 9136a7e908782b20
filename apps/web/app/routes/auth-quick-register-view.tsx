import { SubmitButton } from '~/components/ui/form-fields';
import { AuthFooterLink, AuthForm, AuthShell } from '~/features/account/auth-shell';
import { NewAccountFields } from '~/features/account/new-account-fields';
import { withReturn } from '~/lib/login-url';
import { accountSchema, usePageForm } from '~/lib/use-form';
import type { Route } from './+types/auth-quick-register';

// Not a route of its own: the page of the auth-quick-register route (auth-quick-register.tsx),
// which that route loads as an island, hydrated once the page is idle (docs/decisions/0028); its
// form works before.

export function QuickRegisterView({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { redirectTo, checkout } = loaderData;
  const form = usePageForm(accountSchema('QuickRegisterInputSchema'), actionData);
  const { errors, values, pending } = form;
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
        <AuthFooterLink question="Déjà client ?" to={withReturn('/auth/login', loginTarget)}>
          Se connecter
        </AuthFooterLink>
      }
    >
      <AuthForm form={form}>
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        {checkout && <input type="hidden" name="checkout" value="1" />}
        <NewAccountFields
          idPrefix="quick"
          values={values}
          errors={errors}
          loginReturn={loginTarget}
          phoneHint="Nous vous contactons sur ce numéro pour votre commande."
        />
        <SubmitButton pending={pending} pendingLabel="Inscription…">
          {checkout ? 'Créer mon compte et continuer' : 'Créer mon compte'}
        </SubmitButton>
      </AuthForm>
    </AuthShell>
  );
}
