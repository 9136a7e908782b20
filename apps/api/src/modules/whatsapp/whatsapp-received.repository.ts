import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { whatsapp_received } from '../../db/schema.ts';

// Only this file builds SQL on whatsapp_received (the whatsapp module owns the table).

export type ReceivedRow = typeof whatsapp_received.$inferSelect;
export type NewReceived = Pick<
  typeof whatsapp_received.$inferInsert,
  'wamid' | 'sender' | 'profile_name' | 'user_id' | 'order_id' | 'kind' | 'body' | 'sent_at'
>;

/** Keeps a customer's message once: nothing when Meta's id is known already (a repeated delivery). */
export async function insertReceived(tx: DbOrTx, message: NewReceived): Promise<boolean> {
  const rows = await tx
    .insert(whatsapp_received)
    .values(message)
    .onConflictDoNothing({ target: whatsapp_received.wamid })
    .returning({ id: whatsapp_received.id });
  return rows.length > 0;
}

/** Whether `sender` wrote to the shop after `since` (the 24-hour window is open). */
export async function wroteSince(db: DbOrTx, sender: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: whatsapp_received.id })
    .from(whatsapp_received)
    .where(and(eq(whatsapp_received.sender, sender), gt(whatsapp_received.sent_at, since.toISOString())))
    .limit(1);
  return row !== undefined;
}

/** The messages kept with an order, oldest first. */
export async function findOrderReceived(db: DbOrTx, orderId: number): Promise<ReceivedRow[]> {
  return db
    .select()
    .from(whatsapp_received)
    .where(eq(whatsapp_received.order_id, orderId))
    .orderBy(asc(whatsapp_received.sent_at), asc(whatsapp_received.id));
}

/** The messages the owner has not marked read, newest first, at most `limit`; and how many there are. */
export async function findUnseen(db: DbOrTx, limit: number): Promise<{ rows: ReceivedRow[]; total: number }> {
  const unseen = isNull(whatsapp_received.seen_at);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(whatsapp_received)
      .where(unseen)
      .orderBy(desc(whatsapp_received.sent_at), desc(whatsapp_received.id))
      .limit(limit),
    db.select({ total: sql<number>`count(*)::int` }).from(whatsapp_received).where(unseen),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Marks these messages read (those of `ids` still unread); answers how many. */
export async function markSeen(db: DbOrTx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(whatsapp_received)
    .set({ seen_at: sql`now()` })
    .where(and(inArray(whatsapp_received.id, ids), isNull(whatsapp_received.seen_at)))
    .returning({ id: whatsapp_received.id });
  return rows.length;
}

/** Messages received more than `maxAgeMs` ago: gone. Answers how many. */
export async function deleteOldReceived(db: DbOrTx, maxAgeMs: number): Promise<number> {
  const gone = await db
    .delete(whatsapp_received)
    .where(lt(whatsapp_received.created_at, sql`now() - make_interval(secs => ${maxAgeMs / 1000})`))
    .returning({ id: whatsapp_received.id });
  return gone.length;
}
