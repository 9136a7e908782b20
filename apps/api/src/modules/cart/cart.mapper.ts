import type { CartItem, CartSummary } from '@souk/domain/cart';
import { sellability } from '../catalog/catalog-rules.ts';
import type { ItemFacts } from '../catalog/stock.service.ts';
import { toFirstImageRef } from '../media/media.mapper.ts';
import type { CartItemRow } from './cart.repository.ts';

/** A line of the cart with what the catalogue says of its product and variant. */
export type CartLineRow = CartItemRow & ItemFacts;

/** The price a line is sold at: the variant's, or the product's base price when it has none. */
export const unitPriceOf = (row: CartLineRow) => row.variant_price ?? row.base_price;

/** Whether the line can be ordered as it is (its quantity aside: the stock is shown apart). */
export const isLineAvailable = (row: CartLineRow): boolean => sellability(row).sellable;

export function toCartItem(row: CartLineRow): CartItem {
  const image = toFirstImageRef(row, row.product_name);
  const unitPrice = unitPriceOf(row);
  return {
    id: row.id,
    product_id: row.product_id,
    variant_id: row.variant_id,
    product: {
      id: row.product_id,
      name: row.product_name,
      slug: row.product_slug,
      image_main: image?.url ?? null,
      image,
    },
    variant: row.variant_id !== null ? { id: row.variant_id, name: row.variant_name ?? '' } : null,
    unit_price: unitPrice,
    quantity: row.quantity,
    total_price: unitPrice * row.quantity,
    stock_quantity: row.variant_id !== null ? row.stock_quantity : null,
    is_available: isLineAvailable(row),
  };
}

export function toCartSummary(items: CartItem[]): CartSummary {
  return {
    total_items: items.reduce((n, i) => n + i.quantity, 0),
    total_price: items.reduce((n, i) => n + i.total_price, 0),
    items_count: items.length,
  };
}
