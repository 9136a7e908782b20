import { messageText, type TemplatedMessage, templateValues } from '@souk/domain/message-template';
import type { OrderWhatsapp, WhatsappAudience, WhatsappMessageState } from '@souk/domain/whatsapp';
import { z } from 'zod';
import type { WhatsappConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobContext, JobKind } from '../jobs/job-runner.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { failureReason, isTokenRefusal, sendMessage } from './cloud-api.ts';
import * as repo from './whatsapp-messages.repository.ts';
import { type KeptStatus, KeptStatusSchema, WHATSAPP_WEBHOOK_JOB } from './whatsapp-webhook.routes.ts';

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

/** What a send asks Meta to echo in its status notifications: finds a message whose send's answer was lost. */
const callbackOf = (id: number) => `souk:${id}`;
const idOfCallback = (callback: string | undefined) => {
  const match = /^souk:(\d{1,12})$/.exec(callback ?? '');
  return match ? Number(match[1]) : null;
};

/** An order's WhatsApp as its details show it: whether the shop writes by itself, and each message's state. */
export async function orderWhatsapp(db: DbOrTx, orderId: number, automatic: boolean): Promise<OrderWhatsapp> {
  const rows = await repo.findOrderMessages(db, orderId);
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
    })),
  };
}

/**
 * Why the shop cannot write at the moment (its token refused: expired, revoked), from the latest
 * message Meta answered; null while it can. The back office says it on every page.
 */
export async function whatsappOutage(db: DbOrTx): Promise<string | null> {
  const latest = await repo.findLatestAnswered(db);
  return latest?.state === 'failed' && isTokenRefusal(latest.error_code) ? latest.error_reason : null;
}

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
    {
      kind: 'template',
      to: message.recipient,
      template: message.template,
      params: message.params,
      callback: callbackOf(id),
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

/** What the whatsapp module runs after the answer: the sends. Without the Cloud API, nothing is queued. */
export const whatsappJobHandlers = (config: WhatsappConfig | null): Record<string, JobKind> => {
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
    [WHATSAPP_WEBHOOK_JOB]: { lane, run: (payload, { db }) => applyNotification(db, payload) },
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

const KeptStatusesSchema = z.object({ statuses: z.array(KeptStatusSchema) });

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

/** A notification's statuses (as the webhook kept them), each applied; a status of no known message is left. */
async function applyNotification(db: Db, payload: unknown) {
  const kept = KeptStatusesSchema.safeParse(payload);
  if (!kept.success) return;
  for (const status of kept.data.statuses) await applyStatus(db, status);
}
