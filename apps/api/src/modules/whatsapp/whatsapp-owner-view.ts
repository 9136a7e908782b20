import { type OrderWhatsapp, WHATSAPP_INBOX_SHOWN, type WhatsappInbox } from '@souk/domain/whatsapp';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isTokenRefusal } from './cloud-api.ts';
import { mayResend } from './whatsapp.service.ts';
import * as repo from './whatsapp-messages.repository.ts';
import * as received from './whatsapp-received.repository.ts';

// What the owner sees of WhatsApp (docs/decisions/0041): an order's conversation, the bell's
// unread messages, and why the shop cannot write at the moment.

/** An order's WhatsApp as its details show it: whether the shop writes by itself, and each message's state. */
export async function orderWhatsapp(db: DbOrTx, orderId: number, automatic: boolean): Promise<OrderWhatsapp> {
  const [rows, replies] = await Promise.all([
    repo.findOrderMessages(db, orderId),
    received.findOrderReceived(db, orderId),
  ]);
  const resent = new Set(rows.map((row) => row.resend_of));
  return {
    automatic,
    messages: rows.map((row) => ({
      id: row.id,
      audience: row.audience,
      recipient: row.recipient,
      body: row.body,
      state: row.state,
      reason: row.state === 'failed' || row.state === 'uncertain' ? row.error_reason : null,
      at: new Date(row.state_at).toISOString(),
      written_at: new Date(row.created_at).toISOString(),
      resendable: automatic && mayResend(row) && !resent.has(row.id),
      resent: resent.has(row.id),
    })),
    received: replies.map((row) => ({
      id: row.id,
      kind: row.kind,
      body: row.body,
      at: new Date(row.sent_at).toISOString(),
    })),
  };
}

/**
 * The bell's WhatsApp: the customers' messages not yet marked read, the newest first, each with its
 * order's number (asked of the orders module, which owns them).
 */
export async function whatsappInbox(
  db: DbOrTx,
  orderNumbers: (ids: number[]) => Promise<Map<number, string>>,
): Promise<WhatsappInbox> {
  const { rows, total } = await received.findUnseen(db, WHATSAPP_INBOX_SHOWN);
  const numbers = await orderNumbers([
    ...new Set(rows.flatMap((row) => (row.order_id ? [row.order_id] : []))),
  ]);
  return {
    total,
    messages: rows.map((row) => {
      const number = row.order_id === null ? undefined : numbers.get(row.order_id);
      return {
        id: row.id,
        kind: row.kind,
        body: row.body,
        at: new Date(row.sent_at).toISOString(),
        sender: row.sender,
        name: row.profile_name,
        order: row.order_id !== null && number ? { id: row.order_id, order_number: number } : null,
      };
    }),
  };
}

/** 'Marquer comme lu' in the bell: answers how many were still unread. */
export const markReceivedSeen = (db: Db, ids: number[]) => received.markSeen(db, ids);

/**
 * Why the shop cannot write at the moment (its token refused: expired, revoked), from the latest
 * message Meta answered; null while it can. The back office says it on every page.
 */
export async function whatsappOutage(db: DbOrTx): Promise<string | null> {
  const latest = await repo.findLatestAnswered(db);
  return latest?.state === 'failed' && isTokenRefusal(latest.error_code) ? latest.error_reason : null;
}
