import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { JobHandler } from '../jobs/job-runner.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** A message to send, kept until the mail server took it: a server that is down delays it. */
export const MAIL_JOB = 'mail';

const MailJobSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });

/**
 * Queues `message` in the caller's transaction (docs/decisions/0034). `key` makes it once-only.
 * Never for a message holding a credential (a reset link): the jobs table keeps what it sends.
 */
export function queueMail(tx: DbOrTx, message: Omit<MailMessage, 'html'>, key?: string) {
  return enqueueJob(tx, MAIL_JOB, message, { key });
}

export const mailJobHandlers = (mailer: Mailer): Record<string, JobHandler> => ({
  [MAIL_JOB]: async (payload) => mailer.send(MailJobSchema.parse(payload)),
});
