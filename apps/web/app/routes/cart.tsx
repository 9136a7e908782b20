import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { ErrorState } from '~/components/ui/error-state';
import { cartAction, loadCartPage } from '~/features/cart/cart.server';
import { CART_LOAD_ERROR } from '~/features/cart/cart-messages';
import { island } from '~/lib/island';
import { accountPageHeaders } from '~/lib/no-store';
import type { Route } from './+types/cart';

export const headers: Route.HeadersFunction = accountPageHeaders;

// The page is in the first paint as the server drew it, its forms real ones; the code that makes
// it live (quantities, removal, the order without a reload) comes once the page is idle.
const CartViewIsland = island(() => import('./cart-view').then((m) => m.CartView), 'idle');

export async function loader({ request, context }: Route.LoaderArgs) {
  const registered = new URL(request.url).searchParams.get('registered') === '1';
  return { ...(await loadCartPage(context)), registered };
}

export async function action({ request, context }: Route.ActionArgs) {
  return cartAction(request, context);
}

// A refused action (4xx) does not reload the page's data by default; a cart that changed since it
// was shown must be reloaded, so the page shows its new prices and 'Commander' sends them.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult && typeof actionResult === 'object' && 'cartChanged' in actionResult
    ? true
    : defaultShouldRevalidate;
}

export function meta() {
  // A private page: no canonical nor Open Graph, and kept out of search engines.
  return [
    { title: 'Mon panier | Souk' },
    {
      name: 'description',
      content: 'Votre panier Souk : vos articles, le total en FCFA et la commande, confirmée sur WhatsApp.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && 'orderError' in actionData ? actionData : null;
  const changed = actionData && 'cartChanged' in actionData ? actionData.cartChanged : null;
  return <CartViewIsland {...loaderData} failure={failure} changed={changed} />;
}

export function ErrorBoundary() {
  return <ErrorState title="Erreur de chargement" hint={CART_LOAD_ERROR} />;
}
