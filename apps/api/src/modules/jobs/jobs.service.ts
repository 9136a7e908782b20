import type { Db, DbOrTx } from '../../db/client.ts';
import * as repo from './jobs.repository.ts';

/** Attempts of a job unless its kind says otherwise: with jobRetryDelay, about five hours of trying. */
export const DEFAULT_MAX_ATTEMPTS = 12;

/** A job finished this long ago is forgotten; a failed one is kept longer, for the owner to see. */
export const DONE_JOB_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const FAILED_JOB_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Asks for work after the answer, in the caller's transaction: it exists exactly when what asked
 * for it is committed, and survives a crash. `key` makes it once-only (an order's notification).
 */
export function enqueueJob(
  tx: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
  options: { key?: string; maxAttempts?: number; delayMs?: number; revive?: boolean } = {},
) {
  return repo.insertJob(tx, {
    kind,
    payload,
    key: options.key,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    delayMs: options.delayMs,
    revive: options.revive,
  });
}

/** Which of these keys name a job still to run: work a crash or a failure has not lost. */
export const pendingJobKeys = (db: DbOrTx, keys: string[]) => repo.findPendingKeys(db, keys);

/** The jobs that gave up, newest first. */
export const listFailedJobs = (db: Db, limit = 50) => repo.findFailed(db, limit);

/** Housekeeping's share: old finished and failed jobs. */
export const deleteOldJobs = (db: Db) => repo.deleteOldJobs(db, DONE_JOB_MAX_AGE_MS, FAILED_JOB_MAX_AGE_MS);
