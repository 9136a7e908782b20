import { PAYMENT_PROVIDER_LABELS, paymentOpenElsewhere, providerUnavailable } from '@souk/domain/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_status_history, payments } from '../../db/schema.ts';
import { createTestApp, jsonCaller } from '../../test/app.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import {
  ORANGE_MONEY_SIMULATED,
  type OrangeMoneySimulator,
  startOrangeMoneySimulator,
} from '../../test/orange-money-simulator.ts';
import { placeGuestOrder } from '../../test/order-fixtures.ts';
import { startWaveSimulator, type WaveSimulator } from '../../test/wave-simulator.ts';
import { RECONCILE_PAYMENTS_JOB } from './payment-jobs.ts';

// Paid from the phone with Orange Money's Web Payment (docs/decisions/0043), through a local
// simulator of its API (here its sandbox, currency 'OUV'): the shop's token asked and renewed, a
// payment for the order's amount, a notification believed only when it carries the payment's own
// token and Orange Money then says the transaction succeeded; Wave beside it, one payment open at a
// time.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const NO_ORDER_LIMITS = { perIdentifier: { max: 1_000_000 }, perIp: { max: 1_000_000 } };
const tokenOf = (trackingUrl: string) => trackingUrl.split('/suivi/')[1] as string;

describe.each(engines)('Orange Money payments on %s', (engine) => {
  let om: OrangeMoneySimulator;
  let wave: WaveSimulator;
  let t: TestApp;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  const log: string[] = [];
  let phones = 0;

  beforeAll(async () => {
    om = await startOrangeMoneySimulator();
    wave = await startWaveSimulator();
    t = await createTestApp(engine, {
      orderRateLimits: NO_ORDER_LIMITS,
      jobs: { schedule: true },
      log,
      env: { ...om.env, ...wave.env, LOG_LEVEL: 'info' },
    });
    om.state.notify = false;
    catalog = await seedCatalog(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await om?.close();
    await wave?.close();
  });

  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(() => t.app)(...args);
  const guestOrder = async () => {
    phones += 1;
    const order = await placeGuestOrder(
      t,
      { productId: catalog.argan.product.id, variantId: catalog.argan.variants[0]?.id },
      { phone: `+22178${String(6_000_000 + phones)}`, session: `om-session-${engine}-${phones}` },
    );
    return { ...order, token: tokenOf(order.tracking_url) };
  };
  const pay = (token: string, provider = 'orange_money') =>
    call('POST', `/tracking/${token}/payments`, {}, { provider });
  const tracked = async (token: string) => (await call('GET', `/tracking/${token}`)).body.data.order;
  /** Posts the notification as Orange Money would, to the address it was given. */
  const deliver = (note: { url: string; body: string }) => {
    const url = new URL(note.url);
    return t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: note.body,
      headers: { 'content-type': 'application/json' },
    });
  };
  const drain = async () => {
    while ((await t.app.jobs.runDue()) > 0);
  };
  const onlyPayment = (orderNumber: string) => {
    const found = om.paymentsOf(orderNumber);
    expect(found).toHaveLength(1);
    return found[0] as NonNullable<(typeof found)[0]>;
  };

  it("creates an Orange Money payment for the order's amount in the sandbox's currency, and pays the order once Orange Money confirms the notified transaction", async () => {
    const order = await guestOrder();
    const started = await pay(order.token);
    expect(started.status).toBe(200);
    const payment = onlyPayment(order.order_number);
    expect(started.body.data.redirect_url).toBe(`${om.url}/om/pay/${payment.pay_token}`);
    expect(payment).toMatchObject({ amount: order.total_amount, currency: ORANGE_MONEY_SIMULATED.currency });
    expect(payment.return_url).toBe(order.tracking_url);
    expect(payment.notif_url).toContain('/api/payments/orange-money/notification?reference=');
    // Again: the same payment, not a second one.
    expect((await pay(order.token)).body.data.redirect_url).toBe(started.body.data.redirect_url);
    expect(om.paymentsOf(order.order_number)).toHaveLength(1);

    om.complete(payment.pay_token);
    const notified = await deliver(om.notification(payment.pay_token));
    expect(notified.statusCode).toBe(200);
    await drain();
    expect((await tracked(order.token)).payment).toEqual({ paid_with: 'orange_money', pending: null });
    const lines = (
      await t.db.select().from(order_status_history).where(eq(order_status_history.order_id, order.id))
    ).filter((h) => h.event === 'paid');
    expect(lines.map((l) => l.note)).toEqual([`${PAYMENT_PROVIDER_LABELS.orange_money} · ${payment.txnid}`]);
    // The same notification again: one payment.
    await deliver(om.notification(payment.pay_token));
    await drain();
    expect(
      (
        await t.db.select().from(order_status_history).where(eq(order_status_history.order_id, order.id))
      ).filter((h) => h.event === 'paid'),
    ).toHaveLength(1);
  });

  it('believes no notification by itself: a wrong token is refused, and a success Orange Money does not confirm pays nothing', async () => {
    const order = await guestOrder();
    await pay(order.token);
    const payment = onlyPayment(order.order_number);
    const forged = await deliver(om.notification(payment.pay_token, { notif_token: 'a'.repeat(32) }));
    expect(forged.statusCode).toBe(401);
    const elsewhere = om.notification(payment.pay_token);
    const unknown = await deliver({
      ...elsewhere,
      url: elsewhere.url.replace(/reference=.*/, 'reference=CMD-0'),
    });
    expect(unknown.statusCode).toBe(401);
    expect((await deliver({ ...elsewhere, body: '{"status":' })).statusCode).toBe(400);
    // Its token, claiming a success Orange Money has not seen: asked, still open, nothing paid.
    const lying = await deliver(om.notification(payment.pay_token, { status: 'SUCCESS', txnid: 'MPFAUX' }));
    expect(lying.statusCode).toBe(200);
    await drain();
    expect((await tracked(order.token)).payment).toEqual({ paid_with: null, pending: 'orange_money' });
  });

  it('asks a new token when Orange Money no longer takes the one it gave', async () => {
    const order = await guestOrder();
    om.revokeTokens();
    const before = om.calls.filter((c) => c === 'POST /oauth/v3/token').length;
    expect((await pay(order.token)).status).toBe(200);
    expect(om.calls.filter((c) => c === 'POST /oauth/v3/token').length).toBe(before + 1);
  });

  it('keeps one payment open at a time across providers, and says when Orange Money is unavailable', async () => {
    const order = await guestOrder();
    expect((await pay(order.token, 'wave')).status).toBe(200);
    const refused = await pay(order.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(paymentOpenElsewhere('wave'));

    const other = await guestOrder();
    om.fail('refuse');
    const down = await pay(other.token);
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(providerUnavailable('orange_money'));
    expect((await tracked(other.token)).payment.pending).toBeNull();
  });

  it('finds a success whose notification was lost, and stops waiting for a payment past its lifetime', async () => {
    const paid = await guestOrder();
    await pay(paid.token);
    om.complete(onlyPayment(paid.order_number).pay_token);
    const left = await guestOrder();
    await pay(left.token);
    await t.db.execute(
      sql`update payments set created_at = now() - interval '5 minutes' where order_id in (${paid.id}, ${left.id})`,
    );
    await t.db.execute(
      sql`update payments set expires_at = now() - interval '1 minute' where order_id = ${left.id}`,
    );
    await t.app.jobs.dueNow(RECONCILE_PAYMENTS_JOB);
    await drain();
    expect((await tracked(paid.token)).payment.paid_with).toBe('orange_money');
    const [ended] = await t.db.select().from(payments).where(eq(payments.order_id, left.id));
    expect(ended?.state).toBe('expired');
    expect((await tracked(left.token)).payment.pending).toBeNull();

    // Paid at Orange Money after all, its notification lost: the shop keeps asking a while, and finds it.
    om.complete(onlyPayment(left.order_number).pay_token);
    await t.db.execute(
      sql`update payments set checked_at = now() - interval '11 minutes' where order_id = ${left.id}`,
    );
    await t.app.jobs.dueNow(RECONCILE_PAYMENTS_JOB);
    await drain();
    expect((await tracked(left.token)).payment.paid_with).toBe('orange_money');
  });

  it('never writes its OAuth secret nor the merchant key in its log or its answers', async () => {
    const order = await guestOrder();
    om.fail('server-error');
    const res = await pay(order.token);
    const everything = [...log, JSON.stringify(res.body)].join('\n');
    expect(everything).not.toContain(ORANGE_MONEY_SIMULATED.clientSecret);
    expect(everything).not.toContain(ORANGE_MONEY_SIMULATED.merchantKey);
  });
});
