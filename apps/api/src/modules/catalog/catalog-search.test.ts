import { SEARCH_SUGGESTION_PRODUCTS } from '@souk/domain/limits';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { containsPattern, escapeLike } from '../../db/like.ts';
import { categories, products } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { addCategory, addProduct } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { searchWords } from './catalog.service.ts';

// Searches read folded copies of the names and descriptions that the database keeps (migration
// 0014), and rank a page by tiers (catalog.repository.ts, relevancePage): what they find and in
// which order must be what folding every row on each search found.
describe.each(engines)('catalogue search on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const soins = await addCategory(t.db, { name: 'Soins naturels' });
    const savons = await addCategory(t.db, { name: 'Savons du hammam', parent_id: soins.id });
    const parfums = await addCategory(t.db, { name: 'Parfums' });
    const names = [
      'Savon noir à l’eucalyptus',
      'Savon au lait d’ânesse',
      'Sauvage des sables',
      'Huile de savonnier',
      'Santal précieux',
      'Crème au savon doux',
      'Eau de savon',
      'Savane ambrée',
      'Beurre de karité',
      'Musc blanc',
      'Rose de Damas',
      'Sava',
      'Gel savon-noir',
      'Promo %% douceur',
    ];
    for (const [i, name] of names.entries())
      await addProduct(t.db, {
        name,
        category_id: [savons.id, parfums.id, soins.id][i % 3] as number,
        base_price: 1000 + ((i * 7) % 5) * 500,
        sort_order: i % 4,
        description: i % 2 ? `Préparé à la main, parfum ${i}.` : 'Une savonnette douce.',
      });
  });
  afterAll(() => t?.close());

  const search = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { products: { id: number; name: string }[]; pagination: { total: number } };
  };

  /**
   * The visible products matching `q` by relevance, as a search found them before migration 0014,
   * ranked by nameRelevance's rule written plainly.
   */
  async function reference(q: string): Promise<number[]> {
    const words = searchWords(q);
    const phrase = words.join(' ');
    const matches = words.map((word) => {
      const like = containsPattern(word);
      const contains = sql`(f_fold(p.name) like ${like} or f_fold(c.name) like ${like} or f_fold(p.description) like ${like}
        or f_fold(coalesce(parent.name, '')) like ${like})`;
      return word.length >= 3
        ? sql`(${contains} or word_similarity(${word}, f_fold(p.name)) >= ${0.35})`
        : contains;
    });
    // Tiers by the name: it begins with the words, a word of it does (the words one after the
    // other, whatever marks separate them; a search of marks alone has no words), it contains
    // them, or not.
    const wordsBegin = words.every((word) => /^[\p{L}\p{N}]+$/u.test(word))
      ? sql`f_fold(p.name) ~ ${`(^|[^[:alnum:]])${words.join('[^[:alnum:]]+')}`}`
      : sql`false`;
    const tier = sql`(case when f_fold(p.name) like ${`${escapeLike(phrase)}%`} then 3
      when ${wordsBegin} then 2
      when f_fold(p.name) like ${containsPattern(phrase)} then 1 else 0 end)`;
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`select p.id from products p join categories c on c.id = p.category_id
            left join categories parent on parent.id = c.parent_id
           where p.is_active and c.is_active and (parent.id is null or parent.is_active)
             and ${sql.join(matches, sql` and `)}
           order by ${tier} desc,
                    case when ${tier} = 0 then word_similarity(${phrase}, f_fold(p.name)) else 0 end desc,
                    p.sort_order, p.id`,
    );
    return rows.map((r) => r.id);
  }

  it.each([
    'sa',
    'sav',
    'savon',
    'SAVON noir',
    'savonnette',
    'noir a l',
    // The longest word a typo of a name the phrase as a whole is not near (0.34), the other words
    // in that product's description only: found among the last step's candidates, by the typo.
    'eucalyptsu savonnette douce',
    'ane',
    'eucalyptus',
    'ambre',
    'parfum',
    'hammam',
    'crme',
    'zz',
    '%%',
  ])('finds %s as folding every row did, ranked by the tiers of the name, page after page', async (q) => {
    const expected = await reference(q);
    const whole = await search(`search=${encodeURIComponent(q)}&per_page=100`);
    expect(whole.products.map((p) => p.id)).toEqual(expected);
    expect(whole.pagination.total).toBe(expected.length);
    // Pages of 2 reach the lower tiers one after the other: together they are the same order.
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 2); page += 1) {
      const { products: rows, pagination } = await search(
        `search=${encodeURIComponent(q)}&per_page=2&page=${page}`,
      );
      expect(pagination.total).toBe(expected.length);
      paged.push(...rows.map((p) => p.id));
    }
    expect(paged).toEqual(expected);
    // The search box's suggestions are the same search's first products, without its total.
    const suggested = await t.app.inject({
      method: 'GET',
      url: `/api/search/suggestions?search=${encodeURIComponent(q)}`,
    });
    expect(suggested.statusCode).toBe(200);
    expect(suggested.json().data.products.map((p: { id: number }) => p.id)).toEqual(
      expected.slice(0, SEARCH_SUGGESTION_PRODUCTS),
    );
  });

  it('refuses suggestions for fewer than 2 characters, in French', async () => {
    for (const q of ['', 's', '  s  ']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search/suggestions?search=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode, q).toBe(422);
      expect(res.json().message, q).toMatch(/au moins 2 caractères/);
    }
  });

  it('finds a product by its new name and description, no longer by the old ones', async () => {
    const { product } = await addProduct(t.db, {
      name: 'Baume au nila',
      category_id: (await addCategory(t.db, { name: 'Baumes' })).id,
      base_price: 2500,
      description: 'Un baume à la cire d’abeille.',
    });
    const found = async (q: string) =>
      (await search(`search=${encodeURIComponent(q)}`)).products.some((p) => p.id === product.id);
    expect(await found('nila')).toBe(true);
    await t.db
      .update(products)
      .set({ name: 'Onguent à l’indigo', description: 'Une pommade au beurre de mangue.' })
      .where(eq(products.id, product.id));
    expect(await found('indigo')).toBe(true);
    expect(await found('mangue')).toBe(true);
    expect(await found('nila')).toBe(false);
    expect(await found('abeille')).toBe(false);
  });

  it("finds a product by its category's and its parent's new names, no longer by the old ones", async () => {
    const parent = await addCategory(t.db, { name: 'Épices' });
    const child = await addCategory(t.db, { name: 'Poivres', parent_id: parent.id });
    const { product } = await addProduct(t.db, {
      name: 'Grains noirs',
      category_id: child.id,
      base_price: 900,
    });
    const found = async (q: string) =>
      (await search(`search=${encodeURIComponent(q)}`)).products.some((p) => p.id === product.id);
    expect(await found('poivres')).toBe(true);
    expect(await found('epices')).toBe(true);
    await t.db.update(categories).set({ name: 'Piments' }).where(eq(categories.id, child.id));
    await t.db.update(categories).set({ name: 'Condiments' }).where(eq(categories.id, parent.id));
    expect(await found('piments')).toBe(true);
    expect(await found('condiments')).toBe(true);
    expect(await found('poivres')).toBe(false);
    expect(await found('epices')).toBe(false);
  });
});
