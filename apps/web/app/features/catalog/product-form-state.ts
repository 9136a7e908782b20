import type { ProductDetail, Variant } from '@souk/domain/catalog';
import { defaultVariant } from './product-pricing';

/**
 * What a product form posted before the page's script had loaded leaves for the page drawn again
 * (add-to-cart.server.ts): the variant and the quantity as she chose them, and the quantity to
 * confirm when it is above LARGE_QUANTITY_CONFIRM.
 */
export type ProductFormState = {
  variant_id: number | null;
  quantity: string;
  confirm_quantity?: number;
  /** Said under the quantity: it was brought down to the stock left. */
  notice?: string;
};

/** The hidden field carrying the quantity she confirmed, so the same quantity is not asked twice. */
export const CONFIRMED_QUANTITY_FIELD = 'confirmed_quantity';

/** The variant the page starts with: the one the form kept while it can be bought, else the default. */
export const keptVariant = (product: ProductDetail, state: ProductFormState | undefined): Variant | null =>
  product.variants.find((v) => v.id === state?.variant_id && v.is_active && v.in_stock) ??
  defaultVariant(product);
