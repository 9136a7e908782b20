import { ForgotPasswordInputSchema } from '@souk/domain/auth';
import { formatPhone } from '@souk/domain/phone-format';
import { whatsappLink } from '@souk/domain/shop';
import { identifierFieldHint } from '@souk/domain/shop-locale';
import { data, Form, Link, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { FormBanner, SubmitButton, TextField } from '~/components/ui/form-fields';
import { WhatsappIcon } from '~/components/ui/icons';
import { AuthShell, authLinkClass } from '~/features/account/auth-shell';
import { api, serverConfig } from '~/lib/api.server';
import { formOutcome, formText } from '~/lib/form-outcome';
import { echoValues } from '~/lib/form-outcome.server';
import { accountPageHeaders } from '~/lib/no-store';
import { readForm } from '~/lib/read-form.server';
import { pageMeta } from '~/lib/seo';
import { useFormErrors } from '~/lib/use-form-errors';
import type { Route } from './+types/auth-forgot-password';

export const headers: Route.HeadersFunction = accountPageHeaders;

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: serverConfig(context).publicUrl };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = formText(form, 'email');
  const result = formOutcome(
    await api(context).post('/auth/forgot-password', { body: { email } }),
    "Erreur lors de l'envoi",
  );
  if (!result.ok) {
    return data(
      { sent: false as const, ...result.failure, values: echoValues(form, ['email']) },
      { status: result.status || 500 },
    );
  }
  // The API answers the same whether or not an account exists: so does the page. Asked by number,
  // it also offers the way in for an account without an e-mail: the shop sends the link on WhatsApp.
  const asked = ForgotPasswordInputSchema.safeParse({ email });
  if (asked.success && 'phone' in asked.data) {
    const phone = formatPhone(asked.data.phone);
    const message = `Bonjour, j'ai oublié mon mot de passe. Pouvez-vous m'envoyer un lien pour en choisir un nouveau ? Mon numéro WhatsApp : ${phone}`;
    return {
      sent: true as const,
      email: email.trim(),
      phone: {
        display: phone,
        // The API's own answer, the same whether or not an account has the number.
        answer: result.message ?? '',
        whatsapp: whatsappLink(serverConfig(context).shopWhatsapp.number, message),
      },
    };
  }
  return { sent: true as const, email: email.trim(), phone: null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Mot de passe oublié',
    description: 'Recevez un lien pour choisir un nouveau mot de passe, par email ou sur WhatsApp.',
    url: `${loaderData?.publicUrl ?? ''}/auth/forgot-password`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.sent ? actionData : undefined;
  const { formProps, bannerRef, errors, message } = useFormErrors(ForgotPasswordInputSchema, failure);
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
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

  if (actionData?.sent && actionData.phone) {
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

  if (actionData?.sent) {
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
          defaultValue={failure?.values?.email}
          error={errors.email}
        />
        <SubmitButton pending={pending} pendingLabel="Envoi…">
          Envoyer le lien
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
