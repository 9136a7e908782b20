import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonCaller } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { describeOnPostgres } from '../../test/describe-on-postgres.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';
import {
  incomingNotification,
  startWhatsappSimulator,
  type WhatsappSimulator,
} from '../../test/whatsapp-simulator.ts';

// An open back office hears what changes (docs/decisions/0042): GET /api/admin/events is a stream
// of server-sent events, 'order:<id>' and 'bell', fed by the database's own notifications, so a
// change made by any process reaches every open page; the page reads itself again.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A listening app's events stream, read as a browser's EventSource would. */
async function openEvents(app: FastifyInstance, headers: Record<string, string>, since = Date.now()) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const abort = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/admin/events?since=${since}`, {
    headers: { ...headers, 'accept-encoding': 'br, gzip' },
    signal: abort.signal,
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const heard: string[] = [];
  let buffer = '';
  let read = 0;
  /** Reads what came next of the stream, its events added to `heard`. */
  async function readMore(waitingFor: string) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done)
      throw new Error(`stream ended before ${waitingFor} (heard ${heard.join(', ')})`);
    buffer += decoder.decode(chunk.value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks)
      for (const line of block.split('\n')) if (line.startsWith('data: ')) heard.push(line.slice(6));
  }
  /**
   * Reads until an event's data is `data`, after the one the last call found: events come in the
   * order their transactions committed.
   */
  async function until(data: string) {
    for (;;) {
      const at = heard.indexOf(data, read);
      if (at >= 0) {
        read = at + 1;
        return;
      }
      await readMore(`'${data}'`);
    }
  }
  /** The stream's first event: 'open', or 'resync' when the page must read itself again. */
  async function opened() {
    while (!heard.length) await readMore('its first event');
    return heard[0];
  }
  /** Reads to the end of the stream (the server ended it). */
  async function ended() {
    for (;;) if ((await reader?.read())?.done) return;
  }
  return { response, heard, until, opened, ended, close: () => abort.abort() };
}

describe.each(engines)('the back office events on %s', (engine) => {
  let sim: WhatsappSimulator;
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    sim = await startWhatsappSimulator();
    t = await createTestApp(engine, { env: sim.env });
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('streams, uncompressed and unbuffered, to an admin only', async () => {
    const customer = (await signedInUser(t.db)).auth;
    const call = jsonCaller(() => t.app);
    expect((await call('GET', '/admin/events')).status).toBe(401);
    expect((await call('GET', '/admin/events', customer)).status).toBe(403);
    const events = await openEvents(t.app, admin);
    try {
      expect(events.response.status).toBe(200);
      expect(events.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(events.response.headers.get('content-encoding')).toBeNull();
      expect(events.response.headers.get('x-accel-buffering')).toBe('no');
      expect(events.response.headers.get('cache-control')).toContain('no-store');
      await events.opened();
    } finally {
      events.close();
    }
  });

  it("opens with 'resync' when something changed since the page read its data, else with 'open'", async () => {
    // A page open already: this process hears every change.
    const watching = await openEvents(t.app, admin);
    try {
      await watching.opened();
      const readAt = Date.now();
      const order = await addOrder(t.db);
      await watching.until(`order:${order.id}`);
      const stale = await openEvents(t.app, admin, readAt);
      const fresh = await openEvents(t.app, admin, Date.now() + 1);
      try {
        expect(await stale.opened()).toBe('resync');
        expect(await fresh.opened()).toBe('open');
      } finally {
        stale.close();
        fresh.close();
      }
    } finally {
      watching.close();
    }
    expect((await jsonCaller(() => t.app)('GET', '/admin/events?since=demain', admin)).status).toBe(422);
  });

  it("says 'order:<id>' and 'bell' when an order moves, and when its customer writes on WhatsApp", async () => {
    const order = await addOrder(t.db, { contact_phone: '+221775550001' });
    const events = await openEvents(t.app, admin);
    try {
      await events.opened();
      const res = await jsonCaller(() => t.app)('PUT', `/admin/orders/${order.id}/status`, admin, {
        status: 'acceptée',
        confirmed_unpaid: true,
      });
      expect(res.status).toBe(200);
      await events.until(`order:${order.id}`);
      // It left 'en_attente': the bell's number changed.
      await events.until('bell');
      // The acceptance's message leaves ('order:<id>', and 'bell' once sent: the outage banner).
      while ((await t.app.jobs.runDue()) > 0);
      // A new order, added after all that: once heard with its 'bell', nothing earlier is left to come.
      const later = await addOrder(t.db);
      await events.until(`order:${later.id}`);
      await events.until('bell');

      const { body, headers } = incomingNotification([
        { from: '221775550001', type: 'text', text: 'Merci !' },
      ]);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: body, headers }))
          .statusCode,
      ).toBe(200);
      while ((await t.app.jobs.runDue()) > 0);
      // Her message, kept with her order: both ring.
      await events.until(`order:${order.id}`);
      await events.until('bell');
    } finally {
      events.close();
    }
  });
});

describeOnPostgres('the back office events with two processes on postgres', () => {
  it('reach a page served by one process when another makes the change, and a stop ends them as it begins', async () => {
    const t = await createTestApp('postgres');
    try {
      const admin = (await signedInUser(t.db, { role: 'admin' })).auth;
      const other = await t.secondProcess();
      const order = await addOrder(t.db);
      const events = await openEvents(other, admin);
      await events.opened();
      const res = await jsonCaller(() => t.app)('PUT', `/admin/orders/${order.id}/status`, admin, {
        status: 'annulée',
        reason: 'Cliente injoignable',
      });
      expect(res.status).toBe(200);
      await events.until(`order:${order.id}`);
      // The process serving the page stops: its streams end as its drain begins (the page
      // reconnects elsewhere), and a stream asked for meanwhile is refused.
      const draining = other.drain();
      await events.ended();
      expect((await jsonCaller(() => other)('GET', '/admin/events', admin)).status).toBe(503);
      await draining;
    } finally {
      await t.close();
    }
  });
});
