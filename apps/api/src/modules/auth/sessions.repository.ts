import { and, eq, gt, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { password_reset_tokens, sessions, users } from '../../db/schema.ts';
import { SESSION_IDLE_MS } from './tokens.ts';

export async function insertSession(
  db: DbOrTx,
  session: { user_id: number; token_hash: string; user_agent: string | null; expires_at: string },
) {
  const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
  if (!row) throw new Error('session not inserted');
  return row;
}

/** The moment before which an unused session has ended (SESSION_IDLE_MS). */
const idleCutoff = sql`now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})`;

/** An unexpired session, used within the idle period, and its user. */
export async function findLiveSession(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, tokenHash),
        gt(sessions.expires_at, sql`now()`),
        gt(sessions.last_used_at, idleCutoff),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: DbOrTx, id: number, olderThan: string) {
  await db
    .update(sessions)
    .set({ last_used_at: sql`now()` })
    .where(and(eq(sessions.id, id), lt(sessions.last_used_at, olderThan)));
}

export async function deleteSession(db: DbOrTx, id: number) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Revokes every session of a user, or every other one when `keepId` is given. */
export async function deleteUserSessions(db: DbOrTx, userId: number, keepId?: number) {
  await db
    .delete(sessions)
    .where(
      keepId === undefined
        ? eq(sessions.user_id, userId)
        : and(eq(sessions.user_id, userId), ne(sessions.id, keepId)),
    );
}

/** Ends every session of these users at once (the customers screen's block). */
export async function deleteSessionsOf(db: DbOrTx, userIds: number[]) {
  if (userIds.length) await db.delete(sessions).where(inArray(sessions.user_id, userIds));
}

/** Deletes the sessions past their expiry or their idle period; answers how many. */
export async function deleteDeadSessions(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(or(lte(sessions.expires_at, sql`now()`), lte(sessions.last_used_at, idleCutoff)))
    .returning({ id: sessions.id });
  return gone.length;
}

/** Deletes the reset links that expired, or were used or revoked, more than a day ago; answers how many. */
export async function deleteDeadResetTokens(db: DbOrTx): Promise<number> {
  const dayAgo = sql`now() - interval '1 day'`;
  const gone = await db
    .delete(password_reset_tokens)
    .where(or(lte(password_reset_tokens.expires_at, dayAgo), lte(password_reset_tokens.used_at, dayAgo)))
    .returning({ id: password_reset_tokens.id });
  return gone.length;
}

/** Whether the user was sent a reset link that is still unused, less than `withinMs` ago. */
export async function hasRecentResetToken(db: DbOrTx, userId: number, withinMs: number) {
  const [row] = await db
    .select({ id: password_reset_tokens.id })
    .from(password_reset_tokens)
    .where(
      and(
        eq(password_reset_tokens.user_id, userId),
        sql`${password_reset_tokens.used_at} is null`,
        gt(password_reset_tokens.created_at, sql`now() - make_interval(secs => ${withinMs / 1000})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Makes every unused reset link of a user useless (a newer one, or a password change). */
export async function revokeResetTokens(db: DbOrTx, userId: number) {
  await db
    .update(password_reset_tokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(password_reset_tokens.user_id, userId), sql`${password_reset_tokens.used_at} is null`));
}

export async function insertResetToken(
  db: DbOrTx,
  token: { user_id: number; token_hash: string; expires_at: string },
) {
  await db.insert(password_reset_tokens).values(token);
}

/**
 * Marks a reset token used if it is unused and unexpired, in one statement, so two requests with
 * the same token cannot both succeed. Answers the user id, or null.
 */
export async function consumeResetToken(db: DbOrTx, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(password_reset_tokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(password_reset_tokens.token_hash, tokenHash),
        sql`${password_reset_tokens.used_at} is null`,
        gt(password_reset_tokens.expires_at, sql`now()`),
      ),
    )
    .returning({ user_id: password_reset_tokens.user_id });
  return row?.user_id ?? null;
}
