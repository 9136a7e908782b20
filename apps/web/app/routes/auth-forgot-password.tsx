import { ForgotPasswordInputSchema } from '@souk/domain/auth';
import { formatPhone } from '@souk/domain/phone-format';
import { whatsappLink } from '@souk/domain/shop';
import { api, serverConfig } from '~/lib/api.server';
import { formAction, formText } from '~/lib/form-action';
import { island } from '~/lib/island';
import { accountPageHeaders } from '~/lib/no-store';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/auth-forgot-password';

export const headers: Route.HeadersFunction = accountPageHeaders;

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: serverConfig(context).publicUrl };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, api(context), {
    submit: {
      failure: "Erreur lors de l'envoi",
      echo: ['email'],
      send: ({ client, form }) =>
        client.post('/auth/forgot-password', { body: { email: formText(form, 'email') } }),
      // The API answers the same whether or not an account exists: so does the page. Asked by number,
      // it also offers the way in for an account without an e-mail: the shop sends the link on WhatsApp.
      done: ({ form, saved }) => {
        const email = formText(form, 'email');
        const asked = ForgotPasswordInputSchema.safeParse({ email });
        if (!asked.success || !('phone' in asked.data)) return { ...saved, email: email.trim(), phone: null };
        const phone = formatPhone(asked.data.phone);
        const message = `Bonjour, j'ai oublié mon mot de passe. Pouvez-vous m'envoyer un lien pour en choisir un nouveau ? Mon numéro WhatsApp : ${phone}`;
        return {
          ...saved,
          email: email.trim(),
          phone: {
            display: phone,
            // The API's own answer, the same whether or not an account has the number.
            answer: saved.message,
            whatsapp: whatsappLink(serverConfig(context).shopWhatsapp.number, message),
          },
        };
      },
    },
  });

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
