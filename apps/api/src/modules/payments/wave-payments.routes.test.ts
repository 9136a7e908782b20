import {
  PAYMENT_ALREADY_RECORDED,
  paymentRecordedWhileOpen,
  providerPaymentNotUndone,
} from '@souk/domain/admin-orders';
import {
  cancelWhilePaying,
  PAYMENT_ALREADY_REFUNDED,
  PAYMENT_NOT_OFFERED,
  PAYMENT_REFUND_NOTED,
  PAYMENT_REFUNDED,
  paymentBeingCreated,
  paymentRefundAsked,
  paymentRefundUnavailable,
  paymentRefundUncertain,
  providerUnavailable,
} from '@souk/domain/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_status_history, orders, payments } from '../../db/schema.ts';
import { createTestApp, jsonCaller } from '../../test/app.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { type Engine, engines, oneEngine } from '../../test/database.ts';
import { describeOnPostgres } from '../../test/describe-on-postgres.ts';
import { placeGuestOrder } from '../../test/order-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';
import {
  startWaveSimulator,
  WAVE_SIMULATED,
  type WaveSimulator,
  waveEvent,
} from '../../test/wave-simulator.ts';
import { RELEASE_UNPAID_JOB } from '../orders/order-jobs.ts';
import { RECONCILE_PAYMENTS_JOB } from './payment-jobs.ts';

// Paid from the phone, confirmed by Wave (docs/decisions/0043): the customer pays her order through
// a checkout session the shop creates for the order's amount (here on a local simulator of Wave's
// Checkout API), and the order is paid when Wave's signed notification says so — only then, only
// once, only for that order's amount and currency. A notification lost is found by the
// reconciliation; a provider down never holds an order back.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const NO_ORDER_LIMITS = { perIdentifier: { max: 1_000_000 }, perIp: { max: 1_000_000 } };
const tokenOf = (trackingUrl: string) => trackingUrl.split('/suivi/')[1] as string;

/**
 * A shop taking Wave payments through a simulator that notifies nobody by itself (the tests deliver
 * its events), with a catalogue, an admin, and guests' orders of an argan cream (`guestOrder`).
 */
