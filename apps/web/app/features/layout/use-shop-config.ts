import { DEFAULT_SHOP_WHATSAPP_NUMBER, type ShopPhone } from '@souk/domain/shop';
import { useShopLayoutData } from '~/lib/shop-layout-data';

export type ShopConfig = { shopWhatsapp: ShopPhone; publicUrl: string };

/** The shop's contact number and public origin, loaded once by the shop layout for every page under it. */
export function useShopConfig(): ShopConfig {
  const data = useShopLayoutData();
  // Only undefined outside the shop layout (e.g. /test): fall back to the demo number rather than crash.
  return (
    data ?? {
      shopWhatsapp: { number: DEFAULT_SHOP_WHATSAPP_NUMBER, display: DEFAULT_SHOP_WHATSAPP_NUMBER },
      publicUrl: '',
    }
  );
}
