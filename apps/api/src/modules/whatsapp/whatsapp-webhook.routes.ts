import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sameSecret } from '#shared/same-secret.ts';
import { acceptRawJson, signedJson } from '#shared/signed-notifications.ts';
import type { WhatsappConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';

// The address Meta notifies (`/api/whatsapp/webhook`, set in the app's WhatsApp › Configuration):
// Meta's protocol, not the shop's API, so it is outside the contract (docs/decisions/0041). GET
// answers Meta's verification; POST is checked on its raw bytes (X-Hub-Signature-256: the HMAC-SHA256
// of the body with the app secret, compared in constant time) before anything is read, answered
// at once, and its work done by a job. Registered only when the shop has the Cloud API.

export const WHATSAPP_WEBHOOK_JOB = 'whatsapp.webhook';
/** Meta's notifications weigh a few kilobytes (ids and texts, never media): the API's own megabyte, which the shipped nginx lets through. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** A notification's job is tried again a few times when the database fails it; a status of no known message is dropped. */
const WEBHOOK_ATTEMPTS = 5;

const MALFORMED = "Notification illisible : ce n'est pas une notification WhatsApp";

/** Whether `signature` ('sha256=<hex>') is the app secret's HMAC of exactly these bytes. */
export function validSignature(raw: Buffer, signature: unknown, appSecret: string): boolean {
  if (typeof signature !== 'string' || !signature.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest('hex');
  return sameSecret(signature.slice('sha256='.length).toLowerCase(), expected);
}

/** Text as PostgreSQL can store it: without U+0000 nor half a surrogate pair (which Meta's JSON may escape). */
const storable = (text: string) =>
  text
    .replaceAll('\u0000', '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');

/** A message's status, as the 'messages' webhook's `statuses[]` carries it (what the shop reads of it). */
const StatusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() }).loose()).optional(),
});

/** What the job keeps of a status: only what the shop reads, nothing of the customer. */
export const KeptStatusSchema = z.object({
  id: z.string(),
  status: z.string(),
  callback: z.string().nullable(),
  error_code: z.number().nullable(),
  error_title: z.string().nullable(),
});
export type KeptStatus = z.infer<typeof KeptStatusSchema>;

/**
 * A message a customer wrote to the shop's number, as the 'messages' webhook's `messages[]` carries
 * it: who (`from`, her number without '+'), Meta's id, when (seconds), its type and its words (a
 * text's body, a photo's or a document's caption). A photo or a voice note is kept as such, without
 * its media (which the shop never downloads).
 */
const ReceivedSchema = z.object({
  from: z.string().regex(/^\d{6,15}$/),
  id: z.string().min(1).max(200),
  timestamp: z.string().regex(/^\d{1,10}$/),
  type: z.string().max(40),
  text: z.object({ body: z.string() }).loose().optional(),
  image: z.object({ caption: z.string().optional() }).loose().optional(),
  video: z.object({ caption: z.string().optional() }).loose().optional(),
  document: z.object({ caption: z.string().optional() }).loose().optional(),
});
const ContactSchema = z.object({
  wa_id: z.string(),
  profile: z.object({ name: z.string() }).loose().optional(),
});

/** The longest text WhatsApp carries: what the shop keeps of a message at most. */
const RECEIVED_TEXT_MAX = 4096;

/** What the job keeps of a customer's message: what the owner reads of it. */
export const KeptReceivedSchema = z.object({
  id: z.string(),
  from: z.string(),
  name: z.string().nullable(),
  at: z.number(),
  type: z.string(),
  body: z.string().nullable(),
});
export type KeptReceived = z.infer<typeof KeptReceivedSchema>;

/** The envelope every notification of the WhatsApp Business Account has ('Webhooks' reference). */
const NotificationSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z
            .object({
              statuses: z.array(z.unknown()).optional(),
              messages: z.array(z.unknown()).optional(),
              contacts: z.array(z.unknown()).optional(),
            })
            .loose(),
        }),
      ),
    }),
  ),
});

