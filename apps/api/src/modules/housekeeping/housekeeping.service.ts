import type { Db } from '../../db/client.ts';
import { deleteDeadResetTokens, deleteDeadSessions } from '../auth/auth.service.ts';
import { deleteStaleGuestCarts } from '../cart/cart.service.ts';
import { deleteOldBatches } from '../catalog/admin-bulk.service.ts';
import { claimRun } from './scheduled-runs.repository.ts';

/** A guest cart nobody touched for this long is gone (its id, kept by a phone, then issues a new one). */
export const GUEST_CART_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** A bulk creation's progress is asked for while it runs; a day later nobody needs it. */
export const BATCH_PROGRESS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type Purged = { sessions: number; reset_tokens: number; guest_carts: number; batches: number };

/** Removes what can no longer serve: dead sessions, old reset links, abandoned guest carts, old batch progress. */
export async function purgeExpired(db: Db): Promise<Purged> {
  return {
    sessions: await deleteDeadSessions(db),
    reset_tokens: await deleteDeadResetTokens(db),
    guest_carts: await deleteStaleGuestCarts(db, GUEST_CART_MAX_AGE_MS),
    batches: await deleteOldBatches(db, BATCH_PROGRESS_MAX_AGE_MS),
  };
}

/**
 * The purge as every server process schedules it: done by whichever claims it first, unless one
 * was done less than `minGapMs` ago (by any process); `null` when it was not this one's to do.
 */
export async function purgeExpiredOnce(db: Db, minGapMs: number): Promise<Purged | null> {
  if (!(await claimRun(db, 'housekeeping', minGapMs))) return null;
  return purgeExpired(db);
}
