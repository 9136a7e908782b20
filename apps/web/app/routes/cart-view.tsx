import { QUICK_REGISTERED } from '@souk/domain/account-messages';
import type { Cart } from '@souk/domain/cart';
import type { CartSuggestions } from '@souk/domain/catalog';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { type CartChanged, CartChangedAlert } from '~/features/cart/cart-changed-alert';
import { CartLine } from '~/features/cart/cart-line';
import { CartSummary } from '~/features/cart/cart-summary';
import { ClearCartButton } from '~/features/cart/clear-cart-button';
import { useOptimisticCart } from '~/features/cart/optimistic-cart';
import { setCartBadge } from '~/lib/cart-badge';
import { island } from '~/lib/island';
import { useShopConfig } from '~/lib/shop-config';

// Not a route of its own: the cart route's page (cart.tsx), which that route loads as an island. It
// composes two features, as routes do.

// The suggestions, under the cart, come as they near the screen; the order's failure dialog with a
// failure. A cart changed since it was shown is said in the page itself, not in the dialog.
const ProductRow = island(
  () => import('~/features/catalog/product-suggestions').then((m) => m.ProductRow),
  'visible',
);
const OrderErrorDialog = island(
  () => import('~/features/cart/order-error-dialog').then((m) => m.OrderErrorDialog),
  'idle',
);

const SUGGESTION_SETS: { key: keyof CartSuggestions; title: string }[] = [
  { key: 'complementary', title: 'Compléments idéaux' },
  { key: 'frequently_bought_together', title: 'Souvent achetés ensemble' },
  { key: 'similar_products', title: 'Produits similaires' },
  { key: 'popular_products', title: 'Populaires' },
  { key: 'recent_products', title: 'Nouveautés' },
];

/** The cart page: its lines, the order's summary and form, the suggestions. */
export function CartView({
  cart,
  suggestions,
  registered,
  failure,
  changed,
}: {
  cart: Cart;
  suggestions: CartSuggestions | null;
  registered: boolean;
  failure: { orderError: string } | null;
  changed: CartChanged | null;
}) {
  const { deliveryTerms } = useShopConfig();
  const view = useOptimisticCart(cart);

  // The badges follow the lines at once while an update is on its way.
  useEffect(() => {
    setCartBadge(view.totalItems);
  }, [view.totalItems]);

  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-5 sm:py-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Mon panier</h1>
        {view.items.length > 0 && <ClearCartButton />}
      </div>

      {registered && (
        <p
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
        >
          {QUICK_REGISTERED}
        </p>
      )}

      {changed && <CartChangedAlert changed={changed} cartEmpty={view.items.length === 0} />}

      {view.items.length === 0 ? (
        <EmptyState
          title="Votre panier est vide"
          action={
            <Link
              to="/catalog"
              className="rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
            >
              Découvrir le catalogue
            </Link>
          }
        >
          Parcourez nos parfums, huiles et savons naturels et ajoutez vos coups de cœur.
        </EmptyState>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[1fr_22rem] lg:items-start">
          <section aria-label="Articles du panier">
            <ul className="flex flex-col gap-3">
              {view.items.map((item) => (
                <CartLine key={item.id} item={item} />
              ))}
            </ul>
          </section>
          <CartSummary
            items={view.items}
            totalItems={view.totalItems}
            totalPrice={view.totalPrice}
            sessionId={cart.session_id}
            registered={registered}
            disabled={view.items.some((item) => !item.is_available)}
            deliveryTerms={deliveryTerms}
            notes={cart.notes}
          />
        </div>
      )}

      {suggestions && (
        <div className="flex flex-col gap-8 pt-2">
          {SUGGESTION_SETS.map(({ key, title }) => (
            <ProductRow key={key} id={`cart-${key}`} title={title} products={suggestions[key]} />
          ))}
        </div>
      )}

      {failure && <OrderErrorDialog failure={failure} />}
    </main>
  );
}
