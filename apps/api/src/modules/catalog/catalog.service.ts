import type { AdminSearchResults } from '@souk/domain/admin-catalog';
import type { Pagination } from '@souk/domain/api';
import type { ProductListQuery, SearchSuggestionsQuery } from '@souk/domain/catalog';
import {
  POPULAR_IN_CATEGORY_LIMIT,
  RECENT_PRODUCTS_LIMIT,
  SEARCH_SUGGESTION_PRODUCTS,
  SIMILAR_PRODUCTS_LIMIT,
} from '@souk/domain/limits';
import { foldText } from '@souk/domain/text';
import { notFound } from '#shared/app-error.ts';
import { toPagination } from '#shared/mapping.ts';
import type { Db } from '../../db/client.ts';
import {
  toCategoryDetail,
  toMediaRefs,
  toProductDetail,
  toProductSummary,
  toVariant,
} from './catalog.mapper.ts';
import * as repo from './catalog.repository.ts';

export type { ProductFilters, ProductSort } from './catalog.repository.ts';
export { findProductCategories } from './catalog.repository.ts';

/** A page of the products a customer sees, as rows (toProductSummary maps them): the cart's suggestions. */
export const findPublicProducts = (
  db: Db,
  filters: repo.ProductFilters,
  sort: repo.ProductSort,
  page: { limit: number; offset: number },
) => repo.findProducts(db, 'public', filters, sort, page);

export async function listCategories(db: Db) {
  const [top, subs] = await Promise.all([
    repo.topLevelCategories(db, 'public'),
    repo.allSubcategories(db, 'public'),
  ]);
  return top.map((c) =>
    toCategoryDetail(
      c,
      null,
      subs.filter((s) => s.parent_id === c.id),
    ),
  );
}

export async function getCategory(db: Db, ref: { id: number } | { slug: string }) {
  const category = await repo.findCategory(db, 'public', ref);
  if (!category) throw notFound('Catégorie non trouvée');
  const [parent, subcategories] = await Promise.all([
    category.parent_id ? repo.findCategory(db, 'public', { id: category.parent_id }) : null,
    repo.subcategoriesOf(db, 'public', [category.id]),
  ]);
  return toCategoryDetail(category, parent, subcategories);
}

/** Words of a search, folded like the database folds names (f_fold). */
export function searchWords(search: string | undefined): string[] {
  const folded = foldText(search ?? '');
  const words = folded
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  // A search of only symbols ('%%') still searches for them, literally, rather than matching everything.
  return words.length || !folded ? words : [folded];
}

export async function listProducts(
  db: Db,
  query: ProductListQuery,
): Promise<{ products: ReturnType<typeof toProductSummary>[]; pagination: Pagination }> {
  const words = searchWords(query.search);
  const filters: repo.ProductFilters = {
    categoryOrChildrenId: query.category_id,
    categoryId: query.subcategory_id,
    words,
    minPrice: query.min_price,
    maxPrice: query.max_price,
  };
  const requested = query.sort ?? query.sort_by;
  const by: repo.ProductOrder =
    requested === 'price' ? 'base_price' : (requested ?? (words.length ? 'relevance' : 'default'));
  const direction = query.sort_order ?? (by === 'created_at' || by === 'relevance' ? 'desc' : 'asc');
  const offset = (query.page - 1) * query.per_page;
  const found = await repo.findProductPage(
    db,
    'public',
    filters,
    { by, direction },
    {
      limit: query.per_page,
      offset,
    },
  );
  // Past the last page there is no row to carry the total: only then is it counted apart.
  const total = found.total ?? (offset > 0 ? (await repo.countProducts(db, 'public', filters)).total : 0);
  const rows = found.rows;
  return {
    products: rows.map(toProductSummary),
    pagination: toPagination(query.page, query.per_page, total, rows.length),
  };
}

