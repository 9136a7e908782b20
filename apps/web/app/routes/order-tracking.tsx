import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { NotFoundView } from '~/components/ui/not-found-view';
import { loadTrackedOrder, startProviderPayment } from '~/features/tracking/order-tracking.server';
import { OrderTrackingView } from '~/features/tracking/order-tracking-view';
import { useShopConfig } from '~/lib/shop-config';
import type { Route } from './+types/order-tracking';

// Whoever holds the link reads the order: never kept by a browser, a proxy or the phone's offline
// copies (not a kept page, lib/kept-pages.ts), never listed by a search engine.
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
});

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadTrackedOrder(params.token, context);
}

// 'Payer avec Wave' from this page, the order-success page or 'Mes Commandes': off to the provider.
export async function action({ params, request, context }: Route.ActionArgs) {
  return startProviderPayment(params.token, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.tracked
    ? `Suivi de la commande ${loaderData.tracked.order.order_number} | Souk`
    : 'Page introuvable | Souk';
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

export default function OrderTrackingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shopWhatsapp, agency, unpaidTimeoutMs, paymentProviders } = useShopConfig();
  if (!loaderData.tracked) return <NotFoundView />;
  return (
    <OrderTrackingView
      {...loaderData.tracked}
      shopWhatsapp={shopWhatsapp}
      agency={agency}
      unpaidTimeoutMs={unpaidTimeoutMs}
      paymentProviders={paymentProviders}
      paymentError={actionData?.paymentError ?? null}
      providerUrl={actionData?.providerUrl ?? null}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { message } = routeErrorInfo(error, 'Erreur de chargement');
  return (
    <ErrorState title="Erreur de chargement" hint={message} back={{ to: '/', label: "Retour à l'accueil" }} />
  );
}
