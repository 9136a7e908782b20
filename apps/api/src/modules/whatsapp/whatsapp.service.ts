import { messageText, type TemplatedMessage, templateValues } from '@souk/domain/message-template';
import type { WhatsappAudience } from '@souk/domain/whatsapp';
import { z } from 'zod';
import type { WhatsappConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobContext, JobKind } from '../jobs/job-runner.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { sendMessage } from './cloud-api.ts';
import * as repo from './whatsapp-messages.repository.ts';

// The messages the shop sends itself (docs/decisions/0041-whatsapp-cloud-api.md). A message is a
// row made in the transaction of what it tells, with a job that sends it after the commit: a
// change and its message are committed together, and the Cloud API, slow or down, never holds a
// change back. The Cloud API takes no idempotency key: a send whose answer never came is
// 'uncertain', and is never sent again by itself.

export const WHATSAPP_SEND_JOB = 'whatsapp.send';
/** With the jobs' delays (30 s, 1 min, 2 min…), about two hours of trying before 'failed'. */
export const WHATSAPP_SEND_ATTEMPTS = 8;

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
  if (id === null) return;
  await enqueueJob(
    tx,
    WHATSAPP_SEND_JOB,
    { message_id: id },
    { key: `whatsapp:${id}`, maxAttempts: WHATSAPP_SEND_ATTEMPTS },
  );
}

/** A message is kept this long (its words, its number, what became of it), then purged. */
export const WHATSAPP_MESSAGE_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** Housekeeping's share: messages older than 90 days. */
export const deleteOldWhatsappMessages = (db: Db) => repo.deleteOldMessages(db, WHATSAPP_MESSAGE_MAX_AGE_MS);

const SendJobSchema = z.object({ message_id: z.number().int() });

/** Why a message whose send was under way when its process stopped is 'uncertain'. */
const INTERRUPTED = "le serveur s'est arrêté pendant l'envoi : il a pu partir";

/**
 * Sends a queued message once. The row is taken from 'queued' to 'sending' in a transaction of its
 * own, before the call: a process that finds it 'sending' knows a call went and its answer was
 * lost (a crash, a lease run out), and marks it 'uncertain' rather than send it twice. Answers
 * that Meta may take it later (429, 5xx, no connection) put it back to 'queued' and throw, so the
 * job tries again after its delay; on the last attempt it is 'failed'.
 */
async function sendQueued(db: Db, config: WhatsappConfig, id: number, context: JobContext) {
  const message = await db.transaction(async (tx) => {
    const row = await repo.lockMessage(tx, id);
    if (row?.state === 'sending') {
      await repo.moveMessage(tx, id, 'sending', { state: 'uncertain', error_reason: INTERRUPTED });
      return null;
    }
    if (row?.state !== 'queued') return null;
    await repo.moveMessage(tx, id, 'queued', { state: 'sending', attempts: row.attempts + 1 });
    return row;
  });
  if (!message) return;
  const outcome = await sendMessage(
    config,
    { kind: 'template', to: message.recipient, template: message.template, params: message.params },
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

/** What the whatsapp module runs after the answer: the sends. Without the Cloud API, nothing is queued. */
export const whatsappJobHandlers = (config: WhatsappConfig | null): Record<string, JobKind> => ({
  [WHATSAPP_SEND_JOB]: {
    // Its own lane: a burst of messages (40 orders in an hour, each told) never holds back a mail.
    lane: 'whatsapp',
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
});
