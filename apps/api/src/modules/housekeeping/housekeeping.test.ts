import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  carts,
  password_reset_tokens,
  product_batches,
  sessions,
  whatsapp_messages,
  whatsapp_received,
} from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addUser, sessionFor } from '../../test/user-fixtures.ts';
import { hashToken } from '../auth/tokens.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { HOUSEKEEPING_JOB, purgeExpired } from './housekeeping.service.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe.each(engines)('housekeeping on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let c: Awaited<ReturnType<typeof seedCatalog>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: { schedule: true } });
    c = await seedCatalog(t.db);
  });
  afterAll(() => t?.close());

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const setSession = (token: string, values: Partial<typeof sessions.$inferInsert>) =>
    t.db
      .update(sessions)
      .set(values)
      .where(eq(sessions.token_hash, hashToken(token)));

  it('ends a session left unused for 14 days, though it has not expired', async () => {
    const user = await addUser(t.db);
    const token = await sessionFor(t.db, user.id);
    await setSession(token, { last_used_at: daysAgo(13) });
    expect((await me(token)).statusCode).toBe(200);
    await setSession(token, { last_used_at: daysAgo(15) });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('purges dead sessions, old reset links and abandoned guest carts, and nothing alive', async () => {
    const user = await addUser(t.db);
    const [live, expired, idle] = [
      await sessionFor(t.db, user.id),
      await sessionFor(t.db, user.id),
      await sessionFor(t.db, user.id),
    ];
    await setSession(expired, { expires_at: daysAgo(1) });
    await setSession(idle, { last_used_at: daysAgo(15) });
    await t.db.insert(password_reset_tokens).values([
      { user_id: user.id, token_hash: 'fresh', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
      { user_id: user.id, token_hash: 'old', expires_at: daysAgo(2) },
    ]);
    const product = c.lait.product.id;
    await putInCart(t.db, { sessionId: 'panier-abandonne' }, { productId: product });
    await putInCart(t.db, { sessionId: 'panier-ancien-mais-touche' }, { productId: product });
    await putInCart(t.db, { sessionId: 'panier-du-jour' }, { productId: product });
    await putInCart(t.db, { userId: user.id }, { productId: product });
    const old = daysAgo(31);
    await t.db
      .update(carts)
      .set({ updated_at: old })
      .where(inArray(carts.session_id, ['panier-abandonne', 'panier-ancien-mais-touche']));
    await t.db.update(carts).set({ updated_at: old }).where(eq(carts.user_id, user.id));
    await t.db.execute(
      sql`update cart_items set updated_at = ${old}
           where cart_id in (select id from carts where session_id = 'panier-abandonne' or user_id = ${user.id})`,
    );

    await t.db.insert(product_batches).values([
      { id: 'lot-d-hier', total: 3, processed: 3, status: 'done', created_at: daysAgo(2) },
      { id: 'lot-en-cours', total: 50, processed: 10, status: 'processing' },
    ]);

    const purged = await purgeExpired(t.db);
    expect(purged).toMatchObject({ reset_tokens: 1, guest_carts: 1, batches: 1 });
    expect((await t.db.select({ id: product_batches.id }).from(product_batches)).map((b) => b.id)).toEqual([
      'lot-en-cours',
    ]);
    expect(purged.sessions).toBeGreaterThanOrEqual(2);
    const left = await t.db
      .select({ token_hash: sessions.token_hash })
      .from(sessions)
      .where(inArray(sessions.token_hash, [live, expired, idle].map(hashToken)));
    expect(left).toEqual([{ token_hash: hashToken(live) }]);

    expect((await me(live)).statusCode).toBe(200);
    const tokens = await t.db
      .select()
      .from(password_reset_tokens)
      .where(eq(password_reset_tokens.user_id, user.id));
    expect(tokens.map((r) => r.token_hash)).toEqual(['fresh']);
    const remaining = await t.db.select({ session_id: carts.session_id, user_id: carts.user_id }).from(carts);
    const ids = remaining.map((r) => r.session_id);
    expect(ids).not.toContain('panier-abandonne');
    expect(ids).toEqual(expect.arrayContaining(['panier-ancien-mais-touche', 'panier-du-jour']));
    expect(remaining.some((r) => r.user_id === user.id)).toBe(true);
    // The abandoned cart's lines went with it.
    const orphans = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from cart_items i where not exists (select 1 from carts c where c.id = i.cart_id)`,
    );
    expect(orphans).toEqual([{ n: 0 }]);
  });

  /** A message the shop wrote to a customer. */
  const shopMessage = (key: string) => ({
    key,
    audience: 'customer' as const,
    recipient: '+221771234567',
    template: 'souk_commande_prete',
    params: ['Awa'],
    body: 'Bonjour Awa,',
  });

  it('purges WhatsApp messages after 90 days, sent or received, and keeps the younger ones', async () => {
    const message = (key: string, created_at: string) => ({ ...shopMessage(key), created_at });
    await t.db
      .insert(whatsapp_messages)
      .values([message('vieux', daysAgo(91)), message('recent', daysAgo(89))]);
    const received = (wamid: string, created_at: string) => ({
      wamid,
      sender: '+221771234567',
      kind: 'text',
      body: 'Bonjour',
      sent_at: created_at,
      created_at,
    });
    await t.db
      .insert(whatsapp_received)
      .values([received('wamid.vieux', daysAgo(91)), received('wamid.recent', daysAgo(89))]);
    expect((await purgeExpired(t.db)).whatsapp_messages).toBe(2);
    expect(
      (await t.db.select({ key: whatsapp_messages.key }).from(whatsapp_messages)).map((m) => m.key),
    ).toEqual(['recent']);
    expect(
      (await t.db.select({ wamid: whatsapp_received.wamid }).from(whatsapp_received)).map((m) => m.wamid),
    ).toEqual(['wamid.recent']);
  });

  it("closes a WhatsApp message whose job is gone: 'uncertain' when it was being sent, 'failed' when it never left the queue; not one its job still holds", async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
    const rows = await t.db
      .insert(whatsapp_messages)
      .values([
        { ...shopMessage('coince-envoi'), state: 'sending' as const, state_at: hoursAgo(2) },
        { ...shopMessage('envoi-en-cours'), state: 'sending' as const, state_at: hoursAgo(0) },
        { ...shopMessage('coince-file'), state: 'queued' as const, state_at: hoursAgo(7) },
        { ...shopMessage('file-en-attente'), state: 'queued' as const, state_at: hoursAgo(7) },
      ])
      .returning({ id: whatsapp_messages.id, key: whatsapp_messages.key });
    // A retry's delay still ahead: its job waits, the message is its.
    const waiting = rows.find((row) => row.key === 'file-en-attente')?.id;
    await enqueueJob(
      t.db,
      'whatsapp.send',
      { message_id: waiting },
      { key: `whatsapp:${waiting}`, delayMs: 3600_000 },
    );
    expect((await purgeExpired(t.db)).whatsapp_stuck).toBe(2);
    const states = await t.db
      .select({
        key: whatsapp_messages.key,
        state: whatsapp_messages.state,
        reason: whatsapp_messages.error_reason,
      })
      .from(whatsapp_messages)
      .where(
        inArray(
          whatsapp_messages.id,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(whatsapp_messages.key);
    expect(states).toEqual([
      { key: 'coince-envoi', state: 'uncertain', reason: "l'envoi est resté en cours plus d'une heure" },
      { key: 'coince-file', state: 'failed', reason: "l'envoi n'a pas pu se faire" },
      { key: 'envoi-en-cours', state: 'sending', reason: null },
      { key: 'file-en-attente', state: 'queued', reason: null },
    ]);
  });

  it('runs every hour as a recurring job the app schedules at its start', async () => {
    const user = await addUser(t.db);
    const idle = await sessionFor(t.db, user.id);
    await setSession(idle, { last_used_at: daysAgo(15) });
    const scheduled = await queryRows<{ every_ms: number; status: string }>(
      t.db,
      sql`select every_ms, status from jobs where kind = ${HOUSEKEEPING_JOB}`,
    );
    expect(scheduled).toEqual([{ every_ms: 60 * 60 * 1000, status: 'queued' }]);
    await t.app.jobs.dueNow(HOUSEKEEPING_JOB);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(idle))),
    ).toEqual([]);
    // Queued again for the next hour, not finished.
    const next = await queryRows<{ status: string; due_in_minutes: number }>(
      t.db,
      sql`select status, round(extract(epoch from run_at - now()) / 60)::int as due_in_minutes
            from jobs where kind = ${HOUSEKEEPING_JOB}`,
    );
    expect(next).toEqual([{ status: 'queued', due_in_minutes: 60 }]);
  });
});