type Notification = z.infer<typeof NotificationSchema>;
const messagesChanges = (notification: Notification) =>
  notification.entry.flatMap((entry) => entry.changes).filter((change) => change.field === 'messages');

/** The customers' messages of a notification's 'messages' changes, each made storable. */
function receivedOf(notification: Notification): KeptReceived[] {
  return messagesChanges(notification).flatMap((change) => {
    const names = new Map<string, string>();
    for (const raw of change.value.contacts ?? []) {
      const contact = ContactSchema.safeParse(raw);
      if (contact.success && contact.data.profile) names.set(contact.data.wa_id, contact.data.profile.name);
    }
    return (change.value.messages ?? []).flatMap((raw) => {
      const parsed = ReceivedSchema.safeParse(raw);
      if (!parsed.success) return [];
      const { id, from, timestamp, type, text, image, video, document } = parsed.data;
      const words = text?.body ?? image?.caption ?? video?.caption ?? document?.caption;
      const name = names.get(from);
      return [
        {
          id: storable(id),
          from,
          name: name === undefined ? null : storable(name).slice(0, 200) || null,
          at: Number(timestamp),
          type: storable(type),
          body: words === undefined ? null : storable(words).slice(0, RECEIVED_TEXT_MAX) || null,
        },
      ];
    });
  });
}

/** The statuses of a notification's 'messages' changes, each made storable; the rest is not kept. */
function statusesOf(notification: Notification): KeptStatus[] {
  return messagesChanges(notification)
    .flatMap((change) => change.value.statuses ?? [])
    .flatMap((raw) => {
      const parsed = StatusSchema.safeParse(raw);
      if (!parsed.success) return [];
      const { id, status, biz_opaque_callback_data: callback, errors } = parsed.data;
      const error = errors?.[0];
      return [
        {
          id: storable(id),
          status: storable(status),
          callback: callback === undefined ? null : storable(callback),
          error_code: error?.code ?? null,
          error_title: error?.title === undefined ? null : storable(error.title).slice(0, 200),
        },
      ];
    });
}

export function whatsappWebhookRoutes(db: Db, config: WhatsappConfig) {
  return async (app: FastifyInstance) => {
    acceptRawJson(app, WEBHOOK_BODY_LIMIT);

    app.get('/whatsapp/webhook', async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const token = query['hub.verify_token'];
      if (
        query['hub.mode'] !== 'subscribe' ||
        typeof token !== 'string' ||
        !sameSecret(token, config.verifyToken)
      )
        return reply.status(403).send({ success: false, message: 'Vérification refusée' });
      return reply.type('text/plain; charset=utf-8').send(String(query['hub.challenge'] ?? ''));
    });

    app.post('/whatsapp/webhook', async (request, reply) => {
      const raw = request.body as Buffer;
      const parsed = signedJson(
        request,
        reply,
        (bytes) => validSignature(bytes, request.headers['x-hub-signature-256'], config.appSecret),
        MALFORMED,
      );
      if (parsed === undefined) return reply;
      const notification = NotificationSchema.safeParse(parsed);
      if (!notification.success) return reply.status(400).send({ success: false, message: MALFORMED });
      // Only the statuses and the customers' messages are kept, and of them only what the shop
      // reads; Meta delivers at least once: the same bytes again are the same job, queued once.
      const statuses = statusesOf(notification.data);
      const received = receivedOf(notification.data);
      if (!statuses.length && !received.length) return reply.status(200).send({ success: true });
      const digest = createHash('sha256').update(raw).digest('hex');
      await enqueueJob(
        db,
        WHATSAPP_WEBHOOK_JOB,
        { statuses, received },
        {
          key: `whatsapp-webhook:${digest}`,
          maxAttempts: WEBHOOK_ATTEMPTS,
        },
      );
      return reply.status(200).send({ success: true });
    });
  };
}
