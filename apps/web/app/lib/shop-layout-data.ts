import type { User } from '@souk/domain/auth';
import type { PaymentProvider } from '@souk/domain/payments';
import type { Agency, ShopPhone } from '@souk/domain/shop';
import { useRouteLoaderData } from 'react-router';
import type { CartBadge } from './cart-badge.server';

/** Route id React Router gives app/routes/shop-layout.tsx (its file path without the extension). */
export const SHOP_LAYOUT_ROUTE_ID = 'routes/shop-layout';

/**
 * What the shop layout's loader answers. Stated here rather than read from the route's `typeof loader`
 * so that lib and features never import a route: the loader `satisfies` this type instead, and the
 * dependency points routes → lib only.
 */
export type ShopLayoutData = {
  shopWhatsapp: ShopPhone;
  publicUrl: string;
  /** Where orders are collected (order-success, terms): its map point, address and hours. */
  agency: Agency;
  /** DELIVERY_TERMS, which every page says through the domain's deliveryLine. */
  deliveryTerms: string;
  /** UNPAID_ORDER_TIMEOUT in ms (0: off), said where the customer pays (unpaidDeadlineNotice). */
  unpaidTimeoutMs: number;
  /** LARGE_QUANTITY_CONFIRM: above this many units of one product, 'Ajouter au panier' asks once. */
  largeQuantity: number;
  /** The payment providers offered on an unpaid order ('Payer avec Wave'…); none by default. */
  paymentProviders: PaymentProvider[];
  year: number;
  cart: CartBadge;
  user: User | null;
  /** The request asked for lighter pages (Save-Data): smaller pictures (docs/decisions/0029). */
  saveData: boolean;
};

/** The shop layout's data, or undefined outside it (e.g. /test). */
export function useShopLayoutData(): ShopLayoutData | undefined {
  return useRouteLoaderData<ShopLayoutData>(SHOP_LAYOUT_ROUTE_ID);
}

/**
 * Whether the visitor asked for lighter pages (Save-Data), as the server read it for this page:
 * the same on the server's render and the browser's, so hydration finds the same pictures.
 */
export function useSaveData(): boolean {
  return useShopLayoutData()?.saveData ?? false;
}
