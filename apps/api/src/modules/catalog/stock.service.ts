import type { DbOrTx } from '../../db/client.ts';
import { findItemFacts, type ItemFacts, type ItemRef } from './stock.repository.ts';

// The catalogue's side of selling, for the cart and the orders modules: they reach the product and
// variant tables only through these functions (stock.repository.ts writes their SQL).

export type { ItemFacts, ItemRef, LockedVariant } from './stock.repository.ts';
export {
  decrementStock,
  incrementStock,
  lockVariants,
} from './stock.repository.ts';

const keyOf = (ref: ItemRef) => `${ref.product_id}:${ref.variant_id ?? ''}`;

/**
 * Each item joined to its facts, in the items' order; an item whose product is gone is left out
 * (as a join would: a product deleted between the two reads takes its cart lines with it).
 */
export async function withItemFacts<T extends ItemRef>(db: DbOrTx, items: T[]): Promise<(ItemFacts & T)[]> {
  if (!items.length) return [];
  const facts = new Map((await findItemFacts(db, items)).map((f) => [keyOf(f), f]));
  return items.flatMap((item) => {
    const found = facts.get(keyOf(item));
    return found ? [{ ...found, ...item }] : [];
  });
}

/** One item's facts (a product, and the variant asked for, matched by id alone), or null when the product is gone. */
export async function findSellable(db: DbOrTx, productId: number, variantId: number | null) {
  const [facts] = await findItemFacts(db, [{ product_id: productId, variant_id: variantId }]);
  return facts ?? null;
}
