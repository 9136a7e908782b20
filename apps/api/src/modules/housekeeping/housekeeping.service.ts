import type { Db } from '../../db/client.ts';
import { SESSION_IDLE_MS } from '../auth/tokens.ts';
import * as repo from './housekeeping.repository.ts';

/** A guest cart nobody touched for this long is gone (its id, kept by a phone, then issues a new one). */
export const GUEST_CART_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type Purged = { sessions: number; reset_tokens: number; guest_carts: number };

/** Removes what can no longer serve: dead sessions, old reset links, abandoned guest carts. */
export async function purgeExpired(db: Db): Promise<Purged> {
  return {
    sessions: await repo.deleteDeadSessions(db, SESSION_IDLE_MS),
    reset_tokens: await repo.deleteDeadResetTokens(db),
    guest_carts: await repo.deleteStaleGuestCarts(db, GUEST_CART_MAX_AGE_MS),
  };
}
