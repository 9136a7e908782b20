import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, whatsapp_received } from '../../db/schema.ts';
import { createTestApp, jsonCaller } from '../../test/app.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { addUser, signedInUser } from '../../test/user-fixtures.ts';
import {
  incomingNotification,
  type SimulatedIncoming,
  startWhatsappSimulator,
  type WhatsappSimulator,
} from '../../test/whatsapp-simulator.ts';
import { WHATSAPP_WEBHOOK_JOB } from './whatsapp-webhook.routes.ts';

// What customers write to the shop's number (docs/decisions/0041): kept once with the account of
// that number and its latest open order, shown on that order's card and in the bell (from an
// unknown number too) until the owner marks it read, and opening the 24 hours in which the shop's
// next message to her goes as free text rather than a template.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe.each(engines)("customers' WhatsApp messages on %s", (engine) => {
  let sim: WhatsappSimulator;
  let t: TestApp;
  let admin: Record<string, string>;
  let numbers = 0;

  beforeAll(async () => {
    sim = await startWhatsappSimulator();
    t = await createTestApp(engine, { env: sim.env });
    await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' })).auth;
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const call = jsonCaller(() => t.app);
  const drain = async () => {
    while ((await t.app.jobs.runDue()) > 0);
  };
  /** Meta notifies these messages: answered at once, kept once the job ran. */
  async function write(...messages: SimulatedIncoming[]) {
    const { body, headers } = incomingNotification(messages);
    const res = await t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: body, headers });
    expect(res.statusCode).toBe(200);
    await drain();
    return { body, headers };
  }
  /** A number no one has used yet in this run (digits, as Meta writes them). */
  const newNumber = () => `22176${engine === 'postgres' ? 1 : 2}${String(++numbers).padStart(6, '0')}`;
  const bell = async () => {
    const res = await call('GET', '/admin/notifications', admin);
    expect(res.status).toBe(200);
    return res.body.data.whatsapp_inbox as {
      total: number;
      messages: {
        id: number;
        sender: string;
        name: string | null;
        kind: string;
        body: string | null;
        order: unknown;
      }[];
    };
  };
  const orderWhatsapp = async (id: number) => {
    const res = await call('GET', `/admin/orders/${id}`, admin);
    expect(res.status).toBe(200);
    return res.body.data.order.whatsapp as { received: { kind: string; body: string | null }[] };
  };

  it('keeps her message with her account and her latest open order: on its card and in the bell, once', async () => {
    const from = newNumber();
    const customer = await addUser(t.db, { name: 'Fatou Ndiaye', whatsapp_phone: `+${from}` });
    const older = await addOrder(t.db, {
      user_id: customer.id,
      contact_phone: `+${from}`,
      status: 'acceptée',
    });
    const collected = await addOrder(t.db, {
      user_id: customer.id,
      contact_phone: `+${from}`,
      status: 'disponible',
    });
    const latest = await addOrder(t.db, { user_id: customer.id, contact_phone: '+221770000999' });
    const note = await write({ from, name: 'Fatou', type: 'text', text: 'Bonjour, je passe demain à 10 h' });

    // The latest open one: placed by her account (with another number), not the collected one.
    expect((await orderWhatsapp(latest.id)).received).toEqual([
      expect.objectContaining({ kind: 'text', body: 'Bonjour, je passe demain à 10 h' }),
    ]);
    expect((await orderWhatsapp(older.id)).received).toEqual([]);
    expect((await orderWhatsapp(collected.id)).received).toEqual([]);
    const [row] = await t.db
      .select()
      .from(whatsapp_received)
      .where(eq(whatsapp_received.sender, `+${from}`));
    expect(row).toMatchObject({ user_id: customer.id, order_id: latest.id, profile_name: 'Fatou' });

    const inbox = await bell();
    expect(inbox.messages[0]).toMatchObject({
      sender: `+${from}`,
      name: 'Fatou',
      kind: 'text',
      body: 'Bonjour, je passe demain à 10 h',
      order: { id: latest.id, order_number: latest.order_number },
    });

    // Meta delivers at least once: the same notification again keeps nothing more.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      payload: note.body,
      headers: note.headers,
    });
    expect(res.statusCode).toBe(200);
    await drain();
    expect(
      await t.db
        .select()
        .from(whatsapp_received)
        .where(eq(whatsapp_received.sender, `+${from}`)),
    ).toHaveLength(1);
    expect((await bell()).total).toBe(inbox.total);
  });

  it('shows a message from a number with no account nor order in the bell, as from that number; a photo and a voice note noted as such', async () => {
    const stranger = newNumber();
    await write(
      { from: stranger, name: 'Inconnue', type: 'image', caption: 'Celui-ci en 50 ml ?' },
      { from: stranger, name: 'Inconnue', type: 'audio' },
    );
    const mine = (await bell()).messages.filter((m) => m.sender === `+${stranger}`);
    expect(mine.map((m) => [m.kind, m.body, m.order])).toEqual(
      expect.arrayContaining([
        ['image', 'Celui-ci en 50 ml ?', null],
        ['audio', null, null],
      ]),
    );
    // A guest who ordered with that number: her next message goes with the order.
    const order = await addOrder(t.db, { contact_phone: `+${stranger}` });
    await write({ from: stranger, type: 'sticker' });
    expect((await orderWhatsapp(order.id)).received).toEqual([
      expect.objectContaining({ kind: 'sticker', body: null }),
    ]);
  });

  it("leaves the bell once marked read, and refuses ids that are not a list of messages' ids", async () => {
    const from = newNumber();
    await write({ from, type: 'text', text: 'Vous êtes ouverts dimanche ?' });
    const before = await bell();
    const mine = before.messages.filter((m) => m.sender === `+${from}`);
    expect(mine).toHaveLength(1);
    const marked = await call('POST', '/admin/whatsapp/seen', admin, { ids: mine.map((m) => m.id) });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ data: { marked: 1 }, message: 'Messages marqués comme lus' });
    const after = await bell();
    expect(after.total).toBe(before.total - 1);
    expect(after.messages.some((m) => m.sender === `+${from}`)).toBe(false);
    // Again: nothing left to mark.
    expect(
      (await call('POST', '/admin/whatsapp/seen', admin, { ids: mine.map((m) => m.id) })).body.data,
    ).toEqual({
      marked: 0,
    });
    for (const body of [
      { ids: [] },
      { ids: ['x'] },
      { ids: Array.from({ length: 21 }, (_, i) => i + 1) },
      {},
    ]) {
      const res = await call('POST', '/admin/whatsapp/seen', admin, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it('keeps nothing of a message that lacks what Meta always sends (who, its id, when)', async () => {
    const before = (await t.db.select().from(jobs).where(eq(jobs.kind, WHATSAPP_WEBHOOK_JOB))).length;
    const { body, headers } = incomingNotification([{ from: 'pas-un-numero', type: 'text', text: 'x' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: body, headers });
    expect(res.statusCode).toBe(200);
    expect((await t.db.select().from(jobs).where(eq(jobs.kind, WHATSAPP_WEBHOOK_JOB))).length).toBe(before);
  });

  it('writes to her as free text in the 24 hours after she wrote, and with the template outside them', async () => {
    const from = newNumber();
    const order = await addOrder(t.db, { contact_name: 'Mariama Ba', contact_phone: `+${from}` });
    const accept = () =>
      call('PUT', `/admin/orders/${order.id}/status`, admin, { status: 'acceptée', confirmed_unpaid: true });
    // She wrote 25 hours ago: the window is closed, the template goes.
    await write({
      from,
      type: 'text',
      text: 'Bonjour',
      timestamp: Math.floor(Date.now() / 1000) - 25 * 3600,
    });
    expect((await accept()).status).toBe(200);
    await drain();
    const accepted = sim.sent.filter((s) => s.to === from);
    expect(accepted.map((s) => s.type)).toEqual(['template']);

    // She writes now: the next message is the same words as free text.
    await write({ from, type: 'text', text: 'Je peux payer ce soir ?' });
    const cancel = await call('PUT', `/admin/orders/${order.id}/status`, admin, {
      status: 'annulée',
      reason: 'Rupture',
    });
    expect(cancel.status).toBe(200);
    await drain();
    const [, cancelled] = sim.sent.filter((s) => s.to === from);
    expect(cancelled?.type).toBe('text');
    expect(cancelled?.template).toBeUndefined();
    const { messages } = (await call('GET', `/admin/orders/${order.id}`, admin)).body.data.order.whatsapp;
    expect(cancelled?.text?.body).toBe(messages.at(-1).body);
    expect(cancelled?.text?.body).toContain('Rupture');
  });
});

describe('customers’ WhatsApp messages in a shop without the Cloud API', () => {
  it('are not read: the bell has no WhatsApp', async () => {
    const t = await createTestApp('pglite');
    try {
      const admin = (await signedInUser(t.db, { role: 'admin' })).auth;
      const res = await jsonCaller(() => t.app)('GET', '/admin/notifications', admin);
      expect(res.body.data.whatsapp_inbox).toBeNull();
    } finally {
      await t.close();
    }
  });
});
