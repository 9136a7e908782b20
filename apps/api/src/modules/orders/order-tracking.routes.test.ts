import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { createTestApp, jsonCaller } from '../../test/app.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addOrder, placeGuestOrder } from '../../test/order-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';
import { orderTracking } from './order-tracking.ts';
import { syncTrackingLinks } from './orders.service.ts';

// Every order's tracking link, /suivi/<token> (docs/decisions/0040-order-tracking-link.md):
// readable without an account, derived from the server's key so it is never stored in clear,
// revocable by the owner; a guessed or revoked token reads as an unknown order.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const NO_ORDER_LIMITS = { perIdentifier: { max: 1_000_000 }, perIp: { max: 1_000_000 } };
const PUBLIC_URL = 'https://souk.example';
const TOKEN = /^[A-Za-z0-9_-]{24}$/;

describe.each(engines)('order tracking links on %s', (engine) => {
  let t: TestApp;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  let admin: Record<string, string>;
  let sessions = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { orderRateLimits: NO_ORDER_LIMITS, env: { PUBLIC_URL } });
    catalog = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' })).auth;
  });
  afterAll(() => t?.close());

  const call = jsonCaller(() => t.app);
  const tokenOf = (url: string) => url.slice(`${PUBLIC_URL}/suivi/`.length);
  const track = (token: string) => t.app.inject({ method: 'GET', url: `/api/tracking/${token}` });

  /** A guest's order placed through the API, as the checkout places it. */
  const guestOrder = (email?: string) =>
    placeGuestOrder(
      t,
      { productId: catalog.argan.product.id, variantId: catalog.argan.variants[0]?.id, quantity: 2 },
      { phone: '77 123 45 67', session: `tracking-${engine}-${++sessions}`, email },
    );

  it('gives every order a link of at least 128 bits at the public address, never its id or number', async () => {
    const order = await guestOrder();
    expect(order.tracking_url.startsWith(`${PUBLIC_URL}/suivi/`)).toBe(true);
    const token = tokenOf(order.tracking_url);
    expect(token).toMatch(TOKEN); // 24 characters of base64url: 144 bits
    expect(token).not.toContain(order.order_number);
    // Another order, another link.
    expect(tokenOf((await guestOrder()).tracking_url)).not.toBe(token);
    // The database keeps a digest, not the link.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.tracking_digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('shows the order without an account: items, total, status and its history, payment; nothing of her', async () => {
    const order = await guestOrder();
    const res = await track(tokenOf(order.tracking_url));
    expect(res.statusCode).toBe(200);
    // Never kept by a browser, a proxy or a CDN, nor listed by a search engine; no cookie handed out.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['set-cookie']).toBeUndefined();
    const tracked = res.json().data.order;
    expect(tracked).toMatchObject({
      order_number: order.order_number,
      status: 'en_attente',
      total_amount: order.total_amount,
      total_items: 2,
      paid_at: null,
      cancellation: null,
      refund: null,
      items: [{ product_name: catalog.argan.product.name, quantity: 2 }],
      history: [{ event: 'status', status: 'en_attente' }],
    });
    const body = res.body;
    for (const personal of ['Awa', '771234567', '+221', 'contact', 'whatsapp', 'email'])
      expect(body).not.toContain(personal);

    // The owner accepts it and records its payment: the link shows both, with their dates.
    expect(
      (await call('PUT', `/admin/orders/${order.id}/status`, admin, { status: 'acceptée' })).status,
    ).toBe(200);
    expect((await call('PUT', `/admin/orders/${order.id}/payment`, admin, { paid: true })).status).toBe(200);
    const later = (await track(tokenOf(order.tracking_url))).json().data.order;
    expect(later.status).toBe('acceptée');
    expect(later.paid_at).not.toBeNull();
    expect(later.history.map((h: { event: string; status: string }) => [h.event, h.status])).toEqual([
      ['status', 'en_attente'],
      ['status', 'acceptée'],
      ['paid', 'acceptée'],
    ]);
    for (const entry of later.history) expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
  });

  it('answers a guessed, mistyped or over-long token as an unknown order (404), whatever its shape', async () => {
    const order = await guestOrder();
    const real = tokenOf(order.tracking_url);
    for (const token of [
      randomBytes(18).toString('base64url'),
      `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      real.toLowerCase() === real ? real.toUpperCase() : real.toLowerCase(),
      String(order.id),
      order.order_number,
      'x'.repeat(100),
      '%27%20or%201%3D1--',
    ]) {
      const res = await track(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe('Commande non trouvée');
    }
    // Longer than any route's parameter: an unknown address, 404 as well.
    expect((await track('x'.repeat(300))).statusCode).toBe(404);
  });

  it('lets the owner revoke a link: the old one leads nowhere, the new one to the order, everywhere', async () => {
    const customer = await signedInUser(t.db, { name: 'Fatou Sow' });
    await putInCart(
      t.db,
      { userId: customer.user.id },
      { productId: catalog.argan.product.id, variantId: catalog.argan.variants[0]?.id },
    );
    const placed = await call('POST', '/orders', customer.auth, {});
    expect(placed.status).toBe(201);
    const order = placed.body.data.order;
    const old = tokenOf(order.tracking_url);

    const renewed = await call('POST', `/admin/orders/${order.id}/tracking`, admin);
    expect(renewed.status).toBe(200);
    expect(renewed.body.message).toBe(
      "Nouveau lien de suivi créé : l'ancien ne mène plus à la commande. Envoyez le nouveau à la cliente.",
    );
    const fresh = tokenOf(renewed.body.data.order.tracking_url);
    expect(fresh).toMatch(TOKEN);
    expect(fresh).not.toBe(old);
    expect((await track(old)).statusCode).toBe(404);
    expect((await track(fresh)).json().data.order.order_number).toBe(order.order_number);
    // 'Mes Commandes' and the back office give the new link.
    const mine = await call('GET', '/orders', customer.auth);
    expect(mine.body.data.orders.map((o: { tracking_url: string }) => tokenOf(o.tracking_url))).toEqual([
      fresh,
    ]);
    const detail = await call('GET', `/admin/orders/${order.id}`, admin);
    expect(tokenOf(detail.body.data.order.tracking_url)).toBe(fresh);
    // Only the owner revokes: a customer or a guest cannot (the admin scope).
    expect((await call('POST', `/admin/orders/${order.id}/tracking`, customer.auth)).status).toBe(403);
    expect((await call('POST', `/admin/orders/${order.id}/tracking`, {})).status).toBe(401);
    expect((await call('POST', '/admin/orders/999999/tracking', admin)).status).toBe(404);
  });

  it("writes the link into the customer's messages", async () => {
    const email = `awa-${engine}-${Date.now()}@exemple.sn`;
    const order = await guestOrder(email);
    expect(
      (await call('PUT', `/admin/orders/${order.id}/status`, admin, { status: 'annulée', reason: 'Rupture' }))
        .status,
    ).toBe(200);
    await t.app.jobs.runDue();
    const [mail] = t.mail.to(email);
    expect(mail?.text).toContain(`Suivre votre commande : ${order.tracking_url}\nL'équipe Souk`);
  });

  it('records at start the links of orders placed before them, and all of them again when the key changed', async () => {
    const older = await addOrder(t.db, { contact_name: 'Avant les liens' });
    expect(older.tracking_digest).toBeNull();
    const current = await guestOrder();
    expect(await syncTrackingLinks(t.db, t.tracking)).toBeGreaterThanOrEqual(1);
    const olderToken = t.tracking.tokenOf(older);
    expect((await track(olderToken)).json().data.order.order_number).toBe(older.order_number);
    // Nothing left to do: a second start changes nothing.
    expect(await syncTrackingLinks(t.db, t.tracking)).toBe(0);

    // Another key (COOKIE_SECRET changed): the links made from now on must work; the old ones cannot.
    const otherKey = orderTracking('une-autre-clé-de-la-boutique-de-32-caractères-au-moins', PUBLIC_URL);
    expect(await syncTrackingLinks(t.db, otherKey)).toBeGreaterThanOrEqual(2);
    expect((await track(tokenOf(current.tracking_url))).statusCode).toBe(404);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, current.id));
    expect((await track(otherKey.tokenOf(row as { id: number; tracking_version: number }))).statusCode).toBe(
      200,
    );
    // And back, so the app's own links lead to their orders for the other tests.
    expect(await syncTrackingLinks(t.db, t.tracking)).toBeGreaterThanOrEqual(2);
    expect((await track(tokenOf(current.tracking_url))).statusCode).toBe(200);
  });
});
