import { messageText, type TemplatedMessage, templateValues } from '@souk/domain/message-template';
import {
  type OrderWhatsapp,
  WHATSAPP_INBOX_SHOWN,
  WHATSAPP_MESSAGE_NOT_FOUND,
  WHATSAPP_NOT_CONFIGURED,
  WHATSAPP_RESEND_REFUSED,
  type WhatsappAudience,
  type WhatsappInbox,
  type WhatsappMessageState,
} from '@souk/domain/whatsapp';
import { z } from 'zod';
import { AppError } from '#shared/app-error.ts';
import type { WhatsappConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobContext, JobKind } from '../jobs/job-runner.ts';
import { enqueueJob, pendingJobKeys } from '../jobs/jobs.service.ts';
import { failureReason, isTokenRefusal, mayPassLater, sendMessage } from './cloud-api.ts';
import * as repo from './whatsapp-messages.repository.ts';
import * as received from './whatsapp-received.repository.ts';
import {
  type KeptReceived,
  KeptReceivedSchema,
  type KeptStatus,
  KeptStatusSchema,
  WHATSAPP_WEBHOOK_JOB,
} from './whatsapp-webhook.routes.ts';

// The messages the shop sends itself (docs/decisions/0041-whatsapp-cloud-api.md). A message is a
// row made in the transaction of what it tells, with a job that sends it after the commit: a
// change and its message are committed together, and the Cloud API, slow or down, never holds a
// change back. The Cloud API takes no idempotency key: a send whose answer never came is
// 'uncertain', and is never sent again by itself.

export const WHATSAPP_SEND_JOB = 'whatsapp.send';
/** With the jobs' delays (30 s, 1 min, 2 min… up to an hour), about two hours of trying before 'failed'. */
export const WHATSAPP_SEND_ATTEMPTS = 9;

/** A customer's number the Cloud API can write to: one stored in international form. */
export const isWhatsappNumber = (phone: string | null): phone is string =>
  phone !== null && /^\+\d{6,15}$/.test(phone);

export type QueuedMessage = {
  /** What it tells, once ('order:42:history:311'): a retry or a second process queues nothing more. */
  key: string;
  orderId: number | null;
  audience: WhatsappAudience;
  to: string;
  message: TemplatedMessage;
};

/** Queues a message in the caller's transaction; nothing when one of its key exists already. */
export async function queueWhatsapp(tx: DbOrTx, { key, orderId, audience, to, message }: QueuedMessage) {
  const id = await repo.insertMessage(tx, {
    key,
    order_id: orderId,
    audience,
    recipient: to,
    template: message.name,
    params: [...templateValues(message)],
    body: messageText(message),
  });
  if (id !== null) await enqueueSend(tx, id);
}

const sendJobKey = (id: number) => `whatsapp:${id}`;
const enqueueSend = (tx: DbOrTx, id: number) =>
  enqueueJob(
    tx,
    WHATSAPP_SEND_JOB,
    { message_id: id },
    { key: sendJobKey(id), maxAttempts: WHATSAPP_SEND_ATTEMPTS },
  );

/**
 * Whether the owner may have the shop send `row` again: never a message that left or is leaving,
 * nor one that is itself sent again (once means once, whatever became of the copy).
 */
const mayResend = (row: repo.WhatsappMessageRow) =>
  row.resend_of === null &&
  (row.state === 'uncertain' || (row.state === 'failed' && mayPassLater(row.error_code)));

/**
 * The owner's 'Renvoyer' on one of the order's messages whose sending is uncertain or failed for a
 * reason that may pass: the same words to the same number, as a message of its own, queued now.
 * Once: the copy's key is the original's, so a second tap (or a second admin) changes nothing and
 * is told so. Never done by the shop itself: an uncertain message may have reached her.
 */
