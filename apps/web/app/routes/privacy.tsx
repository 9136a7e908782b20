import { layoutPublicUrl } from '~/features/layout/static-page';
import { island } from '~/lib/island';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/privacy';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Politique de confidentialité',
    description:
      'Les données que Souk conserve (nom, numéro WhatsApp, e-mail, commandes), pourquoi, combien de temps, et comment y accéder ou les faire supprimer.',
    url: `${layoutPublicUrl(matches)}/privacy`,
  });
}

// The page is in the first paint as the server drew it; its code comes once the page is idle.
const PrivacyViewIsland = island(() => import('./privacy-view').then((m) => m.PrivacyView), 'idle');

export default function PrivacyPage() {
  return <PrivacyViewIsland />;
}
