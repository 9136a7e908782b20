import { messageText, type TemplatedMessage, templateValues } from '@souk/domain/message-template';
import {
  WHATSAPP_MESSAGE_NOT_FOUND,
  WHATSAPP_NOT_CONFIGURED,
  WHATSAPP_RESEND_REFUSED,
  type WhatsappAudience,
} from '@souk/domain/whatsapp';
import { z } from 'zod';
import { AppError } from '#shared/app-error.ts';
import type { WhatsappConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobContext, JobKind } from '../jobs/job-runner.ts';
import { enqueueJob, pendingJobKeys } from '../jobs/jobs.service.ts';
import { mayPassLater, sendMessage } from './cloud-api.ts';
import * as repo from './whatsapp-messages.repository.ts';
import { applyNotification, callbackOf, type FindCorrespondent } from './whatsapp-notifications.ts';
import * as received from './whatsapp-received.repository.ts';
import { WHATSAPP_WEBHOOK_JOB } from './whatsapp-webhook.routes.ts';

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
export const mayResend = (row: repo.WhatsappMessageRow) =>
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
