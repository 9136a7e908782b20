import { formatFcfa } from '@souk/domain/money';
import { orderStatusMessage } from '@souk/domain/order-messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { jobs, order_status_history, orders, product_variants } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { describeOnPostgres } from '../../test/describe-on-postgres.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { addUser, signedInUser } from '../../test/user-fixtures.ts';
import { MAIL_JOB } from '../mail/mail-jobs.ts';
import { RELEASE_UNPAID_JOB, releaseUnpaidOrders } from './order-jobs.ts';

const NO_ORDER_LIMITS = { perIdentifier: { max: 1_000_000 }, perIp: { max: 1_000_000 } };
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A customer's order of `quantity` units of a counted variant, through the API. */
async function orderAs(t: TestApp, variant: { productId: number; variantId: number }, quantity = 1) {
  const { user, auth } = await signedInUser(t.db, {
    name: 'Awa Diop',
    email: `awa-${Math.random().toString(36).slice(2)}@exemple.sn`,
    whatsapp_phone: `+22177${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
  });
  await putInCart(t.db, { userId: user.id }, { ...variant, quantity });
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: {} });
  expect(res.statusCode).toBe(201);
  return { user, auth, order: res.json().data.order as { id: number; order_number: string } };
}

const stockOf = async (t: TestApp, id: number) =>
  (await t.db.select().from(product_variants).where(eq(product_variants.id, id)))[0]?.stock_quantity;
const setStock = (t: TestApp, id: number, stock: number) =>
  t.db.update(product_variants).set({ stock_quantity: stock }).where(eq(product_variants.id, id));
/** Moves an order's placing back in time, as if it had waited that long. */
const placedMinutesAgo = (t: TestApp, id: number, minutes: number) =>
  t.db.execute(
    sql`update orders set created_at = now() - make_interval(mins => ${minutes}) where id = ${id}`,
  );
const statusOf = async (t: TestApp, id: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
/** The time between attempts has passed: every queued job is due. */
const timePasses = (t: TestApp) => t.db.execute(sql`update jobs set run_at = now() where status = 'queued'`);
/** A message's text as sent (quoted-printable: soft line breaks, '=C3=A8' for 'è'). */
const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe.each(engines)('new-order e-mails on %s', (engine) => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof seedCatalog>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let smtpPort: number;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    smtpPort = Number(new URL(smtp.url).port);
    t = await createTestApp(engine, {
      configuredMailer: true,
      orderRateLimits: NO_ORDER_LIMITS,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://boutique.example' },
    });
    c = await seedCatalog(t.db);
    await addUser(t.db, { role: 'admin', email: 'gerante@boutique.example' });
    await addUser(t.db, { role: 'admin', email: null, whatsapp_phone: '+221770009999' });
    await addUser(t.db, { role: 'admin', email: 'ancienne@boutique.example', status: 'blocked' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const argan100 = () => ({ productId: c.argan.product.id, variantId: c.argan.variants[1]?.id as number });

  it('tells every active admin with an e-mail of a new order: who, WhatsApp, items, total, link', async () => {
    await setStock(t, argan100().variantId, 10);
    const before = smtp.received.length;
    const { order, user } = await orderAs(t, argan100(), 2);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(2); // the order's job, then its mail
    const mails = smtp.received.slice(before);
    expect(mails.map((m) => m.to)).toEqual([['gerante@boutique.example']]);
    const text = decoded((mails[0] as { raw: string }).raw);
    expect(text).toContain(`Nouvelle commande ${order.order_number}`);
    expect(text).toContain('Awa Diop');
    expect(text).toContain(`https://wa.me/${(user.whatsapp_phone as string).replace(/\D/g, '')}`);
    expect(text).toContain("2 × Crème hydratante à l'argan (100 ml)");
    expect(text).toContain(`Total : ${formatFcfa(28_000)}`);
    expect(text).toContain(`https://boutique.example/admin/orders?details=${order.id}`);
    // Done once: running again sends nothing more.
    await t.app.jobs.runDue();
    expect(smtp.received.length).toBe(before + 1);
  });

  it('acknowledges the order while the mail server is down, and mails once it is back', async () => {
    await setStock(t, argan100().variantId, 10);
    await smtp.close();
    const { order } = await orderAs(t, argan100());
    expect(await statusOf(t, order.id)).toBe('en_attente');
    await t.app.jobs.runDue();
    const [waiting] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `new-order:${order.id}:gerante@boutique.example`));
    expect(waiting).toMatchObject({ kind: MAIL_JOB, status: 'queued', attempts: 1 });
    expect(waiting?.last_error).toBeTruthy();
    expect(Date.parse(waiting?.run_at as string)).toBeGreaterThan(Date.now());

    smtp = await startSmtpSink(smtpPort);
    await timePasses(t);
    await t.app.jobs.runDue();
    // The mail server that came back (a new sink) got it, once.
    expect(smtp.received.map((m) => m.to)).toEqual([['gerante@boutique.example']]);
    expect(decoded((smtp.received.at(-1) as { raw: string }).raw)).toContain(order.order_number);
  });

  it('gives up after the last attempt and keeps the job, failed, with its error', async () => {
    const failing = await createTestApp(engine, {
      configuredMailer: true,
      orderRateLimits: NO_ORDER_LIMITS,
      // Nothing listens on port 9 of this machine: every attempt fails at once.
      env: { SMTP_URL: 'smtp://127.0.0.1:9', ORDER_NOTIFY_EMAIL: 'gerante@boutique.example' },
      jobs: { retryDelay: () => 0 },
    });
    try {
      const f = await seedCatalog(failing.db);
      await setStock(failing, f.argan.variants[1]?.id as number, 5);
      await orderAs(failing, { productId: f.argan.product.id, variantId: f.argan.variants[1]?.id as number });
      await failing.app.jobs.runDue();
      const mail = await failing.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
      expect(mail).toMatchObject([{ status: 'failed', attempts: 12, max_attempts: 12 }]);
      expect(mail[0]?.last_error).toMatch(/ECONNREFUSED/);
    } finally {
      await failing.close();
    }
  });
});

