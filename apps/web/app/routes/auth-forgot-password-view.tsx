import { identifierFieldHint } from '@souk/domain/shop-locale';
import { Form, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { FormBanner, SubmitButton, TextField } from '~/components/ui/form-fields';
import { WhatsappIcon } from '~/components/ui/page-icons';
import { AuthShell, authLinkClass } from '~/features/account/auth-shell';
import { usePageForm } from '~/lib/use-form';
import type { Route } from './+types/auth-forgot-password';

// Not a route of its own: the page of the auth-forgot-password route (auth-forgot-password.tsx),
// which that route loads as an island, hydrated once the page is idle (docs/decisions/0028); its
// form works before.

export function ForgotPasswordView({ actionData }: Pick<Route.ComponentProps, 'actionData'>) {
  const { formProps, bannerRef, errors, message, values, pending } = usePageForm(
    () => import('@souk/domain/auth').then((m) => m.ForgotPasswordInputSchema),
    actionData,
  );
  const footer = (
    <p>
      <Link to="/auth/login" className={authLinkClass}>
        Retour à la connexion
      </Link>
    </p>
  );

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
      <Form method="post" className="flex flex-col gap-4" {...formProps}>
        <FormBanner message={message} bannerRef={bannerRef} />
        <TextField
          id="forgot-email"
          name="email"
          label="Email ou numéro WhatsApp"
          hint={identifierFieldHint()}
          inputMode="email"
          autoComplete="username"
          defaultValue={values.email}
          error={errors.email}
        />
        <SubmitButton pending={pending} pendingLabel="Envoi…">
          Envoyer le lien
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
