import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryPrepared, queryRows, TYPO_SIMILARITY } from '../../db/client.ts';
import { containsPattern, escapeLike } from '../../db/like.ts';
import { product_media, type product_variants } from '../../db/schema.ts';
import type { FirstImageColumns } from '../media/media.mapper.ts';
import { categoryVisibleAs, productCategoryJoins, productVisible, type Visibility } from './catalog-rules.ts';

// Only this file builds catalogue reads. Every read takes a visibility: 'public' applies the
// catalogue's visibility rule (catalog-rules.ts), so an inactive row never reaches a public answer;
// 'admin' sees every row, through the same queries.

// One array parameter, not one per id: the statement's text stays the same whatever the number of
// ids, so PostgreSQL prepares it once.
const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
const anyOf = (ids: number[]) => sql`any(${intArray(ids)})`;
const noneOf = (ids: number[]) => sql`all(${intArray(ids)})`;

export type CategoryRow = {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  description: string | null;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  image_widths: number[];
  sort_order: number;
  is_active: boolean;
  created_at: string | Date;
  parent_name: string | null;
  /** Products of the category and of its subcategories (those the visibility shows). */
  products_count: number;
  /** Products filed directly under the category. */
  direct_products_count: number;
  subcategories_count: number;
};

/**
 * Categories matching `where` (on `cat`, with its parent `catparent`), in the shop's order, with
 * their counts. The counts apply the same visibility as the rows: the public counts what it sees.
 */
export async function findCategories(db: DbOrTx, visibility: Visibility, where: SQL): Promise<CategoryRow[]> {
  const isPublic = visibility === 'public';
  const productShown = isPublic ? productVisible : sql`true`;
  return queryRows<CategoryRow>(
    db,
    sql`
    select cat.id, cat.parent_id, cat.name, cat.slug, cat.description, cat.image_key, cat.image_width,
           cat.image_height, cat.image_widths, cat.sort_order, cat.is_active, cat.created_at,
           catparent.name as parent_name, counts.products_count, counts.direct_products_count,
           (select count(*)::int from categories s where s.parent_id = cat.id
              ${isPublic ? sql`and s.is_active` : sql``}) as subcategories_count
      from categories cat
      left join categories catparent on catparent.id = cat.parent_id
      cross join lateral (
        select count(*)::int as products_count,
               (count(*) filter (where c.id = cat.id))::int as direct_products_count
          from products p ${productCategoryJoins}
         where (c.id = cat.id or c.parent_id = cat.id) and ${productShown}) counts
     where ${isPublic ? categoryVisibleAs('cat', 'catparent') : sql`true`} and ${where}
     order by cat.sort_order, cat.name_folded, cat.id`,
  );
}

/** For findCategories: the category's name contains `folded` (already folded, see foldText). */
export const categoryNameContains = (folded: string) => sql`cat.name_folded like ${containsPattern(folded)}`;

export const topLevelCategories = (db: DbOrTx, visibility: Visibility) =>
  findCategories(db, visibility, sql`cat.parent_id is null`);
export const allSubcategories = (db: DbOrTx, visibility: Visibility) =>
  findCategories(db, visibility, sql`cat.parent_id is not null`);
export const subcategoriesOf = (db: DbOrTx, visibility: Visibility, parentIds: number[]) =>
  parentIds.length
    ? findCategories(db, visibility, sql`cat.parent_id = ${anyOf(parentIds)}`)
    : Promise.resolve([]);

export async function findCategory(
  db: DbOrTx,
  visibility: Visibility,
  ref: { id: number } | { slug: string },
) {
  const rows = await findCategories(
    db,
    visibility,
    'id' in ref ? sql`cat.id = ${ref.id}` : sql`cat.slug = ${ref.slug}`,
  );
  return rows[0] ?? null;
}

