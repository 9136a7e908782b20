import type { Db } from '../../db/client.ts';
import { deleteDeadResetTokens, deleteDeadSessions } from '../auth/auth.service.ts';
import { deleteStaleGuestCarts } from '../cart/cart.service.ts';
import { deleteOldBatches } from '../catalog/admin-bulk.service.ts';
import type { JobHandler, RecurringJob } from '../jobs/job-runner.ts';
import { deleteOldJobs } from '../jobs/jobs.service.ts';
import { closeStuckWhatsappMessages, deleteOldWhatsappMessages } from '../whatsapp/whatsapp.service.ts';

/** A guest cart nobody touched for this long is gone (its id, kept by a phone, then issues a new one). */
export const GUEST_CART_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** A bulk creation's progress is asked for while it runs; a day later nobody needs it. */
export const BATCH_PROGRESS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type Purged = {
  sessions: number;
  reset_tokens: number;
  guest_carts: number;
  batches: number;
  jobs: number;
  whatsapp_messages: number;
  /** Not purged but closed: messages whose job is gone, 'uncertain' or 'failed' for the owner to see. */
  whatsapp_stuck: number;
};

/** The hourly purge, a recurring job (modules/jobs): one process does it for all. */
export const HOUSEKEEPING_JOB = 'housekeeping';
export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes what can no longer serve: dead sessions, old reset links, abandoned guest carts, old
 * batch progress, jobs long finished, WhatsApp messages past 90 days; and closes WhatsApp
 * messages whose job is gone.
 */
export async function purgeExpired(db: Db): Promise<Purged> {
  return {
    sessions: await deleteDeadSessions(db),
    reset_tokens: await deleteDeadResetTokens(db),
    guest_carts: await deleteStaleGuestCarts(db, GUEST_CART_MAX_AGE_MS),
    batches: await deleteOldBatches(db, BATCH_PROGRESS_MAX_AGE_MS),
    jobs: await deleteOldJobs(db),
    whatsapp_messages: await deleteOldWhatsappMessages(db),
    whatsapp_stuck: await closeStuckWhatsappMessages(db),
  };
}

export const housekeepingJobs = {
  handlers: {
    [HOUSEKEEPING_JOB]: async (_payload, { db, log }) => {
      const purged = await purgeExpired(db);
      log(`nettoyage des données expirées : ${JSON.stringify(purged)}`);
    },
  } satisfies Record<string, JobHandler>,
  // Shortly after a start, then every hour.
  recurring: [
    { kind: HOUSEKEEPING_JOB, everyMs: HOUSEKEEPING_EVERY_MS, firstInMs: 5_000 },
  ] satisfies RecurringJob[],
};
