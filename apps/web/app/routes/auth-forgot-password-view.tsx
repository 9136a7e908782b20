import { Form, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { SubmitButton } from '~/components/ui/form-fields';
import { WhatsappIcon } from '~/components/ui/page-icons';
import {
  AuthFooterLink,
  AuthForm,
  AuthShell,
  authLinkClass,
  IdentifierField,
} from '~/features/account/auth-shell';
import { accountSchema, usePageForm } from '~/lib/use-form';
import type { Route } from './+types/auth-forgot-password';

// Not a route of its own: the page of the auth-forgot-password route (auth-forgot-password.tsx),
// which that route loads as an island, hydrated once the page is idle (docs/decisions/0028); its
// form works before.

export function ForgotPasswordView({ actionData }: Pick<Route.ComponentProps, 'actionData'>) {
  const form = usePageForm(accountSchema('ForgotPasswordInputSchema'), actionData);
  const { errors, values, pending } = form;
  const footer = <AuthFooterLink to="/auth/login">Retour à la connexion</AuthFooterLink>;

  const tryAnother = (
    <p className="mt-4 text-center text-sm">
      <Link to="/auth/forgot-password" className={authLinkClass}>
        Essayer un autre email ou numéro
      </Link>
    </p>
  );

  if (actionData?.ok && actionData.phone) {
    return (
      <AuthShell title="Demande envoyée" footer={footer}>
        <div role="status" className="flex flex-col gap-4 text-stone-700">
          <p>
            Numéro indiqué : <strong className="text-stone-900">{actionData.phone.display}</strong>
          </p>
          <p>{actionData.phone.answer}</p>
        </div>
        <a
          href={actionData.phone.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClass()} mt-6 w-full`}
        >
          <WhatsappIcon />
          Demander un lien sur WhatsApp
          <span className="sr-only"> (nouvel onglet)</span>
        </a>
        {tryAnother}
      </AuthShell>
    );
  }

  if (actionData?.ok) {
    return (
      <AuthShell title="Email envoyé !" footer={footer}>
        <div role="status" className="flex flex-col gap-4 text-stone-700">
          <span
            aria-hidden="true"
            className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-800"
          >
            ✉
          </span>
          <p>
            Si un compte correspond à <strong className="text-stone-900">{actionData.email}</strong>, un lien
            pour choisir un nouveau mot de passe vient de lui être envoyé. Il est valable une heure.
          </p>
          <p className="text-sm">Pensez à regarder dans vos courriers indésirables.</p>
        </div>
        <Form method="post" className="mt-6">
          <input type="hidden" name="email" value={actionData.email} />
          <SubmitButton pending={pending} pendingLabel="Envoi…">
            Renvoyer l'email
          </SubmitButton>
        </Form>
        {tryAnother}
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Mot de passe oublié"
      intro="Indiquez l'email ou le numéro WhatsApp de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe."
      footer={footer}
    >
      <AuthForm form={form}>
        <IdentifierField id="forgot-email" defaultValue={values.email} error={errors.email} />
        <SubmitButton pending={pending} pendingLabel="Envoi…">
          Envoyer le lien
        </SubmitButton>
      </AuthForm>
    </AuthShell>
  );
}
