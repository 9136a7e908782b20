import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_items, order_status_history, orders, product_variants, products } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { cartLines, putInCart } from '../../test/cart-fixtures.ts';
import { addProduct, seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { describeOnPostgres } from '../../test/describe-on-postgres.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

type Json = Record<string, unknown>;
const NO_ORDER_LIMITS = { perIdentifier: { max: 1_000_000 }, perIp: { max: 1_000_000 } };

describe.each(engines)('orders API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let c: Awaited<ReturnType<typeof seedCatalog>>;
  let sessions = 0;
  const newSession = () => `order-session-${engine}-${++sessions}`;

  beforeAll(async () => {
    // Every call comes from one address here: the order limits (ADR 0012) are tested apart.
    t = await createTestApp(engine, { orderRateLimits: NO_ORDER_LIMITS });
    c = await seedCatalog(t.db);
  });
  afterAll(() => t?.close());

  const call = async (method: 'GET' | 'POST', url: string, body?: Json, headers = {}) => {
    const res = await t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const v100 = () => c.argan.variants[1]?.id as number;
  const stockOf = async (id: number) =>
    (await t.db.select().from(product_variants).where(eq(product_variants.id, id)))[0]?.stock_quantity;
  const setStock = (id: number, stock: number | null) =>
    t.db.update(product_variants).set({ stock_quantity: stock }).where(eq(product_variants.id, id));

  it('requires a signed-in user', async () => {
    expect((await call('POST', '/api/orders', {})).status).toBe(401);
    expect((await call('GET', '/api/orders')).status).toBe(401);
  });

  it('refuses an empty cart', async () => {
    const { auth } = await signedInUser(t.db);
    const res = await call('POST', '/api/orders', {}, auth);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: 'Votre panier est vide' });
  });

  it('turns the cart into an order: server prices, stock down, snapshot, history, empty cart', async () => {
    await setStock(v100(), 4);
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: c.nuit.product.id, quantity: 2 });
    await putInCart(
      t.db,
      { userId: user.id },
      { productId: c.argan.product.id, variantId: v100(), quantity: 1 },
    );

    const res = await call(
      'POST',
      '/api/orders',
      {
        notes: 'Livraison le soir',
        total_amount: 1,
        status: 'disponible',
        user_id: 999,
        price: 1,
        items: [{ product_id: c.nuit.product.id, unit_price: 1, quantity: 50 }],
        order_number: 'CMD-PIRATE',
      },
      auth,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Commande créée avec succès');
    const order = res.body.data.order;
    expect(order).toMatchObject({
      order_number: expect.stringMatching(/^CMD-\d{8}-\d{4,}$/),
      status: 'en_attente',
      total_amount: 2 * 12000 + 14000,
      total_items: 3,
      notes: 'Livraison le soir',
      items_summary: { items_count: 2, total_items: 3 },
      summary: { total_items: 3, total_amount: 38000 },
    });
    expect(order.items).toEqual([
      expect.objectContaining({
        product_id: c.nuit.product.id,
        product_name: 'Crème de nuit au figuier',
        variant_name: null,
        sku: null,
        unit_price: 12000,
        price: 12000,
        quantity: 2,
        total_price: 24000,
      }),
      expect.objectContaining({
        product_name: "Crème hydratante à l'argan",
        variant_name: '100 ml',
        sku: expect.stringMatching(/^SKU-/),
        unit_price: 14000,
        quantity: 1,
        total_price: 14000,
      }),
    ]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      user_id: user.id,
      status: 'en_attente',
      total_amount: 38000,
      contact_name: user.name,
    });
    expect(await stockOf(v100())).toBe(3);
    expect(await cartLines(t.db, { userId: user.id })).toEqual([]);
    const history = await t.db
      .select()
      .from(order_status_history)
      .where(eq(order_status_history.order_id, order.id));
    expect(history).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'en_attente', changed_by: user.id }),
    ]);
    const items = await t.db.select().from(order_items).where(eq(order_items.order_id, order.id));
    expect(items).toHaveLength(2);
  });

  it('keeps the snapshot when the catalogue changes later', async () => {
    const { user, auth } = await signedInUser(t.db);
    const p = await addProduct(t.db, { name: 'Savon noir', category_id: c.cremes.id, base_price: 2500 }, [
      { name: '250 g', price: 3000 },
    ]);
    const variant = p.variants[0] as NonNullable<(typeof p.variants)[number]>;
    await putInCart(
      t.db,
      { userId: user.id },
      { productId: p.product.id, variantId: variant.id, quantity: 2 },
    );
    const res = await call('POST', '/api/orders', {}, auth);
    expect(res.status).toBe(201);
    const ordered = {
      product_id: p.product.id,
      product_name: 'Savon noir',
      variant_name: '250 g',
      sku: variant.sku,
      unit_price: 3000,
      quantity: 2,
      total_price: 6000,
    };
    expect(res.body.data.order.items).toEqual([expect.objectContaining(ordered)]);

    // Everything the order line was made of changes afterwards.
    await t.db
      .update(products)
      .set({ name: 'Savon noir renommé', base_price: 9900 })
      .where(eq(products.id, p.product.id));
    await t.db
      .update(product_variants)
      .set({ name: '500 g', sku: 'SKU-CHANGE', price: 1 })
      .where(eq(product_variants.id, variant.id));

    const again = await call('GET', `/api/orders/${res.body.data.order.id}`, undefined, auth);
    expect(again.body.data.order.items).toEqual([expect.objectContaining(ordered)]);
    expect(again.body.data.order.total_amount).toBe(6000);
    const listed = await call('GET', '/api/orders', undefined, auth);
    expect(listed.body.data.orders[0].items).toEqual([expect.objectContaining(ordered)]);
  });

  it('merges the guest cart sent as session_id before ordering', async () => {
    const { user, auth } = await signedInUser(t.db);
    const sessionId = newSession();
    await putInCart(t.db, { sessionId }, { productId: c.lait.product.id, quantity: 2 });
    await putInCart(t.db, { userId: user.id }, { productId: c.lait.product.id, quantity: 1 });
    const res = await call('POST', '/api/orders', { session_id: sessionId }, auth);
    expect(res.status).toBe(201);
    expect(res.body.data.order.items).toEqual([
      expect.objectContaining({ product_name: 'Lait corporel à la rose', quantity: 3 }),
    ]);
    expect(res.body.data.order.total_amount).toBe(18000);
    expect(await cartLines(t.db, { sessionId })).toEqual([]);
  });

  it('refuses with 409 naming the item when stock ran out, creating nothing and keeping the cart', async () => {
    await setStock(v100(), 4);
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: c.lait.product.id, quantity: 1 });
    await putInCart(
      t.db,
      { userId: user.id },
      { productId: c.argan.product.id, variantId: v100(), quantity: 3 },
    );
    await setStock(v100(), 2);
    const before = (await t.db.select().from(orders)).length;
    const res = await call('POST', '/api/orders', {}, auth);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "Stock insuffisant pour « Crème hydratante à l'argan – 100 ml » : 2 disponible(s)",
    );
    expect((await t.db.select().from(orders)).length).toBe(before);
    expect(await stockOf(v100())).toBe(2);
    expect(await cartLines(t.db, { userId: user.id })).toHaveLength(2);
  });

  it('refuses with 409 a line whose product was withdrawn', async () => {
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: c.ambre.product.id, quantity: 1 });
    const res = await call('POST', '/api/orders', {}, auth);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("« Ambre nuit » n'est plus disponible");
  });

  it('lists the caller’s orders newest first with items; another user’s order is 404', async () => {
    const { user, auth } = await signedInUser(t.db);
    const ids: number[] = [];
    for (const quantity of [1, 2]) {
      await putInCart(t.db, { userId: user.id }, { productId: c.nuit.product.id, quantity });
      ids.push((await call('POST', '/api/orders', {}, auth)).body.data.order.id);
    }
    const list = await call('GET', '/api/orders', undefined, auth);
    expect(list.status).toBe(200);
    expect(list.body.data.orders.map((o: { id: number }) => o.id)).toEqual([ids[1], ids[0]]);
    expect(list.body.data.orders[0].items).toEqual([
      expect.objectContaining({ quantity: 2, total_price: 24000 }),
    ]);

    const one = await call('GET', `/api/orders/${ids[0]}`, undefined, auth);
    expect(one.body.data.order).toMatchObject({ id: ids[0], total_amount: 12000 });

    const stranger = await signedInUser(t.db);
    const theirs = await call('GET', `/api/orders/${ids[0]}`, undefined, stranger.auth);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ success: false, message: 'Commande non trouvée' });
    expect((await call('GET', '/api/orders/999999', undefined, auth)).status).toBe(404);
    expect((await call('GET', '/api/orders', undefined, stranger.auth)).body.data.orders).toEqual([]);
  });

  it('says what the caller has paid: her paid orders, a paid order cancelled since (refunded) aside', async () => {
    const { user, auth } = await signedInUser(t.db);
    const paidAt = '2026-11-20T10:00:00.000Z';
    const line = (unit_price: number) => [{ product_name: 'Savon noir', unit_price, quantity: 1 }];
    await addOrder(t.db, { user_id: user.id, status: 'disponible', paid_at: paidAt, items: line(12_000) });
    await addOrder(t.db, { user_id: user.id, status: 'en_attente', paid_at: paidAt, items: line(5_000) });
    // Ordered but not paid yet: not paid.
    await addOrder(t.db, { user_id: user.id, status: 'acceptée', items: line(30_000) });
    await addOrder(t.db, { user_id: user.id, status: 'annulée', paid_at: paidAt, items: line(8_000) });
    // Someone else's.
    await addOrder(t.db, { status: 'disponible', paid_at: paidAt, items: line(50_000) });
    const list = await call('GET', '/api/orders', undefined, auth);
    expect(list.body.data.orders).toHaveLength(4);
    expect(list.body.data.total_paid).toBe(17_000);
    expect(
      (await call('GET', '/api/orders', undefined, (await signedInUser(t.db)).auth)).body.data.total_paid,
    ).toBe(0);
  });

  it('creates a guest order from the guest cart, ignoring smuggled fields', async () => {
    const sessionId = newSession();
    await putInCart(
      t.db,
      { sessionId },
      { productId: c.argan.product.id, variantId: c.argan.variants[0]?.id, quantity: 2 },
    );
    const res = await call('POST', '/api/orders/guest', {
      name: 'Client invité',
      whatsapp_phone: '77 111 22 33',
      email: 'invite@exemple.sn',
      notes: 'Appeler avant',
      session_id: sessionId,
      total_amount: 5,
      status: 'annulée',
      user_id: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.order).toMatchObject({
      status: 'en_attente',
      total_amount: 17000,
      contact: { name: 'Client invité', phone: '+221771112233', email: 'invite@exemple.sn' },
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.body.data.order.id));
    expect(row?.user_id).toBeNull();
    expect(await cartLines(t.db, { sessionId })).toEqual([]);

    const again = await call('POST', '/api/orders/guest', {
      name: 'Client invité',
      whatsapp_phone: '221771112233',
      session_id: sessionId,
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Votre panier est vide');
    const missing = await call('POST', '/api/orders/guest', { name: 'X y', whatsapp_phone: '221771112233' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.session_id).toEqual(['Le panier est introuvable (session manquante)']);
  });

  it('numbers orders 9998 to 10002 of one day distinctly and in full', async () => {
    await t.db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), 9997)`);
    const { user, auth } = await signedInUser(t.db);
    const numbers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      await putInCart(t.db, { userId: user.id }, { productId: c.nuit.product.id, quantity: 1 });
      const res = await call('POST', '/api/orders', {}, auth);
      expect(res.status).toBe(201);
      numbers.push(res.body.data.order.order_number);
    }
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(numbers).toEqual([9998, 9999, 10000, 10001, 10002].map((id) => `CMD-${day}-${id}`));
  });
});

// The race needs real concurrent connections: PGlite has only one, so it cannot happen there.
describeOnPostgres('concurrent checkout on postgres', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('postgres', { orderRateLimits: NO_ORDER_LIMITS });
  });
  afterAll(() => t?.close());

  it('sells the last 5 units exactly once among 20 simultaneous buyers', async () => {
    const c = await seedCatalog(t.db);
    const p = await addProduct(t.db, { name: 'Huile rare', category_id: c.cremes.id, base_price: 9000 }, [
      { name: '10 ml', price: 9000, stock_quantity: 5 },
    ]);
    const variantId = p.variants[0]?.id as number;
    const buyers = [];
    for (let i = 0; i < 20; i += 1) {
      const buyer = await signedInUser(t.db);
      await putInCart(t.db, { userId: buyer.user.id }, { productId: p.product.id, variantId, quantity: 1 });
      buyers.push(buyer);
    }
    const results = await Promise.all(
      buyers.map((b) => t.app.inject({ method: 'POST', url: '/api/orders', headers: b.auth, payload: {} })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('Stock insuffisant pour « Huile rare – 10 ml » : 0 disponible(s)');
    }
    const [variant] = await t.db.select().from(product_variants).where(eq(product_variants.id, variantId));
    expect(variant?.stock_quantity).toBe(0);
    const sold = await t.db.select().from(order_items).where(eq(order_items.variant_id, variantId));
    expect(sold.reduce((n, i) => n + i.quantity, 0)).toBe(5);
    const numbers = results.filter((r) => r.statusCode === 201).map((r) => r.json().data.order.order_number);
    expect(new Set(numbers).size).toBe(5);
    for (const [i, b] of buyers.entries()) {
      const lines = await cartLines(t.db, { userId: b.user.id });
      expect(lines).toEqual(
        statuses[i] === 201 ? [] : [{ product_id: p.product.id, variant_id: variantId, quantity: 1 }],
      );
    }
  });
});
