import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, whatsapp_messages } from '../../db/schema.ts';
import { createTestApp, jsonCaller } from '../../test/app.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { describeOnPostgres } from '../../test/describe-on-postgres.ts';
import { placeGuestOrder as placeGuestOrderThroughApi } from '../../test/order-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';
import { SIMULATED, startWhatsappSimulator, type WhatsappSimulator } from '../../test/whatsapp-simulator.ts';
import { RELEASE_UNPAID_JOB, REMIND_UNPAID_JOB } from '../orders/order-jobs.ts';
import { queueWhatsapp } from './whatsapp.service.ts';

// The shop writes by itself (docs/decisions/0041): each event of an order sends its customer one
// message through the Cloud API (here a local simulator of it), with the template of its variant,
// after the change is committed, once whatever retries and processes do; a provider that is slow,
// down or refusing never holds an order back, and a send whose answer was lost is never repeated.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const NO_ORDER_LIMITS = { perIdentifier: { max: 1_000_000 }, perIp: { max: 1_000_000 } };
const STAFF = '221780001122';

async function shopWith(
  engine: 'pglite' | 'postgres',
  sim: WhatsappSimulator | null,
  env: Record<string, string> = {},
) {
  const t = await createTestApp(engine, {
    orderRateLimits: NO_ORDER_LIMITS,
    // The recurring jobs (the reminder, the release) exist, run when a test brings them due.
    jobs: { schedule: true },
    env: {
      ...(sim ? { ...sim.env, ORDER_NOTIFY_WHATSAPP: '78 000 11 22' } : {}),
      UNPAID_ORDER_TIMEOUT: '72h',
      ...env,
    },
  });
  const catalog = await seedCatalog(t.db);
  const admin = (await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' })).auth;
  return { t, catalog, admin };
}

type Shop = Awaited<ReturnType<typeof shopWith>>;

/** A guest's order of an argan cream through the API, from the cart of `session`. */
const placeGuestOrder = ({ t, catalog }: Shop, phone: string, session: string, name = 'Awa Diop') =>
  placeGuestOrderThroughApi(
    t,
    { productId: catalog.argan.product.id, variantId: catalog.argan.variants[0]?.id },
    { phone, session, name },
  );

/** The owner accepts the order, unpaid. */
async function accept({ t, admin }: Shop, id: number) {
  const res = await jsonCaller(() => t.app)('PUT', `/admin/orders/${id}/status`, admin, {
    status: 'acceptée',
    confirmed_unpaid: true,
  });
  expect(res.status).toBe(200);
}

/** Runs `app`'s jobs until none is due (a new order's job queues messages, then due in their lane). */
async function drain(app: TestApp['app']) {
  while ((await app.jobs.runDue()) > 0);
}

describe.each(engines)('WhatsApp messages sent by the shop on %s', (engine) => {
  let sim: WhatsappSimulator;
  let t: TestApp;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  let admin: Shop['admin'];
  let phones = 0;

  beforeAll(async () => {
    sim = await startWhatsappSimulator();
    ({ t, catalog, admin } = await shopWith(engine, sim));
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const call = jsonCaller(() => t.app);
  const send = () => drain(t.app);
  /** Every queued job's delay has passed. */
  const timePasses = () => t.db.execute(sql`update jobs set run_at = now() where status = 'queued'`);
  const messagesOf = (orderId: number) =>
    t.db
      .select()
      .from(whatsapp_messages)
      .where(eq(whatsapp_messages.order_id, orderId))
      .orderBy(whatsapp_messages.id);

  /** A guest's order placed through the API, with her own number ('77 1xx xx xx', digits as sent). */
  async function guestOrder(name = 'Awa Diop') {
    const local = `771${String(++phones).padStart(6, '0')}`;
    const order = await placeGuestOrder({ t, catalog, admin }, local, `whatsapp-${engine}-${phones}`, name);
    return { ...order, to: `221${local}` };
  }
  const move = async (id: number, body: Record<string, unknown>) => {
    const res = await call('PUT', `/admin/orders/${id}/status`, admin, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it("tells her 'commande reçue' and each staff number of the new order, once each, after the commit", async () => {
    const before = sim.sent.length;
    const order = await guestOrder();
    // Nothing leaves inside the order's transaction: its job sends after the answer.
    expect(sim.sent.length).toBe(before);
    await send();
    const mine = sim.sent.slice(before);
    expect(mine.map((s) => [s.to, s.template?.name])).toEqual([
      [order.to, 'souk_commande_recue'],
      [STAFF, 'souk_nouvelle_commande'],
    ]);
    const [received, alert] = mine;
    expect(received?.template?.language.code).toBe('fr');
    expect(received?.template?.components[0]?.parameters.map((p) => p.text)).toEqual([
      'Awa',
      order.order_number,
      expect.stringMatching(/^8\s500\sFCFA$/u),
      '72 h',
      order.tracking_url,
    ]);
    expect(alert?.template?.components[0]?.parameters.map((p) => p.text)).toEqual([
      order.order_number,
      'Awa Diop',
      expect.stringMatching(/FCFA$/),
      '1 article',
      expect.stringMatching(new RegExp(`/admin/orders\\?details=${order.id}$`)),
    ]);
    const rows = await messagesOf(order.id);
    expect(rows.map((r) => [r.audience, r.state, r.wamid])).toEqual([
      ['customer', 'sent', received?.wamid],
      ['staff', 'sent', alert?.wamid],
    ]);
    // What the owner will read of it is the message as written.
    expect(rows[0]?.body).toContain(`Suivre votre commande : ${order.tracking_url}`);
    // The order's details show each message with what became of it.
    const details = await call('GET', `/admin/orders/${order.id}`, admin);
    expect(details.body.data.order.whatsapp).toEqual({
      automatic: true,
      messages: [
        expect.objectContaining({
          audience: 'customer',
          recipient: `+${order.to}`,
          state: 'sent',
          reason: null,
        }),
        expect.objectContaining({ audience: 'staff', recipient: `+${STAFF}`, state: 'sent', reason: null }),
      ],
      received: [],
    });
    expect(details.body.data.order.whatsapp.messages[0].body).toBe(rows[0]?.body);
    // Nothing wrong: no banner.
    expect((await call('GET', '/admin/notifications', admin)).body.data.whatsapp_outage).toBeNull();
  });

  it('tells each step once with the template of its variant; undoing a payment tells nothing', async () => {
    const order = await guestOrder();
    await send();
    const before = sim.sent.length;
    const steps: [() => Promise<void>, string | null][] = [
      [() => move(order.id, { status: 'acceptée', confirmed_unpaid: true }), 'souk_commande_acceptee'],
      [
        async () => {
          expect((await call('PUT', `/admin/orders/${order.id}/payment`, admin, { paid: true })).status).toBe(
            200,
          );
        },
        'souk_commande_acceptee_payee',
      ],
      [
        async () => {
          const undo = { paid: false, reason: 'Capture illisible' };
          expect((await call('PUT', `/admin/orders/${order.id}/payment`, admin, undo)).status).toBe(200);
        },
        null,
      ],
      [() => move(order.id, { status: 'prête', confirmed_unpaid: true }), 'souk_commande_prete'],
      [() => move(order.id, { status: 'en_cours', confirmed_unpaid: true }), 'souk_commande_en_route'],
      [() => move(order.id, { status: 'disponible', confirmed_unpaid: true }), 'souk_commande_disponible'],
    ];
    const expected: string[] = [];
    for (const [step, template] of steps) {
      await step();
      await send();
      if (template) expected.push(template);
      expect(sim.templatesTo(order.to).slice(1)).toEqual(expected);
    }
    expect(sim.sent.length - before).toBe(expected.length);
  });

  it('tells a cancellation by the owner with her reason, by the customer herself, and by the shop for want of payment', async () => {
    const byOwner = await guestOrder();
    await send();
    await move(byOwner.id, { status: 'annulée', reason: 'Rupture de stock' });
    await send();
    expect(sim.templatesTo(byOwner.to)).toEqual(['souk_commande_recue', 'souk_annulee_boutique_raison']);
    expect(sim.sent.at(-1)?.template?.components[0]?.parameters.map((p) => p.text)).toContain(
      'Rupture de stock',
    );

    const customer = await signedInUser(t.db, { name: 'Fatou Sow', whatsapp_phone: '+221770009999' });
    await putInCart(
      t.db,
      { userId: customer.user.id },
      { productId: catalog.argan.product.id, variantId: catalog.argan.variants[0]?.id },
    );
    const placed = await call('POST', '/orders', customer.auth, {});
    await send();
    expect((await call('POST', `/orders/${placed.body.data.order.id}/cancel`, customer.auth)).status).toBe(
      200,
    );
    await send();
    expect(sim.templatesTo('221770009999')).toEqual(['souk_commande_recue', 'souk_annulee_cliente']);

    // Cancelled before its 'reçue' left: only the cancellation is told.
    const quick = await guestOrder();
    await move(quick.id, { status: 'annulée', reason: 'Doublon' });
    await send();
    expect(sim.templatesTo(quick.to)).toEqual(['souk_annulee_boutique_raison']);

    const unpaid = await guestOrder();
    await send();
    await t.db.execute(
      sql`update orders set created_at = now() - interval '73 hours' where id = ${unpaid.id}`,
    );
    await t.app.jobs.dueNow(RELEASE_UNPAID_JOB);
    await send();
    expect(sim.templatesTo(unpaid.to)).toEqual(['souk_commande_recue', 'souk_annulee_impayee_delai']);
  });

  it('reminds an unpaid order once, 24 h before its release, and not one the reminder time has not come for', async () => {
    const due = await guestOrder();
    const early = await guestOrder();
    await send();
    await t.db.execute(
      sql`update orders set created_at = now() - interval '48 hours 1 minute' where id = ${due.id}`,
    );
    await t.db.execute(
      sql`update orders set created_at = now() - interval '47 hours' where id = ${early.id}`,
    );
    for (let i = 0; i < 2; i += 1) {
      await t.app.jobs.dueNow(REMIND_UNPAID_JOB);
      await send();
    }
    expect(sim.templatesTo(due.to)).toEqual(['souk_commande_recue', 'souk_rappel_paiement']);
    expect(sim.sent.at(-1)?.template?.components[0]?.parameters.map((p) => p.text)).toContain('24 h');
    expect(sim.templatesTo(early.to)).toEqual(['souk_commande_recue']);
  });

  it("sends nothing to a customer without a number WhatsApp can write to, and the staff's alert still goes", async () => {
    const customer = await signedInUser(t.db, { name: 'Sans Numéro', whatsapp_phone: null });
    await putInCart(
      t.db,
      { userId: customer.user.id },
      { productId: catalog.argan.product.id, variantId: catalog.argan.variants[0]?.id },
    );
    const placed = await call('POST', '/orders', customer.auth, {});
    expect(placed.status).toBe(201);
    await send();
    expect((await messagesOf(placed.body.data.order.id)).map((r) => r.audience)).toEqual(['staff']);
  });

  it('delays a message Meta cannot take now (429, 5xx), retried after its delay, without ever holding the order', async () => {
    const before = sim.sent.length;
    const to = `221771${String(phones + 1).padStart(6, '0')}`;
    sim.answerNextTo(
      to,
      { status: 429, code: 130429, title: 'Rate limit hit' },
      { status: 503, code: 131016, title: 'Service unavailable' },
    );
    const order = await guestOrder();
    expect(order.to).toBe(to);
    await send();
    let [received] = await messagesOf(order.id);
    expect(received).toMatchObject({ state: 'queued', attempts: 1, error_code: 130429 });
    await timePasses();
    await send();
    [received] = await messagesOf(order.id);
    expect(received).toMatchObject({ state: 'queued', attempts: 2, error_code: 131016 });
    await timePasses();
    await send();
    [received] = await messagesOf(order.id);
    expect(received).toMatchObject({ state: 'sent', attempts: 3, error_code: null });
    // Three tries for her message, one for the staff's alert; the token never written in a job's error.
    expect(sim.sent.slice(before).map((s) => s.to)).toEqual([order.to, STAFF, order.to, order.to]);
    const errors = await t.db.select({ error: jobs.last_error }).from(jobs);
    for (const { error } of errors) expect(error ?? '').not.toContain(SIMULATED.accessToken);
  });

  it('fails at once, without retrying, what Meta refuses for good, with the reason in French', async () => {
    const cases = [
      { code: 131047, title: 'Re-engagement message', reason: 'plus de 24 h depuis son dernier message' },
      { code: 131026, title: 'Message undeliverable', reason: "ce numéro n'est pas sur WhatsApp" },
      {
        code: 132001,
        title: 'Template name does not exist in the translation',
        reason: "le modèle n'existe pas",
      },
    ];
    for (const { code, title, reason } of cases) {
      sim.answerNext({ status: 400, code, title });
      const order = await guestOrder();
      await send();
      await timePasses();
      await send();
      const [received] = await messagesOf(order.id);
      expect(received).toMatchObject({ state: 'failed', attempts: 1, error_code: code });
      expect(received?.error_reason).toContain(reason);
      expect(sim.templatesTo(order.to)).toEqual(['souk_commande_recue']);
    }
  });

  it("gives up on the last attempt: 'failed', the owner's tap left", async () => {
    const to = `221771${String(phones + 1).padStart(6, '0')}`;
    sim.answerNextTo(
      to,
      { status: 500, code: 131000, title: 'Something went wrong' },
      { status: 500, code: 131000, title: 'Something went wrong' },
    );
    const order = await guestOrder();
    await send();
    expect((await messagesOf(order.id))[0]).toMatchObject({ state: 'queued', attempts: 1 });
    // The attempts before the last failed the same way: the next is the last.
    await t.db.execute(
      sql`update jobs set attempts = max_attempts - 1 where kind = 'whatsapp.send' and status = 'queued'`,
    );
    await timePasses();
    await send();
    const [row] = await messagesOf(order.id);
    expect(row).toMatchObject({
      state: 'failed',
      error_code: 131000,
      error_reason: "WhatsApp n'a pas pu l'envoyer (erreur de son côté)",
    });
  });

  it("marks 'Envoi incertain', never sending again, a send whose answer was lost or whose process stopped in the middle", async () => {
    sim.answerNext('drop');
    const order = await guestOrder();
    await send();
    let [received] = await messagesOf(order.id);
    expect(received?.state).toBe('uncertain');
    await timePasses();
    await send();
    expect(sim.templatesTo(order.to)).toEqual(['souk_commande_recue']);

    // A process took a message ('sending') and died before recording what came of it: the next
    // process to run its job cannot know whether it left, and sends nothing.
    const other = await guestOrder();
    await send();
    const key = `order:${other.id}:test-crash`;
    await t.db.transaction((tx) =>
      queueWhatsapp(tx, {
        key,
        orderId: other.id,
        audience: 'customer',
        to: `+${other.to}`,
        message: { name: 'souk_commande_prete', lines: ['Bonjour'] },
      }),
    );
    await t.db.execute(sql`update whatsapp_messages set state = 'sending' where key = ${key}`);
    await send();
    [received] = (await messagesOf(other.id)).filter((m) => m.key === key);
    expect(received).toMatchObject({
      state: 'uncertain',
      error_reason: "le serveur s'est arrêté pendant l'envoi",
    });
    expect(sim.templatesTo(other.to)).toEqual(['souk_commande_recue']);
  });

  it("sends an uncertain message again once at the owner's tap, never one that left or failed for good", async () => {
    sim.answerNext('drop');
    const order = await guestOrder();
    await send();
    const [uncertain] = await messagesOf(order.id);
    expect(uncertain?.state).toBe('uncertain');
    const view = async () =>
      (await call('GET', `/admin/orders/${order.id}`, admin)).body.data.order.whatsapp.messages as {
        id: number;
        state: string;
        resendable: boolean;
        resent: boolean;
      }[];
    expect((await view())[0]).toMatchObject({ id: uncertain?.id, resendable: true, resent: false });
    const resend = (orderId: number, messageId: number) =>
      call('POST', `/admin/orders/${orderId}/whatsapp/${messageId}/resend`, admin);

    // Two taps at once (two admins, a double tap): one copy.
    const taps = await Promise.all([
      resend(order.id, uncertain?.id ?? 0),
      resend(order.id, uncertain?.id ?? 0),
    ]);
    expect(taps.map((r) => r.status).sort()).toEqual([200, 409]);
    const accepted = taps.find((r) => r.status === 200);
    expect(accepted?.body.message).toBe('Le message part de nouveau');
    expect(taps.find((r) => r.status === 409)?.body.message).toBe(
      'Ce message ne peut pas être renvoyé : il est parti ou a déjà été renvoyé',
    );
    await send();
    expect(sim.templatesTo(order.to)).toEqual(['souk_commande_recue', 'souk_commande_recue']);
    const after = await view();
    const copy = after.find((m) => m.id !== uncertain?.id && m.state === 'sent');
    expect(after.find((m) => m.id === uncertain?.id)).toMatchObject({ resendable: false, resent: true });
    expect(copy).toMatchObject({ resendable: false, resent: false });
    // The copy left: nothing to send again; nor a third time the original.
    expect((await resend(order.id, copy?.id ?? 0)).status).toBe(409);
    expect((await resend(order.id, uncertain?.id ?? 0)).status).toBe(409);
    // Through another order, it is not found.
    const other = await guestOrder();
    expect((await resend(other.id, uncertain?.id ?? 0)).status).toBe(404);
    await send();
    expect(sim.templatesTo(order.to)).toHaveLength(2);

    // The copy's answer lost too: it is never sent again (once means once), the tap is the way.
    sim.answerNext('drop');
    const twice = await guestOrder();
    await send();
    const [first] = await messagesOf(twice.id);
    sim.answerNextTo(twice.to, 'drop');
    expect((await resend(twice.id, first?.id ?? 0)).status).toBe(200);
    await send();
    const lostCopy = (await messagesOf(twice.id)).find((m) => m.resend_of === first?.id);
    expect(lostCopy?.state).toBe('uncertain');
    const twiceView = (await call('GET', `/admin/orders/${twice.id}`, admin)).body.data.order.whatsapp
      .messages;
    expect(twiceView.find((m: { id: number }) => m.id === lostCopy?.id)).toMatchObject({
      resendable: false,
    });
    expect((await resend(twice.id, lostCopy?.id ?? 0)).status).toBe(409);
    await send();
    expect(sim.templatesTo(twice.to)).toEqual(['souk_commande_recue', 'souk_commande_recue']);

    // Refused for good (not on WhatsApp): it would fail again, the tap is the way.
    sim.answerNext({ status: 400, code: 131026, title: 'Message undeliverable' });
    const unreachable = await guestOrder();
    await send();
    const [failed] = await messagesOf(unreachable.id);
    expect(failed?.state).toBe('failed');
    expect(
      (await call('GET', `/admin/orders/${unreachable.id}`, admin)).body.data.order.whatsapp.messages[0],
    ).toMatchObject({ resendable: false });
    expect((await resend(unreachable.id, failed?.id ?? 0)).status).toBe(409);
  });

  it('fails every message while the token is refused (401), saying so', async () => {
    const refused = await shopWith(engine, sim, { WHATSAPP_ACCESS_TOKEN: 'EAAG-un-jeton-expire' });
    try {
      await placeGuestOrder(refused, '771999999', `whatsapp-token-${engine}`);
      await drain(refused.t.app);
      const rows = await refused.t.db.select().from(whatsapp_messages);
      expect(rows.map((r) => [r.state, r.error_code, r.error_reason])).toEqual([
        ['failed', 190, "le jeton d'accès WhatsApp a expiré ou a été révoqué"],
        ['failed', 190, "le jeton d'accès WhatsApp a expiré ou a été révoqué"],
      ]);
      // Every back-office page says why, until a message leaves again.
      const bell = await jsonCaller(() => refused.t.app)('GET', '/admin/notifications', refused.admin);
      expect(bell.body.data.whatsapp_outage).toBe("le jeton d'accès WhatsApp a expiré ou a été révoqué");
    } finally {
      await refused.t.close();
    }
  });
});

describe('a shop without the Cloud API', () => {
  it('sends nothing itself and queues no message: the owner taps as before', async () => {
    const shop = await shopWith('pglite', null);
    const { t } = shop;
    try {
      const order = await placeGuestOrder(shop, '771234567', 'no-whatsapp');
      await accept(shop, order.id);
      await drain(t.app);
      expect(await t.db.select().from(whatsapp_messages)).toEqual([]);
      const details = await jsonCaller(() => t.app)('GET', `/admin/orders/${order.id}`, shop.admin);
      expect(details.body.data.order.whatsapp).toEqual({ automatic: false, messages: [], received: [] });
      expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'whatsapp.send'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describeOnPostgres('WhatsApp messages with two processes on postgres', () => {
  it('sends each message once when both processes run the jobs at the same moment', async () => {
    const sim = await startWhatsappSimulator();
    const shop = await shopWith('postgres', sim);
    const { t } = shop;
    try {
      const other = await t.secondProcess();
      const ids: number[] = [];
      for (let i = 0; i < 4; i += 1)
        ids.push((await placeGuestOrder(shop, `77200000${i}`, `two-processes-${i}`)).id);
      // Both processes at once, until neither finds work: the new orders' jobs queue their messages…
      const bothRun = async () => {
        for (let round = 0; round < 3; round += 1)
          await Promise.all([t.app.jobs.runDue(), other.jobs.runDue()]);
        await drain(t.app);
      };
      await bothRun();
      // …then each order accepted, its message sent by whichever process takes it.
      for (const id of ids) await accept(shop, id);
      await bothRun();
      const rows = await t.db.select().from(whatsapp_messages);
      // Four orders: her 'reçue' and 'acceptée', and the staff's alert, each sent once.
      expect(rows).toHaveLength(12);
      expect(rows.every((r) => r.state === 'sent')).toBe(true);
      expect(sim.sent).toHaveLength(12);
      expect(new Set(sim.sent.map((s) => s.wamid)).size).toBe(12);
    } finally {
      await t.close();
      await sim.close();
    }
  });
});
