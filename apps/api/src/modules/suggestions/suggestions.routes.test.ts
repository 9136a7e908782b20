import type { OrderStatus } from '@souk/domain/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_items, orders } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

type Summary = { id: number; name: string; category: { id: number; parent: { id: number } | null } };
type Sets = Record<
  | 'complementary'
  | 'frequently_bought_together'
  | 'similar_products'
  | 'popular_products'
  | 'recent_products',
  Summary[]
>;

describe.each(engines)('cart suggestions API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let c: Awaited<ReturnType<typeof seedCatalog>>;
  let sessions = 0;
  let orderCount = 0;
  const newSession = () => `suggest-session-${engine}-${++sessions}`;

  /** An order straight in the database: `lines` are [productId, quantity]. */
  const placeOrder = async (lines: [number, number][], status: OrderStatus = 'en_attente') => {
    orderCount += 1;
    const [order] = await t.db
      .insert(orders)
      .values({
        order_number: `CMD-TEST-${engine}-${orderCount}`,
        status,
        total_amount: 1000,
        total_items: lines.reduce((sum, [, q]) => sum + q, 0),
        contact_name: 'Awa',
      })
      .returning();
    if (!order) throw new Error('order not inserted');
    await t.db.insert(order_items).values(
      lines.map(([productId, quantity]) => ({
        order_id: order.id,
        product_id: productId,
        product_name: `Produit ${productId}`,
        unit_price: 1000,
        quantity,
        total_price: 1000 * quantity,
      })),
    );
  };

  const suggestions = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/suggestions/cart', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.success).toBe(true);
    return body.data as Sets;
  };
  const ids = (list: Summary[]) => list.map((p) => p.id);
  const allIds = (sets: Sets) => Object.values(sets).flatMap(ids);
  const topOf = (p: Summary) => p.category.parent?.id ?? p.category.id;

  beforeAll(async () => {
    t = await createTestApp(engine);
    c = await seedCatalog(t.db);
    const [n0, n1, n2] = c.numbered;
    if (!n0 || !n1 || !n2) throw new Error('numbered products missing');
    // nuit+lait were bought together twice; nuit with n0 and with n1 once each.
    await placeOrder([
      [c.nuit.product.id, 1],
      [c.lait.product.id, 1],
    ]);
    await placeOrder([
      [c.nuit.product.id, 2],
      [c.lait.product.id, 1],
      [n0.product.id, 1],
    ]);
    await placeOrder([
      [c.nuit.product.id, 1],
      [n1.product.id, 3],
    ]);
    // Inactive products and cancelled orders never count.
    await placeOrder([
      [c.nuit.product.id, 1],
      [c.ambre.product.id, 50],
    ]);
    await placeOrder(
      [
        [c.nuit.product.id, 1],
        [n2.product.id, 1],
      ],
      'annulée',
    );
  });
  afterAll(() => t?.close());

  it('suggests the products bought in the same orders first, never the cart items', async () => {
    const session = newSession();
    await putInCart(t.db, { sessionId: session }, { productId: c.nuit.product.id, quantity: 1 });
    const sets = await suggestions({ 'x-session-id': session });

    expect(ids(sets.frequently_bought_together)).toEqual([
      c.lait.product.id,
      c.numbered[1]?.product.id,
      c.numbered[0]?.product.id,
    ]);
    expect(allIds(sets)).not.toContain(c.nuit.product.id);
  });

  it('ranks bought-together by shared orders across every cart product and excludes them all', async () => {
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: c.nuit.product.id });
    await putInCart(t.db, { userId: user.id }, { productId: c.lait.product.id });
    const sets = await suggestions(auth);

    expect(ids(sets.frequently_bought_together)).toEqual([
      c.numbered[1]?.product.id,
      c.numbered[0]?.product.id,
    ]);
    const everything = allIds(sets);
    expect(everything).not.toContain(c.nuit.product.id);
    expect(everything).not.toContain(c.lait.product.id);
  });

  it('suggests only active products, each in one set at most', async () => {
    const session = newSession();
    await putInCart(t.db, { sessionId: session }, { productId: c.nuit.product.id });
    const sets = await suggestions({ 'x-session-id': session });
    const everything = allIds(sets);
    for (const hidden of [c.ambre, c.masque, c.archived]) expect(everything).not.toContain(hidden.product.id);
    expect(new Set(everything).size).toBe(everything.length);
  });

  it('takes similar products from the cart subcategories and complements from other main categories', async () => {
    const session = newSession();
    await putInCart(t.db, { sessionId: session }, { productId: c.argan.product.id });
    const sets = await suggestions({ 'x-session-id': session });

    // argan is a Crème: the other active Crème comes first, then the same main category.
    expect(sets.similar_products[0]?.id).toBe(c.nuit.product.id);
    expect(sets.similar_products.every((p) => topOf(p) === c.soins.id)).toBe(true);
    expect(sets.complementary.length).toBeGreaterThan(0);
    expect(sets.complementary.length).toBeLessThanOrEqual(4);
    expect(sets.complementary.every((p) => topOf(p) !== c.soins.id)).toBe(true);
    // The most ordered product outside Soins (n1: 3 units) leads the complements.
    expect(sets.complementary[0]?.id).toBe(c.numbered[1]?.product.id);
  });

  it('gives an empty cart the most ordered and the newest products only', async () => {
    const sets = await suggestions();
    expect(sets.frequently_bought_together).toEqual([]);
    expect(sets.similar_products).toEqual([]);
    expect(sets.complementary).toEqual([]);
    // Units ordered: nuit 6, n1 3, lait 2 (ambre, 50, is inactive).
    expect(ids(sets.popular_products).slice(0, 3)).toEqual([
      c.nuit.product.id,
      c.numbered[1]?.product.id,
      c.lait.product.id,
    ]);
    expect(sets.popular_products).toHaveLength(4);
    expect(sets.recent_products.length).toBeGreaterThan(0);
    expect(sets.recent_products.length).toBeLessThanOrEqual(4);
    const created = sets.recent_products.map((p) =>
      Date.parse((p as unknown as { created_at: string }).created_at),
    );
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });
});
