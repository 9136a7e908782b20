import { shopDay } from '@souk/domain/dates';
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { serverContext } from '#api-context';
import { AuthCheckStatus } from '~/features/account/auth-check-status';
import { LoggedOutNotice } from '~/features/account/logged-out-notice';
import { BOTTOM_NAV_SPACE, BottomNav } from '~/features/layout/bottom-nav';
import { ShopHeader } from '~/features/layout/shop-header';
import { useCartCount } from '~/features/layout/use-cart-count';
import { serverConfig } from '~/lib/api.server';
import { loadCartBadge } from '~/lib/cart-badge.server';
import { island } from '~/lib/island';
import { onlyAfterWrites } from '~/lib/revalidation';
import { getCurrentUser } from '~/lib/session.server';
import type { ShopLayoutData } from '~/lib/shop-layout-data';
import type { Route } from './+types/shop-layout';

// Below the fold on every page: its code comes when it nears the screen.
const ShopFooter = island(() => import('~/features/layout/shop-footer').then((m) => m.ShopFooter), 'visible');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shopWhatsapp, publicUrl, agency, deliveryTerms, unpaidTimeoutMs, largeQuantity, paymentProviders } =
    serverConfig(context);
  const cart = await loadCartBadge(request, context);
  const user = await getCurrentUser(request, context);
  // The year comes from the server so the client renders the same text (no hydration mismatch),
  // the shop's year: on the night of 31 December it turns at the shop's midnight.
  const year = Number(shopDay(new Date()).slice(0, 4));
  const { saveData } = context.get(serverContext);
  return {
    shopWhatsapp,
    publicUrl,
    agency,
    deliveryTerms,
    unpaidTimeoutMs,
    largeQuantity,
    paymentProviders,
    year,
    cart,
    user,
    saveData,
  } satisfies ShopLayoutData;
}

// The user and the cart count only change through an action (form or fetcher submission) or an
// explicit revalidate() (same URL): plain navigations keep the layout data.
export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) => onlyAfterWrites(args);

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const cartCount = useCartCount();
  return (
    <div className={`flex min-h-dvh flex-col ${BOTTOM_NAV_SPACE}`}>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white font-semibold text-emerald-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
      >
        Aller au contenu
      </a>
      <ShopHeader cartCount={cartCount} />
      {/* Each page renders its own <main id="main"> (error pages included). */}
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
      <ShopFooter shopWhatsapp={loaderData.shopWhatsapp} year={loaderData.year} />
      <BottomNav cartCount={cartCount} />
      <LoggedOutNotice />
      <AuthCheckStatus />
    </div>
  );
}
