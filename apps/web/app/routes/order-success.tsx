import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { loadOrderSuccess } from '~/features/checkout/order-success.server';
import { OrderSuccessView } from '~/features/checkout/order-success-view';
import { accountPageHeaders } from '~/lib/no-store';
import { useShopConfig } from '~/lib/shop-config';
import type { Route } from './+types/order-success';

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrderSuccess(request, context);
}

export function meta() {
  return [{ title: 'Commande en attente | Souk' }, { name: 'robots', content: 'noindex' }];
}

export default function OrderSuccessPage({ loaderData }: Route.ComponentProps) {
  // The shop's number, agency, delivery terms and unpaid-order timeout: the shop layout's, loaded
  // once for every page.
  const { shopWhatsapp, agency, deliveryTerms, unpaidTimeoutMs, paymentProviders } = useShopConfig();
  return (
    <OrderSuccessView
      {...loaderData}
      shopWhatsapp={shopWhatsapp}
      agency={agency}
      deliveryTerms={deliveryTerms}
      unpaidTimeoutMs={unpaidTimeoutMs}
      paymentProviders={paymentProviders}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { message } = routeErrorInfo(error, 'Erreur de chargement');
  return (
    <ErrorState title="Erreur de chargement" hint={message} back={{ to: '/', label: "Retour à l'accueil" }} />
  );
}
