import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

const count = async (db: DbOrTx, statement: ReturnType<typeof sql>) =>
  (
    await queryRows<{ n: number }>(
      db,
      sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
    )
  )[0]?.n ?? 0;

/** Sessions past their expiry, or unused for longer than `idleMs`. */
export const deleteDeadSessions = (db: DbOrTx, idleMs: number) =>
  count(
    db,
    sql`delete from sessions
         where expires_at <= now() or last_used_at < now() - make_interval(secs => ${idleMs / 1000})`,
  );

/** Reset links that expired or were used (or revoked) more than a day ago. */
export const deleteDeadResetTokens = (db: DbOrTx) =>
  count(
    db,
    sql`delete from password_reset_tokens
         where expires_at <= now() - interval '1 day' or used_at <= now() - interval '1 day'`,
  );

/** Guest carts untouched, and holding no line touched, for `ageMs`. Customers' carts are kept. */
export const deleteStaleGuestCarts = (db: DbOrTx, ageMs: number) =>
  count(
    db,
    sql`delete from carts c
         where c.user_id is null
           and c.updated_at < now() - make_interval(secs => ${ageMs / 1000})
           and not exists (select 1 from cart_items i
                            where i.cart_id = c.id
                              and i.updated_at >= now() - make_interval(secs => ${ageMs / 1000}))`,
  );
