import type { FastifyInstance } from 'fastify';
import { sameSecret } from '#shared/same-secret.ts';
import { acceptRawJson, signedJson, UNSIGNED_NOTIFICATION } from '#shared/signed-notifications.ts';
import type { PaymentsConfig } from '../../config-payments.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { OrangeMoneyNotificationSchema } from './orange-money.ts';
import { ORANGE_MONEY_EVENT_JOB, WAVE_EVENT_JOB } from './payment-jobs.ts';
import { findByReference } from './payments.service.ts';
import { validWaveSignature, WAVE_CHECKOUT_EVENTS, WaveEventSchema } from './wave.ts';

// The addresses the providers notify (given in their portals, README « Paiements Wave et Orange
// Money »): their protocols, not the shop's API, so outside the contract (docs/decisions/0043).
// Each is checked before anything it says is believed, answered at once, and its work done by a job
// keyed by the provider's event: the same event delivered twice is one job. Wave signs its events
// (checked on the raw bytes); Orange Money does not: its notification must carry the token the shop
// kept for that payment (compared in constant time), and only starts a job that asks Orange Money
// the transaction's state.

/** An event weighs a kilobyte: far more is not one. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;
/** An event's job is tried again a few times when the database fails it. */
const EVENT_ATTEMPTS = 5;

const MALFORMED = "Notification illisible : ce n'est pas un événement de paiement";

export function paymentWebhookRoutes(db: Db, { wave, orangeMoney }: PaymentsConfig) {
  return async (app: FastifyInstance) => {
    acceptRawJson(app, NOTIFICATION_BODY_LIMIT);

    if (wave)
      app.post('/payments/wave/webhook', async (request, reply) => {
        const parsed = signedJson(
          request,
          reply,
          (raw) => validWaveSignature(raw, request.headers['wave-signature'], wave.webhookSecret),
          MALFORMED,
        );
        if (parsed === undefined) return reply;
        const event = WaveEventSchema.safeParse(parsed);
        if (!event.success) return reply.status(400).send({ success: false, message: MALFORMED });
        if (!WAVE_CHECKOUT_EVENTS.has(event.data.type)) return reply.status(200).send({ success: true });
        await enqueueJob(
          db,
          WAVE_EVENT_JOB,
          { session: event.data.data },
          { key: `wave-event:${event.data.id}`, maxAttempts: EVENT_ATTEMPTS },
        );
        return reply.status(200).send({ success: true });
      });

    if (orangeMoney)
      app.post('/payments/orange-money/notification', async (request, reply) => {
        const { reference } = request.query as Record<string, unknown>;
        let parsed: unknown;
        try {
          parsed = JSON.parse((request.body as Buffer).toString('utf8'));
        } catch {
          return reply.status(400).send({ success: false, message: MALFORMED });
        }
        const notification = OrangeMoneyNotificationSchema.safeParse(parsed);
        if (!notification.success || typeof reference !== 'string' || reference.length > 100)
          return reply.status(400).send({ success: false, message: MALFORMED });
        const payment = await findByReference(db, 'orange_money', reference);
        if (!payment?.notif_token || !sameSecret(notification.data.notif_token, payment.notif_token))
          return reply.status(401).send({ success: false, message: UNSIGNED_NOTIFICATION });
        const { status, txnid } = notification.data;
        await enqueueJob(
          db,
          ORANGE_MONEY_EVENT_JOB,
          { payment_id: payment.id },
          {
            key: `orange-money-notification:${payment.id}:${status}:${txnid ?? ''}`,
            maxAttempts: EVENT_ATTEMPTS,
          },
        );
        return reply.status(200).send({ success: true });
      });
  };
}