export async function resendMessage(db: Db, orderId: number, messageId: number, configured: boolean) {
  if (!configured) throw new AppError('conflict', WHATSAPP_NOT_CONFIGURED);
  await db.transaction(async (tx) => {
    const row = await repo.lockMessage(tx, messageId);
    if (!row || row.order_id !== orderId) throw new AppError('not_found', WHATSAPP_MESSAGE_NOT_FOUND);
    if (!mayResend(row)) throw new AppError('conflict', WHATSAPP_RESEND_REFUSED);
    const id = await repo.insertMessage(tx, {
      key: `${row.key}:resend`,
      order_id: row.order_id,
      audience: row.audience,
      recipient: row.recipient,
      template: row.template,
      params: row.params,
      body: row.body,
      resend_of: row.id,
    });
    if (id === null) throw new AppError('conflict', WHATSAPP_RESEND_REFUSED);
    await enqueueSend(tx, id);
  });
}

/** A message is kept this long (its words, its number, what became of it), then purged. */
export const WHATSAPP_MESSAGE_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** Housekeeping's share: messages older than 90 days, sent or received. */
export const deleteOldWhatsappMessages = async (db: Db) =>
  (await repo.deleteOldMessages(db, WHATSAPP_MESSAGE_MAX_AGE_MS)) +
  (await received.deleteOldReceived(db, WHATSAPP_MESSAGE_MAX_AGE_MS));

/** A send takes 15 s at most: a message 'sending' for an hour lost its sender. */
const SENDING_STALE_MS = 60 * 60 * 1000;
/** A message 'queued' this long, its job gone, will never leave. */
const QUEUED_STALE_MS = 60 * 60 * 1000;
const STUCK_SENDING = "l'envoi est resté en cours plus d'une heure";
const ABANDONED = "l'envoi n'a pas pu se faire";

/**
 * Housekeeping's other share: a message whose job is gone (its process died on its last attempt,
 * the database failed it every time) would say 'En cours d'envoi' for ever, with no tap. One left
 * 'sending' is 'uncertain' (the call may have gone), one left 'queued' has 'failed': the owner
 * sees it, with the tap and 'Renvoyer'. A message whose job still waits (a retry's delay, a lane
 * behind, every process down a while) is left to it. Answers how many.
 */
export async function closeStuckWhatsappMessages(db: Db): Promise<number> {
  let closed = 0;
  for (const [state, maxAgeMs, change] of [
    ['sending', SENDING_STALE_MS, { state: 'uncertain', error_reason: STUCK_SENDING }],
    ['queued', QUEUED_STALE_MS, { state: 'failed', error_code: null, error_reason: ABANDONED }],
  ] as const) {
    const ids = await repo.findStale(db, state, maxAgeMs);
    const pending = await pendingJobKeys(db, ids.map(sendJobKey));
    for (const id of ids)
      if (!pending.has(sendJobKey(id)) && (await repo.moveMessage(db, id, state, change))) closed += 1;
  }
  return closed;
}

/** What a send asks Meta to echo in its status notifications: finds a message whose send's answer was lost. */
const callbackOf = (id: number) => `souk:${id}`;
const idOfCallback = (callback: string | undefined) => {
  const match = /^souk:(\d{1,12})$/.exec(callback ?? '');
  return match ? Number(match[1]) : null;
};

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

const SendJobSchema = z.object({ message_id: z.number().int() });

/** The customer service window: after a customer writes, the shop may write her anything for 24 h. */
const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;
const WINDOW_MARGIN_MS = 10 * 60 * 1000;

/** Why a message whose send was under way when its process stopped is 'uncertain'. */
const INTERRUPTED = "le serveur s'est arrêté pendant l'envoi";

/**
 * Sends a queued message once. The row is taken from 'queued' to 'sending' in a transaction of its
 * own, before the call: a process that finds it 'sending' knows a call went and its answer was
 * lost (a crash, a lease run out), and marks it 'uncertain' rather than send it twice. Answers
 * that Meta may take it later (429, 5xx, no connection) put it back to 'queued' and throw, so the
 * job tries again after its delay; on the last attempt it is 'failed'.
 */