/** The search box's products so far: the first of the same search by relevance (listProducts). */
export async function suggestProducts(db: Db, query: SearchSuggestionsQuery) {
  const rows = await repo.findSuggestedProducts(db, searchWords(query.search), SEARCH_SUGGESTION_PRODUCTS);
  return { products: rows.map(toProductSummary) };
}

async function findProductRow(db: Db, ref: { id: number } | { slug: string }) {
  const filters: repo.ProductFilters = 'id' in ref ? { ids: [ref.id] } : { slug: ref.slug };
  const [row] = await repo.findProducts(
    db,
    'public',
    filters,
    { by: 'default', direction: 'asc' },
    { limit: 1, offset: 0 },
  );
  if (!row) throw notFound('Produit non trouvé');
  return row;
}

export async function getProduct(db: Db, ref: { id: number } | { slug: string }) {
  const row = await repo.findProductDetail(db, ref);
  if (!row) throw notFound('Produit non trouvé');
  return toProductDetail(row, row.variants, row.media);
}

export async function getProductMedia(db: Db, id: number) {
  const row = await findProductRow(db, { id });
  return toMediaRefs(await repo.findProductMedia(db, id), row.name);
}

export async function getVariant(db: Db, id: number) {
  const variant = await repo.findPublicVariant(db, id);
  if (!variant) throw notFound('Variante non trouvée');
  return toVariant(variant);
}

const page = (limit: number) => ({ limit, offset: 0 });

export async function getProductSuggestions(db: Db, id: number) {
  const product = await findProductRow(db, { id });
  const topCategoryId = product.parent_id ?? product.category_id;
  const similarSameCategory = await repo.findProducts(
    db,
    'public',
    { categoryId: product.category_id, excludeIds: [id] },
    { by: 'price_distance', direction: 'asc', pivotPrice: product.base_price },
    page(SIMILAR_PRODUCTS_LIMIT),
  );
  // A small subcategory is topped up with the closest prices of its main category.
  const similar =
    similarSameCategory.length < SIMILAR_PRODUCTS_LIMIT
      ? similarSameCategory.concat(
          await repo.findProducts(
            db,
            'public',
            { topCategoryId, excludeIds: [id, ...similarSameCategory.map((p) => p.id)] },
            { by: 'price_distance', direction: 'asc', pivotPrice: product.base_price },
            page(SIMILAR_PRODUCTS_LIMIT - similarSameCategory.length),
          ),
        )
      : similarSameCategory;
  const [popular, recent] = await Promise.all([
    repo.findProducts(
      db,
      'public',
      { topCategoryId, excludeIds: [id, ...similar.map((p) => p.id)] },
      { by: 'popularity', direction: 'desc' },
      page(POPULAR_IN_CATEGORY_LIMIT),
    ),
    repo.findProducts(
      db,
      'public',
      { excludeIds: [id] },
      { by: 'created_at', direction: 'desc' },
      page(RECENT_PRODUCTS_LIMIT),
    ),
  ]);
  return {
    similar_products: similar.map(toProductSummary),
    popular_in_category: popular.map(toProductSummary),
    recent_products: recent.map(toProductSummary),
  };
}

/**
 * The back office's header search, its catalogue part: products of any status by the storefront's
 * tolerant search (`words`, see searchWords), by relevance, and categories whose name contains
 * `folded`; `limit` of each.
 */
export async function searchCatalogForAdmin(
  db: Db,
  words: string[],
  folded: string,
  limit: number,
): Promise<Pick<AdminSearchResults, 'products' | 'categories'>> {
  const [products, categories] = await Promise.all([
    repo.findProducts(db, 'admin', { words }, { by: 'relevance', direction: 'desc' }, { limit, offset: 0 }),
    repo.findCategories(db, 'admin', repo.categoryNameContains(folded)),
  ]);
  return {
    products: products.map((row) => {
      const { id, name, image } = toProductSummary(row);
      return { id, name, image, is_active: row.is_active };
    }),
    categories: categories.slice(0, limit).map((c) => ({
      id: c.id,
      name: c.name,
      is_active: c.is_active,
      parent_name: c.parent_name,
    })),
  };
}
