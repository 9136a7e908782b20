import { DEFAULT_SHOP_WHATSAPP_NUMBER } from '@souk/domain/shop';
import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/routes/shop-layout';

/** Route id React Router gives app/routes/shop-layout.tsx (its file path without the extension). */
export const SHOP_LAYOUT_ROUTE_ID = 'routes/shop-layout';

export type ShopConfig = { shopWhatsapp: string; publicUrl: string };

/** The shop's contact number and public origin, loaded once by the shop layout for every page under it. */
export function useShopConfig(): ShopConfig {
  const data = useRouteLoaderData<typeof loader>(SHOP_LAYOUT_ROUTE_ID);
  // Only undefined outside the shop layout (e.g. /test): fall back to the demo number rather than crash.
  return data ?? { shopWhatsapp: DEFAULT_SHOP_WHATSAPP_NUMBER, publicUrl: '' };
}
