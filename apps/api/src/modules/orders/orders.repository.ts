import { shopTimeZone } from '@souk/domain/dates';
import {
  INITIAL_ORDER_STATUS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from '@souk/domain/order-status';
import { and, asc, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { collectedOrder } from '../../db/order-rules.ts';
import { order_items, order_status_history, orders } from '../../db/schema.ts';

// Only this file builds order SQL.

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof order_items.$inferSelect;

export type NewOrder = {
  user_id: number | null;
  total_amount: number;
  total_items: number;
  notes: string | null;
  contact_name: string;
  contact_phone: string | null;
  contact_email: string | null;
};

/**
 * Inserts an order numbered 'CMD-YYYYMMDD-NNNN' (the shop's day) from its own id, so the number is unique without
 * retries. The id is padded to four digits, never cut: id 10000 is '…-10000' (lpad alone truncates).
 */
export async function insertOrder(tx: DbOrTx, order: NewOrder): Promise<OrderRow> {
  const rows = await queryRows<OrderRow>(
    tx,
    sql`
    with next as (select nextval(pg_get_serial_sequence('orders', 'id')) as id)
    insert into orders (id, order_number, user_id, status, total_amount, total_items, notes,
                        contact_name, contact_phone, contact_email)
    select next.id,
           'CMD-' || to_char(now() at time zone ${shopTimeZone()}, 'YYYYMMDD') || '-' || lpad(next.id::text, greatest(4, length(next.id::text)), '0'),
           ${order.user_id}, ${INITIAL_ORDER_STATUS}, ${order.total_amount}, ${order.total_items}, ${order.notes},
           ${order.contact_name}, ${order.contact_phone}, ${order.contact_email}
      from next
    returning *`,
  );
  const row = rows[0];
  if (!row) throw new Error('order not inserted');
  return row;
}

export async function insertItems(tx: DbOrTx, items: (typeof order_items.$inferInsert)[]) {
  return tx.insert(order_items).values(items).returning();
}

/** One line of the order's history; answers it (its id keys a message about this change). */
export async function insertHistory(tx: DbOrTx, entry: typeof order_status_history.$inferInsert) {
  const [line] = await tx.insert(order_status_history).values(entry).returning();
  if (!line) throw new Error('history line not inserted');
  return line;
}

export async function findUserOrders(db: DbOrTx, userId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.user_id, userId))
    .orderBy(desc(orders.created_at), desc(orders.id));
}

/** What a customer has paid the shop for her orders that count (a cancelled one was refunded). */
export async function sumPaid(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await queryRows<{ paid: number }>(
    db,
    sql`select coalesce(sum(${orders.total_amount}) filter (where ${collectedOrder()}), 0)::float8 as paid
          from ${orders} where ${orders.user_id} = ${userId}`,
  );
  return row?.paid ?? 0;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/** The order whose tracking link's digest is `digest` (docs/decisions/0040). */
export async function findOrderByTrackingDigest(db: DbOrTx, digest: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.tracking_digest, digest)).limit(1);
  return row ?? null;
}

/** Records the digest of the order's link at `version` (a revoked link moves the version on). */
export async function setTracking(tx: DbOrTx, id: number, version: number, digest: string): Promise<void> {
  await tx
    .update(orders)
    .set({ tracking_version: version, tracking_digest: digest })
    .where(eq(orders.id, id));
}

/**
 * Up to `limit` orders whose link's digest is not recorded (placed before links, or all of them
 * when `all`: the key changed), after `afterId`, by id.
 */
export async function findUntracked(
  db: DbOrTx,
  { afterId, limit, all }: { afterId: number; limit: number; all: boolean },
): Promise<{ id: number; tracking_version: number; tracking_digest: string | null }[]> {
  return queryRows(
    db,
    sql`select id, tracking_version, tracking_digest from orders
         where id > ${afterId} and (${all} or tracking_digest is null)
         order by id limit ${limit}`,
  );
}

/** The newest order with a recorded digest: whether the key that made it is still the key. */
export async function findNewestTracked(
  db: DbOrTx,
): Promise<{ id: number; tracking_version: number; tracking_digest: string } | null> {
  const [row] = await queryRows<{ id: number; tracking_version: number; tracking_digest: string }>(
    db,
    sql`select id, tracking_version, tracking_digest from orders
         where tracking_digest is not null order by id desc limit 1`,
  );
  return row ?? null;
}

export async function findItems(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(order_items)
    .where(inArray(order_items.order_id, orderIds))
    .orderBy(asc(order_items.order_id), asc(order_items.id));
}

export async function countOrdersInStatus(db: DbOrTx, status: OrderStatus): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from orders where status = ${status}`,
  );
  return row?.count ?? 0;
}

/**
 * Orders still waiting, unpaid and not reminded, placed between `toAgeMs` and `fromAgeMs` ago (by the
 * database's clock), oldest first: those whose reminder is due and whose release is not.
 */
export async function findUnremindedIds(
  db: DbOrTx,
  fromAgeMs: number,
  toAgeMs: number,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from orders
         where status = ${INITIAL_ORDER_STATUS} and paid_at is null and unpaid_reminded_at is null
           and created_at <= now() - make_interval(secs => ${fromAgeMs / 1000})
           and created_at > now() - make_interval(secs => ${toAgeMs / 1000})
         order by created_at, id
         limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** The order's payment reminder is queued (or had nowhere to go): never again. */
export async function setReminded(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(orders).set({ unpaid_reminded_at: sql`now()` }).where(eq(orders.id, id));
}

/**
 * Orders still waiting and unpaid, placed at least `olderThanMs` ago (by the database's clock,
 * which every process shares), oldest first.
 */
export async function findUnpaidWaitingIds(
  db: DbOrTx,
  olderThanMs: number,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from orders
         where status = ${INITIAL_ORDER_STATUS} and paid_at is null and payment_pending is null
           and created_at <= now() - make_interval(secs => ${olderThanMs / 1000})
         order by created_at, id
         limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** The statuses an order is done with (no step leads anywhere from them): a customer writing is about another one. */
const CLOSED_STATUSES = ORDER_STATUSES.filter((status) => ORDER_TRANSITIONS[status].length === 0);

/** The latest order not yet collected nor cancelled that was placed with this phone or by this account. */
export async function findLatestOpenOrderId(
  db: DbOrTx,
  phone: string,
  userId: number | null,
): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        notInArray(orders.status, CLOSED_STATUSES),
        userId === null
          ? eq(orders.contact_phone, phone)
          : or(eq(orders.contact_phone, phone), eq(orders.user_id, userId)),
      ),
    )
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(1);
  return row?.id ?? null;
}

/** The numbers of these orders (those that still exist), by id. */
export async function findOrderNumbers(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.order_number })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.number]));
}
