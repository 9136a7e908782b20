import { sql } from 'drizzle-orm';

// The catalogue's two rules, written once and used by every module that reads products (catalogue,
// cart, orders, suggestions): what a customer may see, and what may be sold.

/** Whose catalogue a read serves: the public sees only visible rows; the back office sees all. */
export type Visibility = 'public' | 'admin';

/** Joins a product `p` to its category `c` and that category's parent `parent` (null for a main one). */
export const productCategoryJoins = sql`
  join categories c on c.id = p.category_id
  left join categories parent on parent.id = c.parent_id`;

/**
 * A category is visible when it and its parent (joined, null for a main category) are active.
 * Aliases `c` and `parent` unless a query names them otherwise.
 */
export const categoryVisibleAs = (category: string, parent: string) =>
  sql`(${sql.identifier(category)}.is_active and (${sql.identifier(parent)}.id is null or ${sql.identifier(parent)}.is_active))`;
export const categoryVisible = categoryVisibleAs('c', 'parent');

/** A product `p` is visible when it, its category and that category's parent are all active. */
export const productVisible = sql`(p.is_active and ${categoryVisible})`;

/** How many variants of `p` a customer can choose from. */
export const activeVariantsCount = sql`(select count(*)::int from product_variants av where av.product_id = p.id and av.is_active)`;

/** What decides whether a product, as asked (with or without a variant), can be sold. */
export type SellableFacts = {
  product_id: number;
  product_visible: boolean;
  active_variants: number;
  /** The variant asked for (null: the product itself). */
  variant_id: number | null;
  /** Null when the variant no longer exists. */
  variant_product_id: number | null;
  variant_active: boolean | null;
  /** The variant's stock; null = unlimited. */
  stock_quantity: number | null;
};

export type Sellability =
  | { sellable: true }
  | { sellable: false; reason: 'unavailable' | 'variant_required' | 'foreign_variant' }
  | { sellable: false; reason: 'insufficient_stock'; stock: number };

/**
 * Sellable: the product is visible; a product with active variants is sold through one of them
 * (active, its own), a product without variants as itself; and, when a quantity is given, the
 * variant's stock covers it.
 */
export function sellability(facts: SellableFacts, quantity?: number): Sellability {
  if (!facts.product_visible) return { sellable: false, reason: 'unavailable' };
  if (facts.variant_id === null)
    return facts.active_variants > 0 ? { sellable: false, reason: 'variant_required' } : { sellable: true };
  if (facts.variant_product_id === null) return { sellable: false, reason: 'unavailable' };
  if (facts.variant_product_id !== facts.product_id) return { sellable: false, reason: 'foreign_variant' };
  if (!facts.variant_active) return { sellable: false, reason: 'unavailable' };
  if (quantity !== undefined && facts.stock_quantity !== null && quantity > facts.stock_quantity)
    return { sellable: false, reason: 'insufficient_stock', stock: facts.stock_quantity };
  return { sellable: true };
}
