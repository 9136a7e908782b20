import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { cartLines, putInCart } from '../../test/cart-fixtures.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addUser, PASSWORD, sessionFor, signedInUser } from '../../test/user-fixtures.ts';

type Json = Record<string, unknown>;

describe.each(engines)('cart API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let c: Awaited<ReturnType<typeof seedCatalog>>;
  let sessionCounter = 0;
  const newSession = () => `guest-session-${engine}-${++sessionCounter}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    c = await seedCatalog(t.db);
  });
  afterAll(() => t?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: Json, headers = {}) => {
    const res = await t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const guest = (sessionId: string) => ({ 'x-session-id': sessionId });
  const variant = (i: number) => {
    const v = c.argan.variants[i];
    if (!v) throw new Error('variant missing');
    return v;
  };

  it('gives a new guest an empty cart and a session id', async () => {
    const res = await call('GET', '/api/cart');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      items: [],
      summary: { total_items: 0, total_price: 0, items_count: 0 },
      session_id: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
      notes: null,
    });
  });

  it('adds a product, prices it from the database, and adds to the same line', async () => {
    const added = await call('POST', '/api/cart', {
      product_id: c.nuit.product.id,
      quantity: 2,
      price: 1,
      unit_price: 1,
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Produit ajouté au panier');
    const sessionId = added.body.data.session_id;
    expect(sessionId).toEqual(expect.any(String));
    expect(added.body.data.cart_item).toMatchObject({
      product: { id: c.nuit.product.id, name: 'Crème de nuit au figuier', slug: 'creme-de-nuit-au-figuier' },
      variant: null,
      unit_price: 12000,
      quantity: 2,
      total_price: 24000,
    });
    expect(added.body.data.cart_item.product.image_main).toMatch(/^\/media\//);

    const again = await call(
      'POST',
      '/api/cart',
      { product_id: c.nuit.product.id, variant_id: null },
      guest(sessionId),
    );
    expect(again.body.data.cart_item).toMatchObject({ id: added.body.data.cart_item.id, quantity: 3 });
    const withVariant = await call(
      'POST',
      '/api/cart',
      { product_id: c.argan.product.id, variant_id: variant(1).id, quantity: 1 },
      guest(sessionId),
    );
    expect(withVariant.body.data.cart_item).toMatchObject({
      variant: { id: variant(1).id, name: '100 ml' },
      unit_price: 14000,
    });
    expect(withVariant.body.data.summary).toEqual({ total_items: 4, total_price: 50000, items_count: 2 });

    const cart = await call('GET', '/api/cart', undefined, guest(sessionId));
    expect(cart.body.data.session_id).toBe(sessionId);
    expect(cart.body.data.items.map((i: { quantity: number }) => i.quantity)).toEqual([3, 1]);
    expect(cart.body.data.summary).toEqual({ total_items: 4, total_price: 50000, items_count: 2 });
  });

  it('refuses what cannot be sold, in French', async () => {
    const s = guest(newSession());
    const cases: [Json, number, string][] = [
      [{ product_id: c.argan.product.id }, 422, 'Veuillez sélectionner une variante'],
      [
        { product_id: c.nuit.product.id, variant_id: variant(0).id },
        422,
        "Cette variante n'appartient pas à ce produit",
      ],
      [{ product_id: c.ambre.product.id }, 404, 'Produit non disponible'],
      [{ product_id: c.masque.product.id }, 404, 'Produit non disponible'],
      [{ product_id: 999_999 }, 404, 'Produit non disponible'],
      [{ product_id: c.argan.product.id, variant_id: variant(2).id }, 404, 'Produit non disponible'],
      [{ product_id: c.argan.product.id, variant_id: 999_999 }, 404, 'Produit non disponible'],
      [{ product_id: c.nuit.product.id, quantity: 0 }, 422, 'La quantité doit être au moins 1'],
      [{}, 422, 'Le produit est requis'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/api/cart', body, s);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
  });

  it('refuses quantities beyond the stock left', async () => {
    const line = { product_id: c.argan.product.id, variant_id: variant(1).id };
    const first = await call('POST', '/api/cart', { ...line, quantity: 3 });
    expect(first.status).toBe(200);
    const s = guest(first.body.data.session_id);
    const over = await call('POST', '/api/cart', { ...line, quantity: 2 }, s);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      "Stock insuffisant pour « Crème hydratante à l'argan – 100 ml » : 4 disponible(s)",
    );
    const soldOut = await call(
      'POST',
      '/api/cart',
      { product_id: c.muscBlanc.product.id, variant_id: c.muscBlanc.variants[0]?.id },
      s,
    );
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe(
      'Stock insuffisant pour « Élixir de musc blanc – 30 ml » : 0 disponible(s)',
    );
    // Unlimited stock (null) takes any quantity.
    expect(
      (
        await call(
          'POST',
          '/api/cart',
          { product_id: c.argan.product.id, variant_id: variant(0).id, quantity: 500 },
          s,
        )
      ).status,
    ).toBe(200);
  });

  it('updates and removes lines, and clears the cart', async () => {
    const a = await call('POST', '/api/cart', { product_id: c.argan.product.id, variant_id: variant(1).id });
    const sessionId = a.body.data.session_id;
    const s = guest(sessionId);
    await call('POST', '/api/cart', { product_id: c.lait.product.id }, s);
    const lineId = a.body.data.cart_item.id;

    const updated = await call('PUT', `/api/cart/${lineId}`, { quantity: 4, unit_price: 1 }, s);
    expect(updated.status).toBe(200);
    expect(updated.body.data.cart_item).toMatchObject({ quantity: 4, unit_price: 14000, total_price: 56000 });
    expect(updated.body.message).toBe('Panier mis à jour');
    const tooMany = await call('PUT', `/api/cart/${lineId}`, { quantity: 5 }, s);
    expect(tooMany.status).toBe(409);
    expect((await call('PUT', `/api/cart/${lineId}`, { quantity: 0 }, s)).status).toBe(422);

    const removed = await call('DELETE', `/api/cart/${lineId}`, undefined, s);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Article retiré du panier');
    expect(removed.body.data.items.map((i: { product: { id: number } }) => i.product.id)).toEqual([
      c.lait.product.id,
    ]);

    const cleared = await call('DELETE', '/api/cart', undefined, s);
    expect(cleared.body.data.items).toEqual([]);
    expect(cleared.body.message).toBe('Panier vidé');
    expect(await cartLines(t.db, { sessionId })).toEqual([]);
  });

  it("answers 404 for a line of someone else's cart", async () => {
    const owner = newSession();
    const line = await putInCart(t.db, { sessionId: owner }, { productId: c.lait.product.id, quantity: 2 });
    const { auth, user } = await signedInUser(t.db);
    const userLine = await putInCart(t.db, { userId: user.id }, { productId: c.lait.product.id });
    for (const [url, headers] of [
      [`/api/cart/${line.id}`, guest(newSession())],
      [`/api/cart/${line.id}`, auth],
      [`/api/cart/${userLine.id}`, guest(owner)],
    ] as const) {
      const put = await call('PUT', url, { quantity: 1 }, headers);
      expect(put.status).toBe(404);
      expect(put.body.message).toBe('Article non trouvé dans le panier');
      expect((await call('DELETE', url, undefined, headers)).status).toBe(404);
    }
    expect(await cartLines(t.db, { sessionId: owner })).toEqual([
      { product_id: c.lait.product.id, variant_id: null, quantity: 2 },
    ]);
  });

  it('keeps a signed-in user’s cart apart from guest carts', async () => {
    const { auth, user } = await signedInUser(t.db);
    const add = await call('POST', '/api/cart', { product_id: c.lait.product.id, quantity: 2 }, auth);
    expect(add.status).toBe(200);
    expect(add.body.data.session_id).toBeNull();
    expect(await cartLines(t.db, { userId: user.id })).toEqual([
      { product_id: c.lait.product.id, variant_id: null, quantity: 2 },
    ]);
    expect((await call('GET', '/api/cart')).body.data.items).toEqual([]);
  });

  it('merges the guest cart into the user cart on login (same line: quantities add)', async () => {
    const user = await addUser(t.db, { email: 'fusion@exemple.sn' });
    await putInCart(t.db, { userId: user.id }, { productId: c.nuit.product.id, quantity: 1 });
    const sessionId = newSession();
    await putInCart(t.db, { sessionId }, { productId: c.nuit.product.id, quantity: 2 });
    await putInCart(
      t.db,
      { sessionId },
      { productId: c.argan.product.id, variantId: variant(1).id, quantity: 3 },
    );

    const login = await call(
      'POST',
      '/api/auth/login',
      { email: 'fusion@exemple.sn', password: PASSWORD },
      guest(sessionId),
    );
    expect(login.status).toBe(200);
    expect(await cartLines(t.db, { userId: user.id })).toEqual([
      { product_id: c.nuit.product.id, variant_id: null, quantity: 3 },
      { product_id: c.argan.product.id, variant_id: variant(1).id, quantity: 3 },
    ]);
    expect(await t.db.select().from(carts).where(eq(carts.session_id, sessionId))).toEqual([]);
    const cart = await call('GET', '/api/cart', undefined, {
      authorization: `Bearer ${login.body.data.token}`,
    });
    expect(cart.body.data.summary).toEqual({
      total_items: 6,
      total_price: 3 * 12000 + 3 * 14000,
      items_count: 2,
    });
  });

  it('caps a merged line at the stock left', async () => {
    const user = await addUser(t.db, { email: 'plafond@exemple.sn' });
    await putInCart(
      t.db,
      { userId: user.id },
      { productId: c.argan.product.id, variantId: variant(1).id, quantity: 3 },
    );
    const sessionId = newSession();
    await putInCart(
      t.db,
      { sessionId },
      { productId: c.argan.product.id, variantId: variant(1).id, quantity: 3 },
    );
    await call('POST', '/api/auth/login', {
      email: 'plafond@exemple.sn',
      password: PASSWORD,
      session_id: sessionId,
    });
    expect(await cartLines(t.db, { userId: user.id })).toEqual([
      { product_id: c.argan.product.id, variant_id: variant(1).id, quantity: 4 },
    ]);
  });

  it('issues guest cart ids itself and ignores one it did not issue', async () => {
    const chosen = 'id-choisi-par-le-client';
    const add = await call('POST', '/api/cart', { product_id: c.lait.product.id }, guest(chosen));
    expect(add.status).toBe(200);
    expect(add.body.data.session_id).not.toBe(chosen);
    // 144 random bits, base64url.
    expect(add.body.data.session_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await t.db.select().from(carts).where(eq(carts.session_id, chosen))).toEqual([]);
    expect((await call('GET', '/api/cart', undefined, guest(chosen))).body.data.items).toEqual([]);
    const issued = await call('GET', '/api/cart', undefined, guest(add.body.data.session_id));
    expect(issued.body.data.items).toHaveLength(1);
  });

  it('never grows a cart past 20 products: neither by adding nor by merging a guest cart', async () => {
    const user = await addUser(t.db, { email: 'vingt@exemple.sn' });
    const auth = { authorization: `Bearer ${await sessionFor(t.db, user.id)}` };
    for (const { product } of c.numbered.slice(0, 19)) {
      await putInCart(t.db, { userId: user.id }, { productId: product.id });
    }
    const sessionId = newSession();
    // One product the user already has (its quantity adds up), then three new ones: one fits.
    for (const { product } of c.numbered.slice(18, 22)) {
      await putInCart(t.db, { sessionId }, { productId: product.id, quantity: 2 });
    }
    const merged = await call('GET', '/api/cart', undefined, { ...auth, ...guest(sessionId) });
    expect(merged.status).toBe(200);
    expect(merged.body.data.summary.items_count).toBe(20);
    const lines = await cartLines(t.db, { userId: user.id });
    expect(lines.find((l) => l.product_id === c.numbered[18]?.product.id)?.quantity).toBe(3);
    const more = await call('POST', '/api/cart', { product_id: c.numbered[24]?.product.id }, auth);
    expect(more.status).toBe(422);
    expect(more.body.message).toBe('Votre panier ne peut pas contenir plus de 20 produits différents');
    expect(await cartLines(t.db, { userId: user.id })).toHaveLength(20);
  });

  it('merges the guest cart on registration (session_id in the body)', async () => {
    const sessionId = newSession();
    await putInCart(t.db, { sessionId }, { productId: c.lait.product.id, quantity: 2 });
    const res = await call('POST', '/api/auth/quick-register', {
      name: 'Nouvelle cliente',
      whatsapp_phone: '+221 70 123 45 67',
      password: 'motdepasse',
      session_id: sessionId,
    });
    expect(res.status).toBe(201);
    expect(await cartLines(t.db, { userId: res.body.data.user.id })).toEqual([
      { product_id: c.lait.product.id, variant_id: null, quantity: 2 },
    ]);
  });

  it('refuses the cart of a blocked user', async () => {
    const { auth } = await signedInUser(t.db, { status: 'blocked' });
    const res = await call('GET', '/api/cart', undefined, auth);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Votre compte a été bloqué. Contactez la boutique sur WhatsApp.');
  });
});
