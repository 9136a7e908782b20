import type { FastifyInstance } from 'fastify';
import { acceptRawJson, signedJson } from '#shared/signed-notifications.ts';
import type { WaveConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { WAVE_EVENT_JOB } from './payment-jobs.ts';
import { validWaveSignature, WAVE_CHECKOUT_EVENTS, WaveEventSchema } from './wave.ts';

// The addresses the providers notify (given in their portals, README « Paiements Wave et Orange
// Money »): their protocols, not the shop's API, so outside the contract (docs/decisions/0043).
// Each is checked on its raw bytes before anything is read, answered at once, and its work done by
// a job keyed by the provider's event id: the same event delivered twice is one job.

/** An event weighs a kilobyte: far more is not one. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;
/** An event's job is tried again a few times when the database fails it. */
const EVENT_ATTEMPTS = 5;

const MALFORMED = "Notification illisible : ce n'est pas un événement de paiement";

export function paymentWebhookRoutes(db: Db, wave: WaveConfig | null) {
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
  };
}