async function sendQueued(db: Db, config: WhatsappConfig, id: number, context: JobContext) {
  const taken = await db.transaction(async (tx) => {
    const row = await repo.lockMessage(tx, id);
    if (row?.state === 'sending') {
      await repo.moveMessage(tx, id, 'sending', { state: 'uncertain', error_reason: INTERRUPTED });
      return null;
    }
    if (row?.state !== 'queued') return null;
    // Inside the 24 hours after she last wrote, WhatsApp takes the same words as free text (a
    // template is for outside them). A margin keeps a message queued at 23 h 59 from reaching
    // Meta after the window closed (a refusal, 131047). Read before 'sending': a failure here
    // leaves the message 'queued', never 'uncertain' without a call.
    const windowOpen = await received.wroteSince(
      tx,
      row.recipient,
      new Date(Date.now() - CUSTOMER_WINDOW_MS + WINDOW_MARGIN_MS),
    );
    await repo.moveMessage(tx, id, 'queued', { state: 'sending', attempts: row.attempts + 1 });
    return { message: row, windowOpen };
  });
  if (!taken) return;
  const { message, windowOpen } = taken;
  const callback = callbackOf(id);
  const outcome = await sendMessage(
    config,
    windowOpen
      ? { kind: 'text', to: message.recipient, body: message.body, callback }
      : {
          kind: 'template',
          to: message.recipient,
          template: message.template,
          params: message.params,
          callback,
        },
    { signal: context.signal },
  );
  switch (outcome.outcome) {
    case 'sent':
      await repo.moveMessage(db, id, 'sending', {
        state: 'sent',
        wamid: outcome.wamid,
        error_code: null,
        error_reason: null,
      });
      return;
    case 'uncertain':
      await repo.moveMessage(db, id, 'sending', { state: 'uncertain', error_reason: outcome.reason });
      return;
    case 'retry':
      if (context.lastAttempt) {
        await repo.moveMessage(db, id, 'sending', {
          state: 'failed',
          error_code: outcome.code,
          error_reason: outcome.reason,
        });
        return;
      }
      await repo.moveMessage(db, id, 'sending', {
        state: 'queued',
        error_code: outcome.code,
        error_reason: outcome.reason,
      });
      throw new Error(`WhatsApp : ${outcome.reason}, nouvel essai plus tard`);
    default:
      await repo.moveMessage(db, id, 'sending', {
        state: 'failed',
        error_code: outcome.code,
        error_reason: outcome.reason,
      });
  }
}

/** Whose a number is: the account of that WhatsApp number, and its latest open order (either may be null). */
export type Correspondent = { userId: number | null; orderId: number | null };
export type FindCorrespondent = (tx: DbOrTx, phone: string) => Promise<Correspondent>;

/**
 * What the whatsapp module runs after the answer: the sends, and Meta's notifications. Without the
 * Cloud API, nothing is queued. Who wrote is found by `findCorrespondent` (the orders module's, which
 * knows accounts and orders).
 */
export const whatsappJobHandlers = (
  config: WhatsappConfig | null,
  findCorrespondent: FindCorrespondent,
): Record<string, JobKind> => {
  // A lane of its own only when the shop writes: without the Cloud API nothing is queued, and no
  // process polls an empty lane (a message left from an earlier setting is closed in the main one).
  const lane = config ? 'whatsapp' : undefined;
  return {
    [WHATSAPP_SEND_JOB]: {
      // Its own lane: a burst of messages (40 orders in an hour, each told) never holds back a mail.
      lane,
      run: async (payload, context) => {
        const { message_id: id } = SendJobSchema.parse(payload);
        if (!config) {
          // Queued while the Cloud API was configured, and it is no longer: the owner's taps take over.
          await context.db.transaction(async (tx) => {
            const row = await repo.lockMessage(tx, id);
            if (row?.state === 'queued')
              await repo.moveMessage(tx, id, 'queued', {
                state: 'failed',
                error_reason: "WhatsApp n'est plus configuré",
              });
          });
          return;
        }
        await sendQueued(context.db, config, id, context);
      },
    },
    // Meta's notifications, answered at once by the webhook and read here.
    [WHATSAPP_WEBHOOK_JOB]: {
      lane,
      run: (payload, { db }) => applyNotification(db, payload, findCorrespondent),
    },
  };
};

// ---- What Meta notifies (the webhook's job) ----

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
async function applyNotification(db: Db, payload: unknown, findCorrespondent: FindCorrespondent) {
  const kept = KeptNotificationSchema.safeParse(payload);
  if (!kept.success) return;
  for (const message of kept.data.received) await keepReceived(db, message, findCorrespondent);
  for (const status of kept.data.statuses) await applyStatus(db, status);
}
