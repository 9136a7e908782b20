import type { ProductDetail, Variant } from '@souk/domain/catalog';

/** The first valid active variant is preselected — "valid" meaning it can be bought (in stock). */
export const defaultVariant = (product: ProductDetail): Variant | null =>
  product.variants.find((v) => v.is_active && v.in_stock) ?? null;

export const variantPricesDiffer = (product: ProductDetail) =>
  new Set(product.variants.map((v) => v.price)).size > 1;

/** The amount shown, and whether it reads 'À partir de' (no choice made yet and prices differ). */
export function displayedPrice(
  product: ProductDetail,
  selected: Variant | null,
): { amount: number; from: boolean } {
  if (selected) return { amount: selected.price, from: false };
  if (product.variants.length === 0) return { amount: product.price, from: false };
  return { amount: product.price, from: variantPricesDiffer(product) };
}
