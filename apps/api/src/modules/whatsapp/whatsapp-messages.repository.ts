import type { WhatsappMessageState } from '@souk/domain/whatsapp';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { whatsapp_messages } from '../../db/schema.ts';

// Only this file builds SQL on whatsapp_messages (the whatsapp module owns the table).

export type WhatsappMessageRow = typeof whatsapp_messages.$inferSelect;
export type NewWhatsappMessage = Pick<
  typeof whatsapp_messages.$inferInsert,
  'key' | 'order_id' | 'audience' | 'recipient' | 'template' | 'params' | 'body' | 'resend_of'
>;

/** The message of `key`, made once: null when a message of that key exists already. */
export async function insertMessage(tx: DbOrTx, message: NewWhatsappMessage): Promise<number | null> {
  const [row] = await tx
    .insert(whatsapp_messages)
    .values(message)
    .onConflictDoNothing({ target: whatsapp_messages.key })
    .returning({ id: whatsapp_messages.id });
  return row?.id ?? null;
}

/** The message, its row locked until the transaction ends (one process sends it). */
export async function lockMessage(tx: DbOrTx, id: number): Promise<WhatsappMessageRow | null> {
  const [row] = await tx.select().from(whatsapp_messages).where(eq(whatsapp_messages.id, id)).for('update');
  return row ?? null;
}

/** The message Meta knows as `wamid`, its row locked. */
export async function lockMessageByWamid(tx: DbOrTx, wamid: string): Promise<WhatsappMessageRow | null> {
  const [row] = await tx
    .select()
    .from(whatsapp_messages)
    .where(eq(whatsapp_messages.wamid, wamid))
    .for('update');
  return row ?? null;
}

type StateChange = Partial<Pick<WhatsappMessageRow, 'wamid' | 'error_code' | 'error_reason' | 'attempts'>> & {
  state: WhatsappMessageState;
};

/**
 * Moves the message to `change.state`, only from `from` (the state its sender left it in): a
 * change that finds it elsewhere (another process moved it meanwhile) changes nothing. Answers
 * whether it moved.
 */
export async function moveMessage(
  db: DbOrTx,
  id: number,
  from: WhatsappMessageState,
  change: StateChange,
): Promise<boolean> {
  const moved = await db
    .update(whatsapp_messages)
    .set({ ...change, state_at: sql`now()`, updated_at: sql`now()` })
    .where(and(eq(whatsapp_messages.id, id), eq(whatsapp_messages.state, from)))
    .returning({ id: whatsapp_messages.id });
  return moved.length > 0;
}

/** Messages written more than `maxAgeMs` ago: gone. Answers how many. */
export async function deleteOldMessages(db: DbOrTx, maxAgeMs: number): Promise<number> {
  const gone = await db
    .delete(whatsapp_messages)
    .where(lt(whatsapp_messages.created_at, sql`now() - make_interval(secs => ${maxAgeMs / 1000})`))
    .returning({ id: whatsapp_messages.id });
  return gone.length;
}

/** An order's messages, oldest first. */
export async function findOrderMessages(db: DbOrTx, orderId: number): Promise<WhatsappMessageRow[]> {
  return db
    .select()
    .from(whatsapp_messages)
    .where(eq(whatsapp_messages.order_id, orderId))
    .orderBy(asc(whatsapp_messages.created_at), asc(whatsapp_messages.id));
}

/**
 * The latest message Meta answered, taken or refused, by when it was queued (a late notification
 * about an older message does not make it the latest): whether the shop can write at the moment.
 */
export async function findLatestAnswered(db: DbOrTx): Promise<WhatsappMessageRow | null> {
  const [row] = await db
    .select()
    .from(whatsapp_messages)
    .where(inArray(whatsapp_messages.state, ['sent', 'delivered', 'read', 'failed']))
    .orderBy(desc(whatsapp_messages.id))
    .limit(1);
  return row ?? null;
}

/** The ids of messages left in `state` since before `maxAgeMs` ago. */
export async function findStale(
  db: DbOrTx,
  state: WhatsappMessageState,
  maxAgeMs: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: whatsapp_messages.id })
    .from(whatsapp_messages)
    .where(
      and(
        eq(whatsapp_messages.state, state),
        lt(whatsapp_messages.state_at, sql`now() - make_interval(secs => ${maxAgeMs / 1000})`),
      ),
    );
  return rows.map((row) => row.id);
}