/** A listed product; its first ready image in the `image_*` columns (title included). */
export type ProductRow = FirstImageColumns & {
  id: number;
  slug: string;
  name: string;
  description: string;
  base_price: number;
  category_id: number;
  created_at: string | Date;
  sort_order: number;
  is_active: boolean;
  category_name: string;
  category_slug: string;
  category_image_key: string | null;
  category_image_width: number | null;
  category_image_height: number | null;
  category_image_widths: number[];
  parent_id: number | null;
  parent_name: string | null;
  parent_slug: string | null;
  image_title: string | null;
  variants_count: number;
  min_price: number | null;
  available: boolean | null;
};

export type ProductFilters = {
  ids?: number[];
  slug?: string;
  categoryOrChildrenId?: number;
  categoryId?: number;
  topCategoryId?: number;
  /** any of these categories exactly (e.g. the subcategories of a cart's products) */
  categoryIds?: number[];
  /** any of these main categories, subcategories included */
  topCategoryIds?: number[];
  /** none of these main categories, subcategories included */
  excludeTopCategoryIds?: number[];
  excludeIds?: number[];
  words?: string[];
  minPrice?: number;
  maxPrice?: number;
  /** Back office: only active (true) or inactive (false) products. */
  active?: boolean;
};

export type ProductOrder =
  | 'relevance'
  | 'base_price'
  | 'created_at'
  | 'name'
  | 'default'
  | 'popularity'
  | 'price_distance';
export type ProductSort = { by: ProductOrder; direction: 'asc' | 'desc'; pivotPrice?: number };

const TYPO_MIN_LENGTH = 3;

/**
 * The rows whose folded name a `word` may be a typo of, as the names' trigram index answers it
 * (`<%`, against the connection's looser threshold, db/client.ts): it lets the planner read them
 * through the index, and word_similarity then decides.
 */
const typoCandidate = (word: string, name: SQL) =>
  sql`char_length(${word}) >= ${TYPO_MIN_LENGTH} and ${word} <% ${name}`;

/** The shop's own order (the owner's sort order), of the row `r`. */
const shopOrder = (r: 'p' | 'm') => sql`${sql.identifier(r)}.sort_order asc, ${sql.identifier(r)}.id asc`;

/**
 * The categories whose name, or whose parent's name, is `like` (their folded names, migration
 * 0014), as an array: a product's category is then looked up in the products' category index,
 * so each branch of a word's test goes through an index of products (docs/decisions/0024).
 */
const categoriesNamed = (like: string) => sql`array(
  select named.id from categories named left join categories named_parent on named_parent.id = named.parent_id
   where named.name_folded like ${like} or named_parent.name_folded like ${like})`;

/**
 * A word is in the product's name, its description, or its category's or parent's name (folded,
 * contained), or, from 3 letters, near a word of its name (a typo).
 */
function wordMatches(word: string): SQL {
  const like = containsPattern(word);
  // The typo test is written for every word, its length a parameter too: a search's text then
  // depends on its number of words alone (selectPage prepares it).
  return sql`(p.name_folded like ${like} or p.description_folded like ${like}
    or p.category_id = any(${categoriesNamed(like)})
    or (${typoCandidate(word, sql`p.name_folded`)} and word_similarity(${word}, p.name_folded) >= ${TYPO_SIMILARITY}))`;
}

