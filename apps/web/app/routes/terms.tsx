import { layoutPublicUrl } from '~/features/layout/static-page';
import { island } from '~/lib/island';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/terms';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Conditions générales de vente',
    description:
      'Commande, confirmation sur WhatsApp, paiement par Orange Money ou à l’agence, livraison et retours : les conditions de vente de la boutique Souk.',
    url: `${layoutPublicUrl(matches)}/terms`,
  });
}

// The page is in the first paint as the server drew it; its code comes once the page is idle.
const TermsViewIsland = island(() => import('./terms-view').then((m) => m.TermsView), 'idle');

export default function TermsPage() {
  return <TermsViewIsland />;
}
