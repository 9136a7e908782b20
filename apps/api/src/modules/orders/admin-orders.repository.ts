import type { AdminOrderListFilters } from '@souk/domain/admin-orders';
import { shopTimeZone } from '@souk/domain/dates';
import type { Cancellation, OrderEvent, OrderStatus } from '@souk/domain/order-status';
import type { PaidWith, PaymentProvider } from '@souk/domain/payments';
import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { contactSearch } from '../../db/like.ts';
import { collectedOrder, countedOrder } from '../../db/order-rules.ts';
import { order_items, order_status_history, orders } from '../../db/schema.ts';
import { shopDayEnd, shopDayStart } from '../../db/shop-days.ts';
import type { OrderRow } from './orders.repository.ts';

// Only this file builds the back office's order SQL (the checkout's is in orders.repository.ts).

const PERIOD_UNITS = { today: 'day', week: 'week', month: 'month' } as const;

/**
 * The list's filters as one condition: search (order number, client name, phone), period, day
 * range (both ends included), minimum amount and customer; the status only when `withStatus`
 * (the counters are taken over every status).
 */
function orderFilters(filters: AdminOrderListFilters, withStatus: boolean): SQL {
  const conditions: SQL[] = [];
  const search = contactSearch(filters.search, {
    name: orders.contact_name,
    lowered: orders.order_number,
    phone: orders.contact_phone,
  });
  if (search) conditions.push(search);
  if (filters.period)
    conditions.push(
      sql`${orders.created_at} >= date_trunc(${PERIOD_UNITS[filters.period]}, now(), ${shopTimeZone()})`,
    );
  if (filters.date_from) conditions.push(sql`${orders.created_at} >= ${shopDayStart(filters.date_from)}`);
  if (filters.date_to) conditions.push(sql`${orders.created_at} < ${shopDayEnd(filters.date_to)}`);
  if (filters.min_amount !== undefined) conditions.push(sql`${orders.total_amount} >= ${filters.min_amount}`);
  if (filters.customer_id !== undefined) conditions.push(sql`${orders.user_id} = ${filters.customer_id}`);
  if (filters.paid_with) conditions.push(sql`${orders.paid_with} = ${filters.paid_with}`);
  if (withStatus && filters.status) conditions.push(sql`${orders.status} = ${filters.status}`);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** An order's place in the newest-first order, to read on after it (the export's batches). */
export type OrderCursor = { created_at: string; id: number };

/** Up to `limit` orders the filters keep after `cursor` (from the newest when null), newest first. */
export async function findOrdersAfter(
  db: DbOrTx,
  filters: AdminOrderListFilters,
  cursor: OrderCursor | null,
  limit: number,
): Promise<OrderRow[]> {
  const after = cursor
    ? sql`(${orders.created_at}, ${orders.id}) < (${cursor.created_at}::timestamptz, ${cursor.id})`
    : sql`true`;
  return db
    .select()
    .from(orders)
    .where(sql`${orderFilters(filters, true)} and ${after}`)
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit);
}

/** One page of the orders the filters keep (status included), newest first. */
export async function findOrders(
  db: DbOrTx,
  filters: AdminOrderListFilters,
  page: { limit: number; offset: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(orderFilters(filters, true))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type StatusTotals = {
  status: OrderStatus;
  /** Whether orders in this status count (order_counts: not cancelled). */
  counts: boolean;
  count: number;
  revenue: number;
  collected: number;
}[];

/**
 * How many orders the filters, their status aside, keep in each status, their amounts and the
 * amounts of the paid ones (float8: a sum may pass int4).
 */
export async function totalsByStatus(db: DbOrTx, filters: AdminOrderListFilters): Promise<StatusTotals> {
  return queryRows(
    db,
    sql`select ${orders.status} as status, ${countedOrder()} as counts, count(*)::int as count, coalesce(sum(${orders.total_amount}), 0)::float8 as revenue,
               coalesce(sum(${orders.total_amount}) filter (where ${collectedOrder()}), 0)::float8 as collected
          from ${orders}
         where ${orderFilters(filters, false)}
         group by ${orders.status}`,
  );
}

export type HistoryRow = {
  id: number;
  event: OrderEvent;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  note: string | null;
  created_at: string;
  /** The account that made it (auth names it); null once that account is deleted. */
  changed_by: number | null;
};

/** An order's status changes and payments, oldest first. */
export async function findHistory(db: DbOrTx, orderId: number): Promise<HistoryRow[]> {
  return db
    .select({
      id: order_status_history.id,
      event: order_status_history.event,
      from_status: order_status_history.from_status,
      to_status: order_status_history.to_status,
      note: order_status_history.note,
      created_at: order_status_history.created_at,
      changed_by: order_status_history.changed_by,
    })
    .from(order_status_history)
    .where(eq(order_status_history.order_id, orderId))
    .orderBy(asc(order_status_history.created_at), asc(order_status_history.id));
}

/** The order row, locked until the transaction ends: two admins' changes to one order run in turn. */
export async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/**
 * A new status; `unpaidConfirmed` records that the owner confirmed going on unpaid (not asked
 * again). `cancellation`: who and why when it is cancelled; any other status clears them (a
 * reinstated order is no longer cancelled by anyone).
 */
export async function setStatus(
  tx: DbOrTx,
  id: number,
  status: OrderStatus,
  {
    unpaidConfirmed = false,
    cancellation = null,
  }: { unpaidConfirmed?: boolean; cancellation?: Cancellation | null } = {},
) {
  await tx
    .update(orders)
    .set({
      status,
      cancelled_by: cancellation?.by ?? null,
      cancel_reason: cancellation?.reason ?? null,
      updated_at: sql`now()`,
      ...(unpaidConfirmed
        ? { unpaid_confirmed_at: sql`coalesce(${orders.unpaid_confirmed_at}, now())` }
        : {}),
    })
    .where(eq(orders.id, id));
}

/**
 * Paid now, and how: 'manual' (the owner's 'Paiement reçu') or through a provider with its
 * transaction id; null: the payment undone.
 */
export async function setPaid(
  tx: DbOrTx,
  id: number,
  payment: { with: PaidWith; reference?: string | null } | null,
) {
  await tx
    .update(orders)
    .set({
      paid_at: payment ? sql`now()` : null,
      paid_with: payment?.with ?? null,
      payment_reference: payment?.reference ?? null,
      updated_at: sql`now()`,
    })
    .where(eq(orders.id, id));
}

/** The provider of a payment now open for the order, or null once it has ended. */
export async function setPaymentPending(tx: DbOrTx, id: number, provider: PaymentProvider | null) {
  await tx.update(orders).set({ payment_pending: provider, updated_at: sql`now()` }).where(eq(orders.id, id));
}

/** 'Remboursé' now, and how. */
export async function setRefunded(tx: DbOrTx, id: number, method: string) {
  await tx
    .update(orders)
    .set({ refunded_at: sql`now()`, refund_method: method, updated_at: sql`now()` })
    .where(eq(orders.id, id));
}

/** Units of each variant the order holds (a variant deleted since has no id any more: nothing to give back). */
export async function orderedVariants(tx: DbOrTx, orderId: number) {
  return tx
    .select({ variant_id: order_items.variant_id, quantity: sql<number>`sum(${order_items.quantity})::int` })
    .from(order_items)
    .where(and(eq(order_items.order_id, orderId), isNotNull(order_items.variant_id)))
    .groupBy(order_items.variant_id)
    .orderBy(asc(order_items.variant_id)) as Promise<{ variant_id: number; quantity: number }[]>;
}
