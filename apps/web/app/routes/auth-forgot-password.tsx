import { ForgotPasswordInputSchema } from '@souk/domain/auth';
import { data, Form, Link, useNavigation } from 'react-router';
import { FormBanner, SubmitButton, TextField } from '~/components/ui/form-fields';
import { AuthShell, authLinkClass } from '~/features/account/auth-shell';
import { api, serverConfig } from '~/lib/api.server';
import { echoValues, formOutcome, formText } from '~/lib/form-outcome.server';
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
  // The API answers the same whether or not an account exists: so does the page.
  return { sent: true as const, email: email.trim() };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Mot de passe oublié',
    description: 'Recevez par email un lien pour choisir un nouveau mot de passe.',
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
        <p className="mt-4 text-center text-sm">
          <Link to="/auth/forgot-password" className={authLinkClass}>
            Utiliser une autre adresse
          </Link>
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Mot de passe oublié"
      intro="Indiquez l'email de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe."
      footer={footer}
    >
      <Form method="post" className="flex flex-col gap-4" {...formProps}>
        <FormBanner message={message} bannerRef={bannerRef} />
        <TextField
          id="forgot-email"
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
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
