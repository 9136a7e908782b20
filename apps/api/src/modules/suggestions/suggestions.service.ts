import type { CartSuggestions } from '@souk/domain/catalog';
import { CART_SUGGESTIONS_LIMIT, SIMILAR_PRODUCTS_LIMIT } from '@souk/domain/limits';
import type { Db } from '../../db/client.ts';
import { type CartOwners, findCartProductIds } from '../cart/cart.service.ts';
import { toProductSummary } from '../catalog/catalog.mapper.ts';
import {
  findProductCategories,
  findPublicProducts,
  type ProductFilters,
  type ProductSort,
} from '../catalog/catalog.service.ts';
import { findBoughtWith } from '../orders/order-figures.service.ts';

// Suggestions own no table: the cart's products come from the cart module, their categories and
// the listings from the catalogue, what was bought together from the orders module.

// Candidates read for "bought together" before inactive products are filtered out.
const BOUGHT_WITH_CANDIDATES = 24;

const popularity: ProductSort = { by: 'popularity', direction: 'desc' };
const newest: ProductSort = { by: 'created_at', direction: 'desc' };

/**
 * Suggestion sets for the caller's cart. A product appears in one set at most (the first one, in
 * the order below) and never when it is already in the cart.
 */
export async function getCartSuggestions(db: Db, owners: CartOwners): Promise<CartSuggestions> {
  const cart = await findProductCategories(db, await findCartProductIds(db, owners));
  const cartIds = [...new Set(cart.map((r) => r.product_id))];
  const shown = new Set<number>(cartIds);
  const take = async (filters: ProductFilters, sort: ProductSort, limit: number) => {
    const rows = await findPublicProducts(db, { ...filters, excludeIds: [...shown] }, sort, {
      limit,
      offset: 0,
    });
    for (const row of rows) shown.add(row.id);
    return rows;
  };

  let boughtTogether: Awaited<ReturnType<typeof take>> = [];
  const rankedIds = await findBoughtWith(db, cartIds, BOUGHT_WITH_CANDIDATES);
  if (rankedIds.length) {
    const rank = new Map(rankedIds.map((id, i) => [id, i]));
    const rows = await findPublicProducts(
      db,
      { ids: rankedIds, excludeIds: cartIds },
      { by: 'default', direction: 'asc' },
      { limit: rankedIds.length, offset: 0 },
    );
    boughtTogether = rows
      .sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0))
      .slice(0, CART_SUGGESTIONS_LIMIT);
    for (const row of boughtTogether) shown.add(row.id);
  }

  const categoryIds = [...new Set(cart.map((r) => r.category_id))];
  const topCategoryIds = [...new Set(cart.map((r) => r.top_category_id))];
  const similar = cart.length ? await take({ categoryIds }, popularity, SIMILAR_PRODUCTS_LIMIT) : [];
  // A cart of small subcategories is topped up from the same main categories.
  if (cart.length && similar.length < SIMILAR_PRODUCTS_LIMIT) {
    similar.push(...(await take({ topCategoryIds }, popularity, SIMILAR_PRODUCTS_LIMIT - similar.length)));
  }
  const complementary = cart.length
    ? await take({ excludeTopCategoryIds: topCategoryIds }, popularity, CART_SUGGESTIONS_LIMIT)
    : [];
  const popular = await take({}, popularity, CART_SUGGESTIONS_LIMIT);
  const recent = await take({}, newest, CART_SUGGESTIONS_LIMIT);

  return {
    complementary: complementary.map(toProductSummary),
    frequently_bought_together: boughtTogether.map(toProductSummary),
    similar_products: similar.map(toProductSummary),
    popular_products: popular.map(toProductSummary),
    recent_products: recent.map(toProductSummary),
  };
}