async function shopWithWave(engine: Engine, log?: string[]) {
  const sim = await startWaveSimulator();
  const t = await createTestApp(engine, {
    orderRateLimits: NO_ORDER_LIMITS,
    jobs: { schedule: true },
    ...(log ? { log } : {}),
    env: { ...sim.env, LOG_LEVEL: log ? 'info' : 'silent', UNPAID_ORDER_TIMEOUT: '72h' },
  });
  const catalog = await seedCatalog(t.db);
  const admin = (await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' })).auth;
  let phones = 0;
  return {
    sim,
    t,
    catalog,
    admin,
    call: (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(() => t.app)(...args),
    async guestOrder() {
      phones += 1;
      const order = await placeGuestOrder(
        t,
        { productId: catalog.argan.product.id, variantId: catalog.argan.variants[0]?.id },
        { phone: `+22177${String(5_000_000 + phones)}`, session: `wave-session-${engine}-${phones}` },
      );
      return { ...order, token: tokenOf(order.tracking_url) };
    },
    async close() {
      await t.close();
      await sim.close();
    },
  };
}
type WaveShop = Awaited<ReturnType<typeof shopWithWave>>;

describe.each(engines)('Wave payments on %s', (engine) => {
  let shop: WaveShop;
  let sim: WaveSimulator;
  let t: TestApp;
  let admin: Record<string, string>;
  const log: string[] = [];

  beforeAll(async () => {
    shop = await shopWithWave(engine, log);
    ({ sim, t, admin } = shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => shop.call(...args);
  const guestOrder = () => shop.guestOrder();
  const pay = (token: string, provider = 'wave') =>
    call('POST', `/tracking/${token}/payments`, {}, { provider });
  const tracked = async (token: string) => (await call('GET', `/tracking/${token}`)).body.data.order;
  const deliver = (event: { body: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/wave/webhook',
      payload: event.body,
      headers: event.headers,
    });
  const drain = async () => {
    while ((await t.app.jobs.runDue()) > 0);
  };
  const paymentsOf = (orderId: number) => t.db.select().from(payments).where(eq(payments.order_id, orderId));
  const paidLines = async (orderId: number) =>
    (await t.db.select().from(order_status_history).where(eq(order_status_history.order_id, orderId))).filter(
      (h) => h.event === 'paid',
    );
  const sessionOf = (orderNumber: string) => {
    const found = sim.sessionOf(orderNumber);
    expect(found).toHaveLength(1);
    return found[0] as NonNullable<(typeof found)[0]>;
  };

  it("creates a Wave session for the order's amount as the database holds it, hands the same one out again, and marks the order paid once on Wave's signed notification", async () => {
    const order = await guestOrder();
    const sessionsBefore = sim.sessions.size;
    const first = await pay(order.token);
    expect(first.status).toBe(200);
    const session = sessionOf(order.order_number);
    expect(first.body.data.redirect_url).toBe(session.wave_launch_url);
    expect(session).toMatchObject({ amount: String(order.total_amount), currency: 'XOF' });
    // She comes back to her tracking page: the payment is open, the order not yet paid.
    expect(session.success_url).toBe(order.tracking_url);
    expect((await tracked(order.token)).payment).toEqual({ paid_with: null, pending: 'wave' });

    // A second tab, a second tap: the same session, no second charge.
    const again = await pay(order.token);
    expect(again.body.data.redirect_url).toBe(session.wave_launch_url);
    expect(sim.sessionOf(order.order_number)).toHaveLength(1);

    sim.complete(session.id);
    const event = sim.event('checkout.session.completed', session.id);
    expect((await deliver(event)).statusCode).toBe(200);
    await drain();
    const paid = await tracked(order.token);
    expect(paid.paid_at).not.toBeNull();
    expect(paid.payment).toEqual({ paid_with: 'wave', pending: null });
    const [line] = await paidLines(order.id);
    expect(line?.note).toBe(`Wave · ${session.transaction_id}`);
    expect(line?.changed_by).toBeNull();

    // The same event again, and another event of the same session: nothing more.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(sim.event('checkout.session.completed', session.id))).statusCode).toBe(200);
    await drain();
    expect(await paidLines(order.id)).toHaveLength(1);
    // Paid: no new payment.
    expect((await pay(order.token)).status).toBe(409);
    // A link guessed or revoked leads to no payment at all.
    const guessed = await pay(`${order.token.slice(0, -2)}xx`);
    expect(guessed.status).toBe(404);
    expect(sim.sessions.size).toBe(sessionsBefore + 1);
  });

  it('refuses notifications that are not signed by Wave with the secret, now: forged, replayed, altered', async () => {
    const order = await guestOrder();
    await pay(order.token);
    const session = sim.complete(sessionOf(order.order_number).id);
    const forged = waveEvent('checkout.session.completed', session, { secret: 'un-autre-secret' });
    const replayed = waveEvent('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const genuine = waveEvent('checkout.session.completed', session);
    const altered = { ...genuine, body: genuine.body.replace(session.amount, '1') };
    const unsigned = { body: genuine.body, headers: { 'content-type': 'application/json' } };
    for (const event of [forged, replayed, altered, unsigned]) {
      const res = await deliver(event);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Signature de la notification absente ou invalide');
    }
    await drain();
    expect((await tracked(order.token)).paid_at).toBeNull();
    // A signed body that is not an event: 400, nothing queued.
    const junk = waveEvent('checkout.session.completed', session);
    const notJson = { body: '{"id":', headers: { ...junk.headers } };
    const timestamp = Math.floor(Date.now() / 1000);
    const { createHmac } = await import('node:crypto');
    notJson.headers['wave-signature'] =
      `t=${timestamp},v1=${createHmac('sha256', WAVE_SIMULATED.webhookSecret).update(`${timestamp}${notJson.body}`).digest('hex')}`;
    expect((await deliver(notJson)).statusCode).toBe(400);
  });

  it("records a success of another amount or currency as the owner's anomaly, never as the order's payment", async () => {
    for (const [change, anomaly] of [
      [{ amount: '100' }, 'amount'],
      [{ currency: 'XAF' }, 'currency'],
    ] as const) {
      const order = await guestOrder();
      await pay(order.token);
      const session = sim.complete(sessionOf(order.order_number).id, change);
      await deliver(sim.event('checkout.session.completed', session.id));
      await drain();
      const order_ = await tracked(order.token);
      expect(order_.paid_at).toBeNull();
      expect(order_.payment).toEqual({ paid_with: null, pending: null });
      const [payment] = await paymentsOf(order.id);
      expect(payment).toMatchObject({ state: 'succeeded', anomaly });
      // Given back another way (cash at the agency): noted by hand, the order still to pay.
      const noted = await call('POST', `/admin/orders/${order.id}/payments/${payment?.id}/refund`, admin, {
        by: 'hand',
      });
      expect(noted.status).toBe(200);
      expect(noted.body.message).toBe(PAYMENT_REFUND_NOTED);
      expect(noted.body.data.order.payments[0]).toMatchObject({ refund: 'done' });
      expect(noted.body.data.order.paid_at).toBeNull();
      expect(sim.refunded.has(session.id)).toBe(false);
    }
  });

  it('ignores a signed event of a session the shop never created', async () => {
    const stranger = {
      id: 'cos-inconnue',
      amount: '5000',
      currency: 'XOF',
      client_reference: 'CMD-20260101-0001-deadbeef',
      business_name: 'Souk',
      checkout_status: 'complete' as const,
      payment_status: 'succeeded' as const,
      transaction_id: 'TCNINCONNUE',
      wave_launch_url: `${sim.url}/c/cos-inconnue`,
      success_url: 'https://ailleurs.example/',
      error_url: 'https://ailleurs.example/',
      when_created: new Date().toISOString(),
      when_expires: new Date().toISOString(),
    };
    expect((await deliver(waveEvent('checkout.session.completed', stranger))).statusCode).toBe(200);
    await drain();
    expect(log.some((line) => line.includes('inconnu de la boutique'))).toBe(true);
  });

  it('keeps an order whose payment is open from being cancelled by its customer or released unpaid, until the payment ends', async () => {
    const { user, auth } = await signedInUser(t.db, { name: 'Fatou Sow', whatsapp_phone: '+221775551234' });
    await putInCart(
      t.db,
      { userId: user.id },
      { productId: shop.catalog.argan.product.id, variantId: shop.catalog.argan.variants[0]?.id },
    );
    const placed = await call('POST', '/orders', auth, {});
    expect(placed.status).toBe(201);
    const order = placed.body.data.order;
    await pay(tokenOf(order.tracking_url));
    const cancel = await call('POST', `/orders/${order.id}/cancel`, auth);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(cancelWhilePaying('wave'));
    expect((await call('GET', `/orders/${order.id}`, auth)).body.data.order.payment.pending).toBe('wave');

    // Past its release time, unpaid: the shop waits for the payment.
    await t.db.execute(
      sql`update orders set created_at = now() - interval '73 hours' where id = ${order.id}`,
    );
    await t.app.jobs.dueNow(RELEASE_UNPAID_JOB);
    await drain();
    expect((await call('GET', `/orders/${order.id}`, auth)).body.data.order.status).toBe('en_attente');

    // She declines in Wave, the session expires: the order may be cancelled, and released.
    sessionOf(order.order_number).when_expires = new Date(Date.now() - 60_000).toISOString();
    await t.db.execute(
      sql`update payments set created_at = now() - interval '5 minutes' where order_id = ${order.id}`,
    );
    await t.app.jobs.dueNow(RECONCILE_PAYMENTS_JOB);
    await drain();
    expect(sim.calls).toContain(`POST /v1/checkout/sessions/${sessionOf(order.order_number).id}/expire`);
    const [payment] = await paymentsOf(order.id);
    expect(payment?.state).toBe('expired');
    await t.app.jobs.dueNow(RELEASE_UNPAID_JOB);
    await drain();
    expect((await call('GET', `/orders/${order.id}`, auth)).body.data.order.status).toBe('annulée');
  });

  it("shows a payment that succeeds after the owner cancelled the order as 'À rembourser', without reviving the order", async () => {
    const order = await guestOrder();
    await pay(order.token);
    const cancelled = await call('PUT', `/admin/orders/${order.id}/status`, admin, {
      status: 'annulée',
      reason: 'Rupture de stock',
    });
    expect(cancelled.status).toBe(200);
    const session = sim.complete(sessionOf(order.order_number).id);
    await deliver(sim.event('checkout.session.completed', session.id));
    await drain();
    const detail = (await call('GET', `/admin/orders/${order.id}`, admin)).body.data.order;
    expect(detail.status).toBe('annulée');
    expect(detail.refund.state).toBe('due');
    expect(detail.payment.paid_with).toBe('wave');
    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({ state: 'succeeded', anomaly: 'cancelled' });
    expect(detail.payments[0]).toMatchObject({ refund: 'due', refundable: true });

    // 'Rembourser par Wave': Wave gives it back, the order reads 'Remboursée' (by Wave), once.
    const refunded = await call('POST', `/admin/orders/${order.id}/payments/${payment?.id}/refund`, admin, {
      by: 'provider',
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.message).toBe(PAYMENT_REFUNDED);
    expect(sim.refunded.has(session.id)).toBe(true);
    expect(refunded.body.data.order.refund).toMatchObject({ state: 'done', method: 'Wave' });
    expect(refunded.body.data.order.payments[0]).toMatchObject({ refund: 'done', refundable: false });
    const again = await call('POST', `/admin/orders/${order.id}/payments/${payment?.id}/refund`, admin, {
      by: 'provider',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYMENT_ALREADY_REFUNDED);
  });

  it('records as an anomaly a Wave payment of an order the owner marked paid by hand meanwhile', async () => {
    const order = await guestOrder();
    await pay(order.token);
    expect((await call('PUT', `/admin/orders/${order.id}/payment`, admin, { paid: true })).status).toBe(200);
    const session = sim.complete(sessionOf(order.order_number).id);
    await deliver(sim.event('checkout.session.completed', session.id));
    await drain();
    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({ state: 'succeeded', anomaly: 'already_paid' });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paid_with).toBe('manual');
    expect(await paidLines(order.id)).toHaveLength(1);
    // Its money given back through Wave: Wave refusing changes nothing, she may ask again at once;
    // Wave not answering (it may have refunded) is never asked again by itself: she checks, then
    // notes it by hand, or asks again knowingly.
    const refund = (body: object) =>
      call('POST', `/admin/orders/${order.id}/payments/${payment?.id}/refund`, admin, body);
    sim.fail('bad-key');
    const down = await refund({ by: 'provider' });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(paymentRefundUnavailable('wave'));
    sim.fail('server-error');
    expect((await refund({ by: 'provider' })).body.message).toBe(paymentRefundUncertain('wave'));
    const asked = await refund({ by: 'provider' });
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(paymentRefundAsked('wave'));
    expect((await call('GET', `/admin/orders/${order.id}`, admin)).body.data.order.payments[0]).toMatchObject(
      {
        refund: 'due',
        refund_requested: true,
      },
    );
    const done = await refund({ by: 'provider', again: true });
    expect(done.status).toBe(200);
    // The order keeps its own payment: only the second one was given back.
    expect(done.body.data.order.refund).toBeNull();
    expect(done.body.data.order.payments[0]).toMatchObject({ anomaly: 'already_paid', refund: 'done' });
  });

  it('tells the customer in French when Wave refuses or is unreachable, and lets her try again or pay the old way', async () => {
    const order = await guestOrder();
    // Refused: no session exists, she may try again at once.
    for (const fault of ['refuse', 'bad-key'] as const) {
      sim.fail(fault);
      const refused = await pay(order.token);
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(providerUnavailable('wave'));
      expect((await tracked(order.token)).payment.pending).toBeNull();
    }
    // Wave failing on its side may have created it: no second one until the reconciliation knows.
    sim.fail('server-error');
    expect((await pay(order.token)).body.message).toBe(providerUnavailable('wave'));
    expect((await pay(order.token)).body.message).toBe(paymentBeingCreated('wave'));
    await t.db.execute(
      sql`update payments set created_at = now() - interval '11 minutes' where order_id = ${order.id}`,
    );
    await t.app.jobs.dueNow(RECONCILE_PAYMENTS_JOB);
    await drain();
    expect((await tracked(order.token)).payment.pending).toBeNull();
    const later = await pay(order.token);
    expect(later.status).toBe(200);
    expect((await paymentsOf(order.id)).map((p) => p.state)).toEqual(['failed', 'failed', 'failed', 'open']);
  });

  it('finds by its reference a session whose answer was lost, and hands it out once found', async () => {
    const order = await guestOrder();
    sim.fail('lose-answer');
    const lost = await pay(order.token);
    expect(lost.status).toBe(503);
    expect((await pay(order.token)).body.message).toBe(paymentBeingCreated('wave'));
    await t.db.execute(
      sql`update payments set created_at = now() - interval '1 minute' where order_id = ${order.id}`,
    );
    await t.app.jobs.dueNow(RECONCILE_PAYMENTS_JOB);
    await drain();
    const session = sessionOf(order.order_number);
    expect((await pay(order.token)).body.data.redirect_url).toBe(session.wave_launch_url);
  });

  it('pays an order whose notification was lost, when the reconciliation asks Wave', async () => {
    const order = await guestOrder();
    await pay(order.token);
    const session = sim.complete(sessionOf(order.order_number).id);
    await t.db.execute(
      sql`update payments set created_at = now() - interval '5 minutes' where order_id = ${order.id}`,
    );
    await t.app.jobs.dueNow(RECONCILE_PAYMENTS_JOB);
    await drain();
    expect(sim.calls).toContain(`GET /v1/checkout/sessions/${session.id}`);
    expect((await tracked(order.token)).payment.paid_with).toBe('wave');
  });

  it("shows the owner each attempt, filters and exports orders by how they were paid, splits 'Encaissé', and keeps a Wave payment from being undone by hand", async () => {
    const order = await guestOrder();
    sim.fail('refuse');
    await pay(order.token);
    await pay(order.token);
    // 'Paiement reçu' while Wave's payment is open: recorded, and she is told of the open one.
    const byHandElsewhere = await guestOrder();
    await pay(byHandElsewhere.token);
    const manual = await call('PUT', `/admin/orders/${byHandElsewhere.id}/payment`, admin, { paid: true });
    expect(manual.body.message).toBe(paymentRecordedWhileOpen('wave'));

    const session = sim.complete(sessionOf(order.order_number).id);
    await deliver(sim.event('checkout.session.completed', session.id));
    await drain();
    const detail = (await call('GET', `/admin/orders/${order.id}`, admin)).body.data.order;
    expect(detail.payments.map((p: { state: string; provider: string }) => [p.provider, p.state])).toEqual([
      ['wave', 'failed'],
      ['wave', 'succeeded'],
    ]);
    expect(detail.payments[1]).toMatchObject({
      amount: order.total_amount,
      currency: 'XOF',
      transaction_id: session.transaction_id,
      anomaly: null,
    });

    const undo = await call('PUT', `/admin/orders/${order.id}/payment`, admin, {
      paid: false,
      reason: 'Erreur',
    });
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe(providerPaymentNotUndone('wave'));

    const byWave = (await call('GET', '/admin/orders?paid_with=wave&per_page=100', admin)).body.data.orders;
    expect(byWave.map((o: { id: number }) => o.id)).toContain(order.id);
    expect(byWave.map((o: { id: number }) => o.id)).not.toContain(byHandElsewhere.id);
    const byHand = (await call('GET', '/admin/orders?paid_with=manual&per_page=100', admin)).body.data.orders;
    expect(byHand.map((o: { id: number }) => o.id)).toContain(byHandElsewhere.id);
    expect((await call('GET', '/admin/orders?paid_with=cheque', admin)).status).toBe(422);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/export?search=${order.order_number}`,
      headers: admin,
    });
    const [header, line] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('Payée par;Transaction');
    expect(line).toContain(`Wave;${session.transaction_id}`);

    const stats = (await call('GET', '/admin/dashboard', admin)).body.data.stats;
    expect(stats.collected_by_method.wave).toBeGreaterThanOrEqual(order.total_amount);
    expect(stats.collected_by_method.manual).toBeGreaterThanOrEqual(byHandElsewhere.total_amount);
    expect(
      stats.collected_by_method.wave +
        stats.collected_by_method.orange_money +
        stats.collected_by_method.manual,
    ).toBe(stats.collected_revenue);
  });

  it('never writes the API key or the webhook secret in its log or its answers', async () => {
    const order = await guestOrder();
    sim.fail('bad-key');
    const res = await pay(order.token);
    const everything = [...log, JSON.stringify(res.body)].join('\n');
    expect(everything).not.toContain(WAVE_SIMULATED.apiKey);
    expect(everything).not.toContain(WAVE_SIMULATED.webhookSecret);
    expect(log.length).toBeGreaterThan(0);
  });
});

describe.each(oneEngine)('A shop without a payment provider on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { orderRateLimits: NO_ORDER_LIMITS });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers no provider payment and has no notification address: payments stay the owner’s to record', async () => {
    const catalog = await seedCatalog(t.db);
    const order = await placeGuestOrder(
      t,
      { productId: catalog.argan.product.id, variantId: catalog.argan.variants[0]?.id },
      { phone: '+221770000777', session: 'no-provider-session' },
    );
    const res = await jsonCaller(() => t.app)(
      'POST',
      `/tracking/${tokenOf(order.tracking_url)}/payments`,
      {},
      {
        provider: 'wave',
      },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(PAYMENT_NOT_OFFERED);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/payments/wave/webhook', payload: {} });
    expect(webhook.statusCode).toBe(404);
  });
});

// A payment's success racing everything else that changes its order (docs/decisions/0043): the
// owner's cancellation, her own 'Paiement reçu', and the same success heard by two server processes
// at once (the notification in one, the reconciliation in the other). Each runs under the order
// row's lock, so whichever comes first, the order ends paid once, and money taken for an order
// that cannot keep it is shown to be given back.

describeOnPostgres('payments racing the order’s other changes', () => {
  let shop: WaveShop;
  let sim: WaveSimulator;
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    shop = await shopWithWave('postgres');
    ({ sim, t, admin } = shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => shop.call(...args);
  /** An order with a Wave payment open, paid at Wave but not yet heard of by the shop. */
  const paidAtWave = async () => {
    const order = await shop.guestOrder();
    expect((await call('POST', `/tracking/${order.token}/payments`, {}, { provider: 'wave' })).status).toBe(
      200,
    );
    const session = sim.sessionOf(order.order_number)[0];
    if (!session) throw new Error('no session');
    sim.complete(session.id);
    return { order, event: sim.event('checkout.session.completed', session.id) };
  };
  const notifyAndSettle = async (
    app: TestApp['app'],
    event: { body: string; headers: Record<string, string> },
  ) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/wave/webhook',
      payload: event.body,
      headers: event.headers,
    });
    expect(res.statusCode).toBe(200);
    while ((await app.jobs.runDue()) > 0);
  };
  const paidLines = async (orderId: number) =>
    (await t.db.select().from(order_status_history).where(eq(order_status_history.order_id, orderId))).filter(
      (h) => h.event === 'paid',
    );
  const rowOf = async (orderId: number) =>
    (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const paymentOf = async (orderId: number) =>
    (await t.db.select().from(payments).where(eq(payments.order_id, orderId)))[0];

  it('ends a success racing the owner’s cancellation cancelled, paid once, and to be refunded', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { order, event } = await paidAtWave();
      const [, cancelled] = await Promise.all([
        notifyAndSettle(t.app, event),
        call('PUT', `/admin/orders/${order.id}/status`, admin, {
          status: 'annulée',
          reason: 'Rupture de stock',
        }),
      ]);
      expect(cancelled.status).toBe(200);
      const row = await rowOf(order.id);
      expect(row?.status).toBe('annulée');
      expect(row?.paid_with).toBe('wave');
      expect(row?.refunded_at).toBeNull();
      expect(await paidLines(order.id)).toHaveLength(1);
    }
  });

  it('keeps one payment when Wave’s success races the owner’s own ‘Paiement reçu’: the other is refused or shown to be given back', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { order, event } = await paidAtWave();
      const [, manual] = await Promise.all([
        notifyAndSettle(t.app, event),
        call('PUT', `/admin/orders/${order.id}/payment`, admin, { paid: true }),
      ]);
      expect(await paidLines(order.id)).toHaveLength(1);
      const row = await rowOf(order.id);
      const payment = await paymentOf(order.id);
      expect(payment?.state).toBe('succeeded');
      if (manual.status === 409) {
        expect(manual.body.message).toBe(PAYMENT_ALREADY_RECORDED);
        expect(row?.paid_with).toBe('wave');
        expect(payment?.anomaly).toBeNull();
      } else {
        expect(row?.paid_with).toBe('manual');
        expect(payment?.anomaly).toBe('already_paid');
      }
    }
  });

  it('pays the order once when two server processes hear of the same success at once', async () => {
    const other = await t.secondProcess();
    for (let round = 0; round < 4; round += 1) {
      const { order, event } = await paidAtWave();
      // One process hears Wave's notification; the other's reconciliation asks Wave meanwhile.
      await t.db
        .update(payments)
        .set({ created_at: '2000-01-01T00:00:00Z' })
        .where(eq(payments.order_id, order.id));
      await other.jobs.dueNow(RECONCILE_PAYMENTS_JOB);
      await Promise.all([
        notifyAndSettle(t.app, event),
        (async () => {
          while ((await other.jobs.runDue()) > 0);
        })(),
      ]);
      expect(await paidLines(order.id)).toHaveLength(1);
      expect((await rowOf(order.id))?.paid_with).toBe('wave');
    }
  });
});
