import { ForgotPasswordInputSchema } from '@souk/domain/auth';
import { formatPhone } from '@souk/domain/phone-format';
import { whatsappLink } from '@souk/domain/shop';
import { data } from 'react-router';
import { api, serverConfig } from '~/lib/api.server';
import { formOutcome, formText } from '~/lib/form-outcome';
import { echoValues } from '~/lib/form-outcome.server';
import { island } from '~/lib/island';
import { accountPageHeaders } from '~/lib/no-store';
import { readForm } from '~/lib/read-form.server';
import { pageMeta } from '~/lib/seo';
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

// The page is in the first paint as the server drew it, its form a real one; its code comes once
// the page is idle.
const ForgotPasswordViewIsland = island(
  () => import('./auth-forgot-password-view').then((m) => m.ForgotPasswordView),
  'idle',
);

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordViewIsland actionData={actionData} />;
}
