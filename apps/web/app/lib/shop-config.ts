import { DEFAULT_LARGE_QUANTITY } from '@souk/domain/limits';
import { DEFAULT_AGENCY, DEFAULT_DELIVERY_TERMS, DEFAULT_SHOP_WHATSAPP_NUMBER } from '@souk/domain/shop';
import { type ShopLayoutData, useShopLayoutData } from '~/lib/shop-layout-data';

export type ShopConfig = Pick<
  ShopLayoutData,
  | 'shopWhatsapp'
  | 'publicUrl'
  | 'agency'
  | 'deliveryTerms'
  | 'unpaidTimeoutMs'
  | 'largeQuantity'
  | 'paymentProviders'
>;

/**
 * The shop's contact number, public origin, agency, delivery terms and unpaid-order timeout, loaded once by the shop
 * layout for every page under it.
 */
export function useShopConfig(): ShopConfig {
  const data = useShopLayoutData();
  // Only undefined outside the shop layout (e.g. /test): fall back to the demo shop's rather than crash.
  return (
    data ?? {
      shopWhatsapp: { number: DEFAULT_SHOP_WHATSAPP_NUMBER, display: DEFAULT_SHOP_WHATSAPP_NUMBER },
      publicUrl: '',
      agency: DEFAULT_AGENCY,
      deliveryTerms: DEFAULT_DELIVERY_TERMS,
      unpaidTimeoutMs: 0,
      largeQuantity: DEFAULT_LARGE_QUANTITY,
      paymentProviders: [],
    }
  );
}
