import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, whatsapp_messages } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { placeGuestOrder } from '../../test/order-fixtures.ts';
import {
  SIMULATED,
  startWhatsappSimulator,
  statusNotification,
  type WhatsappSimulator,
  webhookHeaders,
} from '../../test/whatsapp-simulator.ts';
import { WEBHOOK_BODY_LIMIT, WHATSAPP_WEBHOOK_JOB } from './whatsapp-webhook.routes.ts';

// The address Meta notifies (docs/decisions/0041): its verification answered, every post checked
// on its raw bytes before anything is read, answered at once, its statuses applied by a job, only
// forward, however late, repeated or out of order they come.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const NO_ORDER_LIMITS = { perIdentifier: { max: 1_000_000 }, perIp: { max: 1_000_000 } };

describe.each(engines)('the WhatsApp webhook on %s', (engine) => {
  let sim: WhatsappSimulator;
  let t: TestApp;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  let orders = 0;

  beforeAll(async () => {
    sim = await startWhatsappSimulator();
    t = await createTestApp(engine, { orderRateLimits: NO_ORDER_LIMITS, env: sim.env });
    catalog = await seedCatalog(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const drain = async () => {
    while ((await t.app.jobs.runDue()) > 0);
  };
  const post = (payload: string | Buffer, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload, headers });
  const notify = async (...statuses: Parameters<typeof statusNotification>[0]) => {
    const { body, headers } = statusNotification(statuses);
    const res = await post(body, headers);
    expect(res.statusCode).toBe(200);
    return { body, headers };
  };
  const webhookJobs = async () =>
    (await t.db.select().from(jobs).where(eq(jobs.kind, WHATSAPP_WEBHOOK_JOB))).length;

  /** A guest's order, its 'commande reçue' sent: that message's row. */
  async function sentMessage() {
    orders += 1;
    const order = await placeGuestOrder(
      t,
      { productId: catalog.argan.product.id, variantId: catalog.argan.variants[0]?.id },
      { phone: `773${String(orders).padStart(6, '0')}`, session: `webhook-${engine}-${orders}` },
    );
    await drain();
    const [row] = await t.db.select().from(whatsapp_messages).where(eq(whatsapp_messages.order_id, order.id));
    return row as typeof whatsapp_messages.$inferSelect;
  }
  const stateOf = async (id: number) =>
    (await t.db.select().from(whatsapp_messages).where(eq(whatsapp_messages.id, id)))[0];

  it("answers Meta's verification with its challenge, and only with the verify token", async () => {
    const verify = (query: string) => t.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?${query}` });
    const ok = await verify(
      `hub.mode=subscribe&hub.verify_token=${SIMULATED.verifyToken}&hub.challenge=1158201444`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=devine&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${SIMULATED.verifyToken}&hub.challenge=1`,
      'hub.challenge=1',
    ])
      expect((await verify(query)).statusCode, query).toBe(403);
  });

  it('refuses an unsigned, wrongly signed, oversized or malformed post, and keeps nothing of it', async () => {
    const message = await sentMessage();
    const { body } = statusNotification([{ id: message.wamid as string, status: 'read' }]);
    const before = await webhookJobs();
    const refusals: [string | Buffer, Record<string, string>, number][] = [
      [body, { 'content-type': 'application/json' }, 401],
      [body, webhookHeaders(body, 'un-autre-secret'), 401],
      [body, { ...webhookHeaders(`${body} `), 'content-type': 'application/json' }, 401],
      [body, { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=zz' }, 401],
      ['{"object":', webhookHeaders('{"object":'), 400],
      ['{"object":"page","entry":[]}', webhookHeaders('{"object":"page","entry":[]}'), 400],
    ];
    for (const [payload, headers, status] of refusals) {
      const res = await post(payload, headers);
      expect(res.statusCode, String(payload).slice(0, 40)).toBe(status);
      expect(res.body).not.toContain(SIMULATED.appSecret);
    }
    const huge = Buffer.alloc(WEBHOOK_BODY_LIMIT + 1, 32);
    expect((await post(huge, webhookHeaders(huge))).statusCode).toBe(413);
    await drain();
    expect(await webhookJobs()).toBe(before);
    expect((await stateOf(message.id))?.state).toBe('sent');
  });

  it('keeps each state as it comes, only forward: a late or repeated notification changes nothing', async () => {
    const message = await sentMessage();
    const wamid = message.wamid as string;
    expect(message.state).toBe('sent');
    await notify({ id: wamid, status: 'delivered' });
    // Answered before its work: the state moves when the job runs.
    expect((await stateOf(message.id))?.state).toBe('sent');
    await drain();
    expect((await stateOf(message.id))?.state).toBe('delivered');
    const read = await notify({ id: wamid, status: 'read' });
    await drain();
    expect((await stateOf(message.id))?.state).toBe('read');
    // Late, and twice: 'sent' and 'delivered' after 'read'; the same post again is one job.
    await notify({ id: wamid, status: 'delivered' }, { id: wamid, status: 'sent' });
    const jobsBefore = await webhookJobs();
    expect((await post(read.body, read.headers)).statusCode).toBe(200);
    expect(await webhookJobs()).toBe(jobsBefore);
    await drain();
    expect((await stateOf(message.id))?.state).toBe('read');

    // Out of order from the start: 'read' first, 'delivered' after.
    const other = await sentMessage();
    await notify({ id: other.wamid as string, status: 'read' });
    await notify({ id: other.wamid as string, status: 'delivered' });
    await drain();
    expect((await stateOf(other.id))?.state).toBe('read');
  });

  it("keeps a failure's reason in French, and a status of a message that is not the shop's changes nothing", async () => {
    const message = await sentMessage();
    await notify(
      {
        id: message.wamid as string,
        status: 'failed',
        error: { code: 131026, title: 'Message undeliverable' },
      },
      { id: 'wamid.message-envoye-depuis-le-telephone', status: 'read' },
    );
    await drain();
    expect(await stateOf(message.id)).toMatchObject({
      state: 'failed',
      error_code: 131026,
      error_reason: "ce numéro n'est pas sur WhatsApp ou ne peut pas recevoir ce message",
    });
    // The other status named no message of the shop's: no row took its id.
    expect(
      await t.db
        .select()
        .from(whatsapp_messages)
        .where(eq(whatsapp_messages.wamid, 'wamid.message-envoye-depuis-le-telephone')),
    ).toEqual([]);
  });

  it("learns that an 'Envoi incertain' left, by the id it asked Meta to echo", async () => {
    sim.answerNextTo(`221773${String(orders + 1).padStart(6, '0')}`, 'drop');
    const message = await sentMessage();
    expect(message).toMatchObject({ state: 'uncertain', wamid: null });
    const sent = sim.sent.findLast((s) => s.template?.name === 'souk_commande_recue');
    expect(sent?.biz_opaque_callback_data).toBe(`souk:${message.id}`);
    await notify({ id: 'wamid.parti-malgre-tout', status: 'delivered', callback: `souk:${message.id}` });
    await drain();
    expect(await stateOf(message.id)).toMatchObject({ state: 'delivered', wamid: 'wamid.parti-malgre-tout' });
  });

  it('keeps only the statuses, their text made storable (U+0000, half a surrogate pair), and nothing else', async () => {
    const message = await sentMessage();
    const { body, headers } = statusNotification([
      {
        id: message.wamid as string,
        status: 'failed',
        error: { code: 999999, title: 'Erreur\u0000 inconnue\ud800' },
      },
    ]);
    expect((await post(body, headers)).statusCode).toBe(200);
    await drain();
    expect(await stateOf(message.id)).toMatchObject({
      state: 'failed',
      error_reason: 'erreur 999999 de WhatsApp (Erreur inconnue)',
    });
    // A customer's reply is not kept (read in a later step): no job for a notification without statuses.
    const reply = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        { id: '1', changes: [{ field: 'messages', value: { messages: [{ text: { body: 'a\u0000b' } }] } }] },
      ],
    });
    const before = await webhookJobs();
    expect((await post(reply, webhookHeaders(reply))).statusCode).toBe(200);
    expect(await webhookJobs()).toBe(before);
    expect(await t.db.select().from(jobs).where(eq(jobs.status, 'failed'))).toEqual([]);
  });
});

describe('the WhatsApp webhook of a shop without the Cloud API', () => {
  it('does not exist', async () => {
    const t = await createTestApp('pglite');
    try {
      const body = statusNotification([{ id: 'wamid.x', status: 'read' }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        payload: body.body,
        headers: body.headers,
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
