import type { Cart } from '@souk/domain/cart';
import { CART_CHANGED } from '@souk/domain/cart-changes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, product_variants } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { cartLines, putInCart } from '../../test/cart-fixtures.ts';
import { addProduct, seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

// ADR 0037, 'the price she saw is the price she pays': the cart page sends the cart as it showed
// it with 'Commander'; a cart that changed since (a price, a quantity, a line, all of it ordered
// from another tab) is refused with what changed, and nothing is ordered.

type Json = Record<string, unknown>;
type Headers = Record<string, string>;

// formatFcfa's spaces: narrow no-break inside a number, no-break before FCFA.
const fr = (text: string) => text.replace(/(\d) (\d)/g, '$1\u202f$2').replace(' FCFA', '\u00a0FCFA');

/** What the cart page sends: its lines as shown and the total it showed. */
const shownOf = (cart: Cart) => ({
  lines: cart.items.map((i) => ({
    product_id: i.product_id,
    variant_id: i.variant_id,
    quantity: i.quantity,
    unit_price: i.unit_price,
  })),
  total_amount: cart.summary.total_price,
});

describe.each(engines)('the cart as she was shown it, at checkout, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let c: Awaited<ReturnType<typeof seedCatalog>>;
  let admin: Headers;
  let products = 0;

  beforeAll(async () => {
    // The order limits as shipped per account; three refusals per address, so a refusal counted
    // there would show at once.
    t = await createTestApp(engine, { orderRateLimits: { perIp: { max: 3, windowMs: 60_000 } } });
    c = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());

  let addresses = 0;
  /** Each test from its own address, so none fills another's count of refusals. */
  const newAddress = () => `198.51.100.${++addresses}`;

  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: Json,
    headers: Headers = {},
    ip?: string,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers,
      ...(body ? { payload: body } : {}),
      ...(ip ? { remoteAddress: ip } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const cartOf = async (headers: Headers) =>
    (await call('GET', '/api/cart', undefined, headers)).body.data as Cart;

  /** A soap of its own (250 g at 2 500, 5 in stock), so no test sees another's price change. */
  const newSoap = async () => {
    products += 1;
    const p = await addProduct(
      t.db,
      { name: `Savon noir ${products}`, category_id: c.cremes.id, base_price: 2000 },
      [{ name: '250 g', price: 2500, stock_quantity: 5 }],
    );
    return { id: p.product.id, name: p.product.name, variant: (p.variants[0] as { id: number }).id };
  };
  const stockOf = async (id: number) =>
    (await t.db.select().from(product_variants).where(eq(product_variants.id, id)))[0]?.stock_quantity;
  const ordersOf = (userId: number) => t.db.select().from(orders).where(eq(orders.user_id, userId));

  it('refuses an order whose price the owner changed since the cart was shown: nothing ordered, stock and cart kept', async () => {
    const soap = await newSoap();
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: soap.id, variantId: soap.variant, quantity: 1 });
    await putInCart(t.db, { userId: user.id }, { productId: c.nuit.product.id, quantity: 1 });
    const shown = shownOf(await cartOf(auth));
    expect(shown.total_amount).toBe(2500 + 12000);

    const changed = await call(
      'PUT',
      `/api/admin/products/${soap.id}/variants/${soap.variant}`,
      { price: 4000 },
      admin,
    );
    expect(changed.status).toBe(200);

    const refused = await call('POST', '/api/orders', { expected: shown }, auth, newAddress());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      message: CART_CHANGED,
      errors: {
        cart: [
          fr(`Le prix de « ${soap.name} – 250 g » est passé de 2 500 à 4 000 FCFA`),
          fr('Nouveau total : 16 000 FCFA'),
        ],
      },
    });
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await stockOf(soap.variant)).toBe(5);
    expect(await cartLines(t.db, { userId: user.id })).toEqual([
      { product_id: soap.id, variant_id: soap.variant, quantity: 1 },
      { product_id: c.nuit.product.id, variant_id: null, quantity: 1 },
    ]);

    // The page reloaded shows the new prices: what it sends now orders, at the new total.
    const again = await call(
      'POST',
      '/api/orders',
      { expected: shownOf(await cartOf(auth)) },
      auth,
      newAddress(),
    );
    expect(again.status).toBe(201);
    expect(again.body.data.order.total_amount).toBe(16000);
    expect(await stockOf(soap.variant)).toBe(4);
  });

  it('refuses a product price changed since, on a product without variants', async () => {
    const { product } = await addProduct(t.db, {
      name: 'Beurre de karité',
      category_id: c.cremes.id,
      base_price: 3000,
    });
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: product.id, quantity: 2 });
    const shown = shownOf(await cartOf(auth));
    expect((await call('PUT', `/api/admin/products/${product.id}`, { base_price: 2800 }, admin)).status).toBe(
      200,
    );

    const refused = await call('POST', '/api/orders', { expected: shown }, auth, newAddress());
    expect(refused.status).toBe(409);
    expect(refused.body.errors.cart).toEqual([
      fr('Le prix de « Beurre de karité » est passé de 3 000 à 2 800 FCFA'),
      fr('Nouveau total : 5 600 FCFA'),
    ]);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('refuses the order of tab A after tab B raised a quantity and added a line', async () => {
    const soap = await newSoap();
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: soap.id, variantId: soap.variant, quantity: 1 });
    const tabA = shownOf(await cartOf(auth));

    // Tab B: one more soap, and a cream.
    const line = (await cartOf(auth)).items[0]?.id as number;
    expect((await call('PUT', `/api/cart/${line}`, { quantity: 3 }, auth)).status).toBe(200);
    expect((await call('POST', '/api/cart', { product_id: c.nuit.product.id }, auth)).status).toBe(200);

    const refused = await call('POST', '/api/orders', { expected: tabA }, auth, newAddress());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CART_CHANGED);
    expect(refused.body.errors.cart).toEqual([
      `La quantité de « ${soap.name} – 250 g » est passée de 1 à 3`,
      '« Crème de nuit au figuier » a été ajouté à votre panier',
      fr('Nouveau total : 19 500 FCFA'),
    ]);
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await stockOf(soap.variant)).toBe(5);
  });

  it('tells a stale tab its lines are gone once the cart was ordered from another tab, never that it is empty', async () => {
    const soap = await newSoap();
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: soap.id, variantId: soap.variant, quantity: 2 });
    await putInCart(
      t.db,
      { userId: user.id },
      { productId: c.argan.product.id, variantId: c.argan.variants[0]?.id },
    );
    const shown = shownOf(await cartOf(auth));

    const placed = await call('POST', '/api/orders', { expected: shown }, auth, newAddress());
    expect(placed.status).toBe(201);
    const stale = await call('POST', '/api/orders', { expected: shown }, auth, newAddress());
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      message: CART_CHANGED,
      errors: {
        cart: [
          `« ${soap.name} – 250 g » n'est plus dans votre panier`,
          "« Crème hydratante à l'argan – 50 ml » n'est plus dans votre panier",
        ],
      },
    });
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await stockOf(soap.variant)).toBe(3);
  });

  it('tells a guest’s stale tab the same, her cart emptied or never known', async () => {
    const soap = await newSoap();
    const sessionId = `cart-snapshot-${engine}-${Date.now()}`;
    await putInCart(t.db, { sessionId }, { productId: soap.id, variantId: soap.variant });
    const shown = shownOf(await cartOf({ 'x-session-id': sessionId }));
    const guest = (session_id: string) => ({
      name: 'Client invité',
      whatsapp_phone: '77 123 45 67',
      session_id,
      expected: shown,
    });
    expect((await call('POST', '/api/orders/guest', guest(sessionId), {}, newAddress())).status).toBe(201);
    for (const session of [sessionId, `${sessionId}-inconnu`]) {
      const stale = await call('POST', '/api/orders/guest', guest(session), {}, newAddress());
      expect(stale.status).toBe(409);
      expect(stale.body.errors.cart).toEqual([`« ${soap.name} – 250 g » n'est plus dans votre panier`]);
    }
  });

  it('orders a cart as it was shown (201), and orders without a shown cart at the server’s prices (API clients)', async () => {
    const soap = await newSoap();
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: soap.id, variantId: soap.variant, quantity: 2 });
    const same = await call(
      'POST',
      '/api/orders',
      { expected: shownOf(await cartOf(auth)) },
      auth,
      newAddress(),
    );
    expect(same.status).toBe(201);
    expect(same.body.data.order.total_amount).toBe(5000);

    await putInCart(t.db, { userId: user.id }, { productId: soap.id, variantId: soap.variant, quantity: 1 });
    await call('PUT', `/api/admin/products/${soap.id}/variants/${soap.variant}`, { price: 4000 }, admin);
    const without = await call('POST', '/api/orders', { notes: 'Sans panier affiché' }, auth, newAddress());
    expect(without.status).toBe(201);
    expect(without.body.data.order.total_amount).toBe(4000);
  });

  it('refuses a shown cart out of bounds (422) before any rule runs', async () => {
    const { auth } = await signedInUser(t.db);
    const res = await call(
      'POST',
      '/api/orders',
      { expected: { lines: [{ product_id: 1, quantity: 0, unit_price: 100 }], total_amount: 100 } },
      auth,
      newAddress(),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors['expected.lines.0.quantity']).toEqual(['La quantité doit être au moins 1']);
  });

  it('does not count her cart-changed refusals against her address or her account: she still orders', async () => {
    const soap = await newSoap();
    const { user, auth } = await signedInUser(t.db);
    await putInCart(t.db, { userId: user.id }, { productId: soap.id, variantId: soap.variant, quantity: 1 });
    const stale = { ...shownOf(await cartOf(auth)), total_amount: 1 };
    const ip = newAddress();
    // Eight refusals from one address, over its 3 refusals and her account's 5 orders an hour.
    for (let i = 0; i < 8; i += 1) {
      const refused = await call('POST', '/api/orders', { expected: stale }, auth, ip);
      expect(refused.status).toBe(409);
    }
    const placed = await call('POST', '/api/orders', { expected: shownOf(await cartOf(auth)) }, auth, ip);
    expect(placed.status).toBe(201);
  });
});