function whereClause(f: ProductFilters, visibility: Visibility): SQL {
  const parts: SQL[] = visibility === 'public' ? [productVisible] : [];
  if (f.active !== undefined) parts.push(f.active ? sql`p.is_active` : sql`not p.is_active`);
  if (f.ids) parts.push(f.ids.length ? sql`p.id = ${anyOf(f.ids)}` : sql`false`);
  if (f.slug !== undefined) parts.push(sql`p.slug = ${f.slug}`);
  // As the products' category index answers it (c is p's category): a search in a category reads
  // that category's products, not every product matching the words.
  if (f.categoryOrChildrenId !== undefined)
    parts.push(sql`p.category_id = any(array(
      select id from categories where id = ${f.categoryOrChildrenId} or parent_id = ${f.categoryOrChildrenId}))`);
  if (f.categoryId !== undefined) parts.push(sql`c.id = ${f.categoryId}`);
  if (f.topCategoryId !== undefined) parts.push(sql`coalesce(c.parent_id, c.id) = ${f.topCategoryId}`);
  if (f.categoryIds) parts.push(f.categoryIds.length ? sql`c.id = ${anyOf(f.categoryIds)}` : sql`false`);
  if (f.topCategoryIds)
    parts.push(
      f.topCategoryIds.length ? sql`coalesce(c.parent_id, c.id) = ${anyOf(f.topCategoryIds)}` : sql`false`,
    );
  if (f.excludeTopCategoryIds?.length)
    parts.push(sql`coalesce(c.parent_id, c.id) <> ${noneOf(f.excludeTopCategoryIds)}`);
  if (f.excludeIds?.length) parts.push(sql`p.id <> ${noneOf(f.excludeIds)}`);
  for (const word of f.words ?? []) parts.push(wordMatches(word));
  if (f.minPrice !== undefined) parts.push(sql`p.base_price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) parts.push(sql`p.base_price <= ${f.maxPrice}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

function orderClause(sort: ProductSort): SQL {
  const dir = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  switch (sort.by) {
    case 'base_price':
      return sql`p.base_price ${dir}, p.id asc`;
    case 'created_at':
      return sql`p.created_at ${dir}, p.id ${dir}`;
    case 'name':
      // PGlite's collation is C: the folded name is a collation-independent French sort key.
      return sql`p.name_folded ${dir}, p.name ${dir}, p.id asc`;
    case 'popularity':
      return sql`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.product_id = p.id) desc,
                 ${shopOrder('p')}`;
    case 'price_distance':
      return sql`abs(p.base_price - ${sort.pivotPrice ?? 0}) asc, p.id asc`;
    default:
      // 'relevance' without words ('^' folds to nothing; with words see relevancePage): there is
      // nothing to rank by, the shop's order.
      return shopOrder('p');
  }
}

const fromClause = sql`from products p ${productCategoryJoins}`;

type PageSlice = { limit: number; offset: number };

/** `page(id, total, position)`: the ids of the page in order, and the number of all that match. */
function pageOf(filters: ProductFilters, visibility: Visibility, sort: ProductSort, page: PageSlice): SQL {
  const words = filters.words ?? [];
  if (sort.by === 'relevance' && words.length) return relevancePage(filters, visibility, words, page);
  const order = orderClause(sort);
  return sql`page as (
      select p.id, count(*) over () as total, row_number() over (order by ${order}) as position
      ${fromClause}
      where ${whereClause(filters, visibility)}
      order by ${order}
      limit ${page.limit} offset ${page.offset})`;
}

/**
 * A search's relevance by its product's name: its tier, best first — 3: the name begins with the
 * words, 2: a word of it does (name_words, migration 0015), 1: it contains them, 0: the product
 * matches otherwise (its description, its category, a typo) — then, in tier 0 alone, how near the
 * name is to the words (word_similarity), then the shop's order. Tiers 3 to 1 keep the shop's
 * order: ranking them by similarity computed it, a few µs, for each of the thousands of names a
 * common prefix matches. relevancePage and findSuggestedProducts both rank by it
 * (docs/decisions/0024).
 */
function nameRelevance(phrase: string) {
  const escaped = escapeLike(phrase);
  const begins = sql`p.name_folded like ${`${escaped}%`}`;
  const wordBegins = sql`p.name_words like ${`% ${escaped}%`}`;
  const contains = sql`p.name_folded like ${containsPattern(phrase)}`;
  return {
    tier: sql`case when ${begins} then 3 when ${wordBegins} then 2 when ${contains} then 1 else 0 end`,
    /** Each named tier's own test, best first: none of the better ones holds, so they never overlap. */
    namedTiers: [
      begins,
      sql`${wordBegins} and not ${begins}`,
      sql`${contains} and not ${wordBegins} and not ${begins}`,
    ],
    otherwise: sql`not ${begins} and not ${wordBegins} and not ${contains}`,
    /** How near a name (`name_folded` of the row aliased `r`, or of the one table read) is to the words: tier 0's order, before the shop's. */
    similarity: (r?: 'p' | 'm') =>
      sql`word_similarity(${phrase}, ${r ? sql`${sql.identifier(r)}.name_folded` : sql`name_folded`})`,
  };
}

/**
 * A search's page by relevance (nameRelevance). A page needs the similarity only if it reaches
 * tier 0, the tier of its (offset + limit)th match: a common prefix ('sa': 3 products in 4) is
 * ranked by the shop's order of the names beginning with it, not by the similarity of the whole
 * catalogue.
 */
function relevancePage(
  filters: ProductFilters,
  visibility: Visibility,
  words: string[],
  page: PageSlice,
): SQL {
  const { tier, similarity } = nameRelevance(words.join(' '));
  const reached = page.offset + page.limit;
  return sql`matched as materialized (
      select p.id, p.sort_order, p.name_folded, ${tier} as tier
      ${fromClause}
      where ${whereClause(filters, visibility)}),
    reach as (
      select count(*) as total,
             case when count(*) filter (where tier = 3) >= ${reached} then 3
                  when count(*) filter (where tier >= 2) >= ${reached} then 2
                  when count(*) filter (where tier >= 1) >= ${reached} then 1
                  else 0 end as tier
        from matched),
    page as (
      select m.id, reach.total,
             row_number() over (order by m.tier desc,
               case when m.tier = 0 then ${similarity('m')} else 0 end desc, ${shopOrder('m')}) as position
        from matched m, reach
       where m.tier >= reach.tier
       order by position
       limit ${page.limit} offset ${page.offset})`;
}

/**
 * A page of products and the number of all that match, in one round trip. The page is chosen first
 * (filters, order, limit on the products and their categories alone, the total counted by a window
 * over the same rows); only its rows are then joined to their first image and their variants'
 * figures, which over the whole catalogue were most of a list's cost. `total` is null when the
 * page is past the end (no row to carry it).
 */
export async function findProductPage(
  db: DbOrTx,
  visibility: Visibility,
  filters: ProductFilters,
  sort: ProductSort,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number | null }> {
  return selectProductPage<ProductRow>(db, visibility, filters, sort, page, sql``);
}

export type ProductDetailRow = ProductRow & {
  variants: (typeof product_variants.$inferSelect)[];
  media: (typeof product_media.$inferSelect)[];
};

// A product page's variants (active ones) and media (ready ones), in display order, as JSON arrays
// of whole rows: the page is read in one statement.
const detailColumns = sql`,
  (select coalesce(json_agg(pv order by pv.sort_order, pv.id), '[]'::json) from product_variants pv
    where pv.product_id = p.id and pv.is_active) as variants,
  (select coalesce(json_agg(pm order by pm.sort_order, pm.id), '[]'::json) from product_media pm
    where pm.product_id = p.id and pm.status = 'ready') as media`;

/** A visible product with its active variants and ready media, in one round trip; null if none. */
export async function findProductDetail(
  db: DbOrTx,
  ref: { id: number } | { slug: string },
): Promise<ProductDetailRow | null> {
  const filters: ProductFilters = 'id' in ref ? { ids: [ref.id] } : { slug: ref.slug };
  const { rows } = await selectProductPage<ProductDetailRow>(
    db,
    'public',
    filters,
    { by: 'default', direction: 'asc' },
    { limit: 1, offset: 0 },
    detailColumns,
  );
  return rows[0] ?? null;
}

const PREPARED_SEARCH_WORDS = 3;

async function selectProductPage<Row extends ProductRow>(
  db: DbOrTx,
  visibility: Visibility,
  filters: ProductFilters,
  sort: ProductSort,
  page: PageSlice,
  extraColumns: SQL,
): Promise<{ rows: Row[]; total: number | null }> {
  return selectPage<Row>(db, visibility, filters, pageOf(filters, visibility, sort, page), extraColumns);
}

/** The rows of `page` (a `page(id, total, position)` CTE) with their category, image and variants. */
async function selectPage<Row extends ProductRow>(
  db: DbOrTx,
  visibility: Visibility,
  filters: ProductFilters,
  page: SQL,
  extraColumns: SQL,
): Promise<{ rows: Row[]; total: number | null }> {
  // Prepared (kept on each connection, planned once) in the shapes a crowd asks for again and
  // again: the shop's lists, a category's, a product, its suggestions, and searches of a few words.
  // The words are parameters: a statement's text changes only with their number, so each
  // connection keeps a few forms, never one per search typed. Longer searches and price filters,
  // rarer, are planned each time, which bounds how many forms a connection can be made to keep.
  const query =
    (filters.words?.length ?? 0) > PREPARED_SEARCH_WORDS ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined
      ? queryRows
      : queryPrepared;
  const statement = sql`
    with ${page}
    select p.id, p.slug, p.name, p.description, p.base_price, p.category_id, p.created_at, p.sort_order,
           p.is_active,
           c.name as category_name, c.slug as category_slug, c.image_key as category_image_key,
           c.image_width as category_image_width, c.image_height as category_image_height,
           c.image_widths as category_image_widths,
           parent.id as parent_id, parent.name as parent_name, parent.slug as parent_slug,
           m.id as image_id, m.path as image_path, m.widths as image_widths, m.width as image_width,
           m.height as image_height, m.alt as image_alt, m.title as image_title,
           v.variants_count, v.min_price, v.available, page.total::int as total ${extraColumns}
      from page
      join products p on p.id = page.id
      ${productCategoryJoins}
      left join lateral (
        select id, path, widths, width, height, alt, title from product_media
         where product_id = p.id and type = 'image' and status = 'ready'
         order by sort_order, id limit 1) m on true
      left join lateral (
        -- The back office counts every variant; prices and availability are what customers can buy.
        select (count(*) filter (where ${visibility === 'public' ? sql`is_active` : sql`true`}))::int as variants_count,
               (min(price) filter (where is_active))::int as min_price,
               bool_or(is_active and in_stock) as available
          from product_variants where product_id = p.id) v on true
     order by page.position`;
  const rows = await query<Row & { total: number }>(db, statement);
  return { rows: rows.map(({ total: _, ...row }) => row as unknown as Row), total: rows[0]?.total ?? null };
}

/**
 * The products the longest of `words` can match, as an array of ids, each set read through an
 * index of its own: a name or a description containing it, a category named by it, and, when
 * there are several words, a name it is near (`<%`, the names' trigram GiST index). The search's
 * own tests decide among them.
 */
function matchCandidates(words: string[]): SQL {
  const word = words.reduce((longest, w) => (w.length > longest.length ? w : longest), '');
  const like = containsPattern(word);
  // A single word's typo is a name near the whole search, which the query before this one reads;
  // with several words, one word can be near a name the phrase is not.
  const near =
    words.length > 1
      ? sql`union select id from products where ${typoCandidate(word, sql`name_folded`)}`
      : sql``;
  return sql`array(
    select id from products where name_folded like ${like}
    union select id from products where description_folded like ${like}
    union select id from products where category_id = any(${categoriesNamed(like)})
    ${near})`;
}

/**
 * The first `limit` products of a search by relevance (relevancePage's order), for the search
 * box's suggestions: no total, so no need to find every match. The tiers are asked one after the
 * other, best first, only until the suggestions are found. A name's tier implies that every word
 * matches and is read in the shop's order through the names' trigram indexes, or, beginning with
 * the words, products_name_folded_prefix_idx while PostgreSQL plans the prepared statement for
 * its values (a generic plan of `like $1` cannot read a b-tree: after five runs PostgreSQL may
 * switch to one, and the bench's EXPLAIN, run unprepared, shows only plans for the values). Tier 0 is asked in two parts that
 * follow each other in its order: the names near the words (word_similarity at least
 * TYPO_SIMILARITY), read through the names' trigram GiST index (`<%`), then the other products
 * the words match, among those matchCandidates reads. Asked as one test on every product, tier 0
 * was planned as reading them all and computing word_similarity for each (80 ms at 20 000
 * products).
 */
export async function findSuggestedProducts(
  db: DbOrTx,
  words: string[],
  limit: number,
): Promise<ProductRow[]> {
  const filters: ProductFilters = { words };
  const phrase = words.join(' ');
  const { namedTiers, otherwise, similarity } = nameRelevance(phrase);
  const near = sql`${similarity('p')} >= ${TYPO_SIMILARITY}`;
  const asked = [
    ...namedTiers.map((test) => ({
      from: fromClause,
      where: sql`${productVisible} and ${test}`,
      order: shopOrder('p'),
    })),
    {
      // Each name's similarity computed once, for the test and the order (offset 0 keeps the
      // subquery whole), a few µs for each of the hundreds of names a common word is near.
      from: sql`from (select *, ${similarity()} as similarity from products
                       where ${phrase} <% name_folded offset 0) p ${productCategoryJoins}`,
      // One word near a name matches by wordMatches' typo test: the search's other tests are then
      // asked of a word too short for a typo, or of several words, not again of each near name.
      where: sql`p.similarity >= ${TYPO_SIMILARITY} and ${otherwise} and ${
        words.length === 1
          ? sql`(char_length(${phrase}) >= ${TYPO_MIN_LENGTH} or ${whereClause(filters, 'public')})`
          : whereClause(filters, 'public')
      } and ${productVisible}`,
      order: sql`p.similarity desc, ${shopOrder('p')}`,
    },
    {
      from: fromClause,
      where: sql`p.id = any(${matchCandidates(words)}) and not ${near} and ${whereClause(filters, 'public')}
        and ${otherwise}`,
      order: sql`${similarity('p')} desc, ${shopOrder('p')}`,
    },
  ];
  const found: ProductRow[] = [];
  for (const { from, where, order } of asked) {
    if (found.length >= limit) break;
    const page = sql`page as (
      select p.id, 0 as total, row_number() over (order by ${order}) as position
      ${from}
      where ${where}
      order by ${order}
      limit ${limit - found.length})`;
    found.push(...(await selectPage<ProductRow>(db, 'public', filters, page, sql``)).rows);
  }
  return found;
}

export async function findProducts(
  db: DbOrTx,
  visibility: Visibility,
  filters: ProductFilters,
  sort: ProductSort,
  page: { limit: number; offset: number },
): Promise<ProductRow[]> {
  return (await findProductPage(db, visibility, filters, sort, page)).rows;
}

export async function countProducts(
  db: DbOrTx,
  visibility: Visibility,
  filters: ProductFilters,
): Promise<{ total: number; active: number; inactive: number }> {
  const [row] = await queryRows<{ total: number; active: number; inactive: number }>(
    db,
    sql`select count(*)::int as total,
               (count(*) filter (where p.is_active))::int as active,
               (count(*) filter (where not p.is_active))::int as inactive
          ${fromClause} where ${whereClause(filters, visibility)}`,
  );
  return row ?? { total: 0, active: 0, inactive: 0 };
}

export async function findPublicVariant(db: DbOrTx, variantId: number) {
  const [row] = await queryRows<typeof product_variants.$inferSelect>(
    db,
    sql`
    select v.* from product_variants v
      join products p on p.id = v.product_id
      ${productCategoryJoins}
     where v.id = ${variantId} and v.is_active and ${productVisible}`,
  );
  return row ?? null;
}

/** A product's media the shop shows: ready ones only (a video being converted is not). */
export function findProductMedia(db: DbOrTx, productId: number) {
  return db
    .select()
    .from(product_media)
    .where(and(eq(product_media.product_id, productId), eq(product_media.status, 'ready')))
    .orderBy(asc(product_media.sort_order), asc(product_media.id));
}

/** The category of each product and its main category (itself when it is a main one). */
export async function findProductCategories(
  db: DbOrTx,
  productIds: number[],
): Promise<{ product_id: number; category_id: number; top_category_id: number }[]> {
  if (!productIds.length) return [];
  return queryRows(
    db,
    sql`select p.id as product_id, p.category_id, coalesce(c.parent_id, c.id) as top_category_id
          from products p join categories c on c.id = p.category_id
         where p.id = any(${intArray(productIds)})`,
  );
}
