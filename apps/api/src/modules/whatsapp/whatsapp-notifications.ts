import type { WhatsappMessageState } from '@souk/domain/whatsapp';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { failureReason } from './cloud-api.ts';
import * as repo from './whatsapp-messages.repository.ts';
import * as received from './whatsapp-received.repository.ts';
import {
  type KeptReceived,
  KeptReceivedSchema,
  type KeptStatus,
  KeptStatusSchema,
} from './whatsapp-webhook.routes.ts';

// What Meta notifies, applied by the webhook's job (docs/decisions/0041): the states of the shop's
// messages, only forward, and the customers' messages, kept once with their order.

/** What a send asks Meta to echo in its status notifications: finds a message whose send's answer was lost. */
export const callbackOf = (id: number) => `souk:${id}`;
const idOfCallback = (callback: string | undefined) => {
  const match = /^souk:(\d{1,12})$/.exec(callback ?? '');
  return match ? Number(match[1]) : null;
};

/** Whose a number is: the account of that WhatsApp number, and its latest open order (either may be null). */
export type Correspondent = { userId: number | null; orderId: number | null };
export type FindCorrespondent = (tx: DbOrTx, phone: string) => Promise<Correspondent>;

/** How far along a message is: a notification moves it only forward (they come late, twice, out of order). */
const PROGRESS: Record<WhatsappMessageState, number> = {
  queued: 0,
  sending: 0,
  uncertain: 0,
  sent: 1,
  failed: 2,
  delivered: 3,
  read: 4,
};
const NOTIFIED = ['sent', 'delivered', 'read', 'failed'] as const;

// A job queued before customers' messages were kept has statuses only.
const KeptNotificationSchema = z.object({
  statuses: z.array(KeptStatusSchema),
  received: z.array(KeptReceivedSchema).default([]),
});

/**
 * One status of one of the shop's messages: found by Meta's id, or by the id the send asked Meta to
 * echo (a message whose answer was lost, 'uncertain', learns here that it left). Applied under the
 * row's lock, only if it moves the message forward: a 'delivered' after 'read', or a repeat,
 * changes nothing; a 'failed' then 'delivered' (another of her phones) ends 'delivered'.
 */
async function applyStatus(db: Db, status: KeptStatus) {
  const next = NOTIFIED.find((s) => s === status.status);
  if (!next) return;
  const byCallback = idOfCallback(status.callback ?? undefined);
  await db.transaction(async (tx) => {
    const row =
      (await repo.lockMessageByWamid(tx, status.id)) ??
      (byCallback ? await repo.lockMessage(tx, byCallback) : null);
    // Not one of the shop's messages (or purged since): nothing to do.
    if (!row || PROGRESS[next] <= PROGRESS[row.state]) return;
    await repo.moveMessage(tx, row.id, row.state, {
      state: next,
      wamid: row.wamid ?? status.id,
      ...(next === 'failed'
        ? {
            error_code: status.error_code,
            error_reason: failureReason(status.error_code, status.error_title ?? undefined),
          }
        : { error_code: null, error_reason: null }),
    });
  });
}

/**
 * A customer's message, kept once (by Meta's id) with the account of her number and its latest
 * open order, so that her order's card and the bell show it; it opens the 24-hour window.
 */
async function keepReceived(db: Db, message: KeptReceived, findCorrespondent: FindCorrespondent) {
  const sender = `+${message.from}`;
  await db.transaction(async (tx) => {
    const { userId, orderId } = await findCorrespondent(tx, sender);
    await received.insertReceived(tx, {
      wamid: message.id,
      sender,
      profile_name: message.name,
      user_id: userId,
      order_id: orderId,
      kind: message.type,
      body: message.body,
      // Meta's clock, never later than ours: a date to come would hold the 24-hour window open.
      sent_at: new Date(Math.min(message.at * 1000, Date.now())).toISOString(),
    });
  });
}

/** A notification (as the webhook kept it): its customers' messages kept, its statuses applied. */
export async function applyNotification(db: Db, payload: unknown, findCorrespondent: FindCorrespondent) {
  const kept = KeptNotificationSchema.safeParse(payload);
  if (!kept.success) return;
  for (const message of kept.data.received) await keepReceived(db, message, findCorrespondent);
  for (const status of kept.data.statuses) await applyStatus(db, status);
}