describe.each(engines)('unpaid orders released on %s', (engine) => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof seedCatalog>>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      orderRateLimits: NO_ORDER_LIMITS,
      env: { UNPAID_ORDER_TIMEOUT: '30m' },
      jobs: { schedule: true },
    });
    c = await seedCatalog(t.db);
  });
  afterAll(() => t?.close());
  const argan100 = () => ({ productId: c.argan.product.id, variantId: c.argan.variants[1]?.id as number });

  it('cancels an order left unpaid past the timeout, as the shop: stock back once, history, e-mail', async () => {
    const variant = argan100().variantId;
    await setStock(t, variant, 6);
    const { order, user, auth } = await orderAs(t, argan100(), 2);
    const young = (await orderAs(t, argan100(), 1)).order;
    const paid = (await orderAs(t, argan100(), 1)).order;
    expect(await stockOf(t, variant)).toBe(2);
    await placedMinutesAgo(t, order.id, 31);
    await placedMinutesAgo(t, paid.id, 31);
    await t.db.update(orders).set({ paid_at: sql`now()`, paid_with: 'manual' }).where(eq(orders.id, paid.id));

    await t.app.jobs.dueNow(RELEASE_UNPAID_JOB);
    await t.app.jobs.runDue();
    expect(await statusOf(t, order.id)).toBe('annulée');
    expect(await statusOf(t, young.id)).toBe('en_attente');
    expect(await statusOf(t, paid.id)).toBe('en_attente');
    expect(await stockOf(t, variant)).toBe(4);
    // Its history says the shop did it: no account, shown as 'Système'.
    const history = await t.db
      .select()
      .from(order_status_history)
      .where(eq(order_status_history.order_id, order.id));
    expect(history.at(-1)).toMatchObject({
      from_status: 'en_attente',
      to_status: 'annulée',
      changed_by: null,
    });
    // The customer is told, with the message the shop sends for a cancelled order.
    const [mail] = t.mail.to(user.email as string);
    expect(mail?.subject).toBe(`Votre commande ${order.order_number} — Souk`);
    expect(mail?.text).toContain(
      `votre commande ${order.order_number} d'un montant de ${formatFcfa(28_000)} a été annulée : elle n'a été ni payée ni confirmée par la boutique dans les 30 min qui ont suivi.`,
    );
    // The e-mail is the message the orders screen offers for WhatsApp: the same words, one writer.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: (await signedInUser(t.db, { role: 'admin' })).auth,
    });
    const shown = detail.json().data.order;
    expect(shown.cancellation).toEqual({ by: 'system', reason: null });
    expect(mail?.text).toBe(orderStatusMessage(shown, t.config.shopContact));
    // 'Mes Commandes' says why.
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders', headers: auth });
    expect(mine.json().data.orders.find((o: { id: number }) => o.id === order.id).cancellation).toEqual({
      by: 'system',
      reason: null,
    });

    // Run again (the next minute): nothing more comes back, nothing more is sent.
    await t.app.jobs.dueNow(RELEASE_UNPAID_JOB);
    await t.app.jobs.runDue();
    expect(await stockOf(t, variant)).toBe(4);
    expect(t.mail.to(user.email as string)).toHaveLength(1);
  });

  it('says in the back office when each waiting, unpaid order would be released', async () => {
    await setStock(t, argan100().variantId, 5);
    const { order } = await orderAs(t, argan100());
    const admin = await signedInUser(t.db, { role: 'admin' });
    const detail = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin.auth })
      ).json().data.order;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    const first = await detail();
    expect(Date.parse(first.release_at)).toBe(Date.parse(row?.created_at as string) + 30 * 60_000);
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order.id}/payment`,
      headers: admin.auth,
      payload: { paid: true },
    });
    expect(paid.json().data.order.release_at).toBeNull();
  });

  it('checks every minute for a timeout of a minute or more, every 10 seconds under it', async () => {
    const [job] = await queryRows<{ every_ms: number }>(
      t.db,
      sql`select every_ms from jobs where kind = ${RELEASE_UNPAID_JOB}`,
    );
    expect(job?.every_ms).toBe(60_000);
    const quick = await createTestApp(engine, {
      env: { UNPAID_ORDER_TIMEOUT: '20s' },
      jobs: { schedule: true },
    });
    try {
      const [row] = await queryRows<{ every_ms: number }>(
        quick.db,
        sql`select every_ms from jobs where kind = ${RELEASE_UNPAID_JOB}`,
      );
      expect(row?.every_ms).toBe(10_000);
    } finally {
      await quick.close();
    }
  });
});

describe.each(engines)('UNPAID_ORDER_TIMEOUT=0 on %s', (engine) => {
  it('never cancels an unpaid order, and says no release time', async () => {
    const t = await createTestApp(engine, {
      orderRateLimits: NO_ORDER_LIMITS,
      env: { UNPAID_ORDER_TIMEOUT: '0' },
      jobs: { schedule: true },
    });
    try {
      const c = await seedCatalog(t.db);
      await setStock(t, c.argan.variants[1]?.id as number, 3);
      const { order } = await orderAs(t, {
        productId: c.argan.product.id,
        variantId: c.argan.variants[1]?.id as number,
      });
      await placedMinutesAgo(t, order.id, 365 * 24 * 60);
      await t.app.jobs.runDue();
      expect(await statusOf(t, order.id)).toBe('en_attente');
      expect(await t.db.select().from(jobs).where(eq(jobs.kind, RELEASE_UNPAID_JOB))).toEqual([]);
      const admin = await signedInUser(t.db, { role: 'admin' });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders/${order.id}`,
        headers: admin.auth,
      });
      expect(res.json().data.order.release_at).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describeOnPostgres('unpaid orders released by two processes at once on postgres', () => {
  it('cancels each order once and gives its stock back once', async () => {
    const t = await createTestApp('postgres', {
      orderRateLimits: NO_ORDER_LIMITS,
      env: { UNPAID_ORDER_TIMEOUT: '20s' },
      jobs: { schedule: true },
    });
    try {
      const c = await seedCatalog(t.db);
      const variant = { productId: c.argan.product.id, variantId: c.argan.variants[1]?.id as number };
      await setStock(t, variant.variantId, 20);
      const placed = [];
      for (let i = 0; i < 5; i += 1) placed.push((await orderAs(t, variant, 2)).order);
      for (const o of placed) await placedMinutesAgo(t, o.id, 1);
      expect(await stockOf(t, variant.variantId)).toBe(10);
      const other = await t.secondProcess();
      const shop = { shopContact: t.config.shopContact, tracking: t.tracking, whatsapp: null };
      // Both processes' schedulers, and both releasing directly, at the same moment.
      await t.app.jobs.dueNow(RELEASE_UNPAID_JOB);
      const [released] = await Promise.all([
        Promise.all([releaseUnpaidOrders(t.db, shop), releaseUnpaidOrders(t.db, shop)]),
        t.app.jobs.runDue(),
        other.jobs.runDue(),
      ]);
      for (const o of placed) expect(await statusOf(t, o.id)).toBe('annulée');
      expect(await stockOf(t, variant.variantId)).toBe(20);
      const cancellations = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from order_status_history where to_status = 'annulée'`,
      );
      expect(cancellations).toEqual([{ n: 5 }]);
      expect(released.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5);
    } finally {
      await t.close();
    }
  });
});
