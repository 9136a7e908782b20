import { shopTimeZone } from '@souk/domain/dates';
import { ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import { PAID_WITH, type PaidWith } from '@souk/domain/payments';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { collectedOrder, countedOrder, refundDue } from '../../db/order-rules.ts';
import { order_items, orders, product_sales, products, users } from '../../db/schema.ts';
import { shopDayEnd, shopDayStart } from '../../db/shop-days.ts';

// The figures other modules show of the orders: the dashboard's and the report's (every figure summed
// by the database over all the rows it covers, docs/decisions/0021-dashboard.md), a customer's
// orders on their profile, and the products bought together for the cart's suggestions. They reach
// this file through order-figures.service.ts. Days and weeks are the shop's (SHOP_TIME_ZONE,
// docs/decisions/0022); weeks start on Monday (date_trunc's ISO weeks).

export type Period = { from: string; to: string };

export type ShopCounts = {
  total_products: number;
  active_customers: number;
  new_customers: number;
  week_start: string;
  orders_this_week: number;
  orders_last_week: number;
  revenue_this_week: number;
  revenue_last_week: number;
};

/**
 * The shop's counts and this week against last week, in one statement: products, customer
 * accounts not blocked and those opened since Monday, and the orders (all of them) and revenue
 * (cancelled ones aside) of each week, read through the orders' date index. The two counts of
 * other modules' tables (catalog's products, auth's users) are read here by choice: one round trip
 * and one `now()` for the whole card, where asking catalog and auth would make three.
 */
export async function shopCounts(db: DbOrTx): Promise<ShopCounts> {
  const [row] = await queryRows<ShopCounts>(
    db,
    sql`with week as (
          select date_trunc('week', now(), ${shopTimeZone()}) as this_start,
                 -- a week back on the wall clock, not 168 hours (a time zone with summer time)
                 (date_trunc('week', now(), ${shopTimeZone()}) at time zone ${shopTimeZone()} - interval '7 days')
                   at time zone ${shopTimeZone()} as last_start
        ), weekly as (
          select count(*) filter (where o.created_at >= week.this_start)::int as orders_this_week,
                 count(*) filter (where o.created_at < week.this_start)::int as orders_last_week,
                 coalesce(sum(o.total_amount) filter (where o.created_at >= week.this_start and ${countedOrder(sql`o.status`)}), 0)::float8 as revenue_this_week,
                 coalesce(sum(o.total_amount) filter (where o.created_at < week.this_start and ${countedOrder(sql`o.status`)}), 0)::float8 as revenue_last_week
            from ${orders} o, week
           where o.created_at >= week.last_start
        )
        select (select count(*) from ${products})::int as total_products,
               (select count(*) from ${users} where ${users.role} = 'client' and ${users.status} = 'active')::int as active_customers,
               (select count(*) from ${users}, week where ${users.role} = 'client' and ${users.created_at} >= week.this_start)::int as new_customers,
               to_char(week.this_start at time zone ${shopTimeZone()}, 'YYYY-MM-DD') as week_start,
               weekly.*
          from week, weekly`,
  );
  if (!row) throw new Error('shop counts not read');
  return row;
}

export type ProductSalesRow = { product_id: number | null; name: string; quantity: number; revenue: number };

/**
 * The `limit` products most ordered (by quantity, then revenue), over the non-cancelled orders of
 * `period`, or of all time when null. Sold units are summed by product and the name they were
 * ordered under, then by product: a product renamed since is one line under its current name; one
 * deleted since (no id any more) keeps a line per name it was ordered under. Over all time they
 * come already summed from product_sales (kept by triggers, migration 0011): a few rows per
 * product instead of every article ever sold. Over a period, the period's orders come from the
 * date index. The current name comes from catalog's products, joined here by choice (one statement:
 * a product's line and its name cannot disagree).
 */
export async function topProducts(
  db: DbOrTx,
  limit: number,
  period: Period | null,
): Promise<ProductSalesRow[]> {
  const byName: SQL = period
    ? sql`select coalesce(oi.product_id, 0) as product_id, oi.product_name, sum(oi.quantity) as quantity, sum(oi.total_price) as revenue
            from ${order_items} oi
           where oi.order_id in (select id from ${orders} where ${orders.created_at} >= ${shopDayStart(period.from)} and ${orders.created_at} < ${shopDayEnd(period.to)} and ${countedOrder()})
           group by 1, 2`
    : sql`select product_id, product_name, quantity, revenue from ${product_sales} where quantity > 0`;
  return queryRows(
    db,
    sql`with by_name as (${byName}), sold as (
          select product_id, case when product_id = 0 then product_name end as orphan_name,
                 min(product_name) as ordered_name, sum(quantity)::int as quantity, sum(revenue)::float8 as revenue
            from by_name
           group by 1, 2
           order by quantity desc, revenue desc, ordered_name
           limit ${limit}
        )
        select nullif(sold.product_id, 0) as product_id, coalesce(p.name, sold.ordered_name) as name, sold.quantity, sold.revenue
          from sold left join ${products} p on p.id = sold.product_id
         order by sold.quantity desc, sold.revenue desc, name`,
  );
}

export type DayRow = {
  day: string;
  orders: number;
  items: number;
  revenue: number;
  collected: number;
  to_refund: number;
  /** Null on a day without orders. */
  by_status: Record<string, number> | null;
};

const perStatusCounts = sql.join(
  ORDER_STATUSES.map((s) => sql`${s}::text, count(*) filter (where ${orders.status} = ${s})`),
  sql`, `,
);

/**
 * Every day of `period`, oldest first (generate_series: a day without orders is there, with
 * zeros): the orders placed, of each status, the articles and revenue of those not cancelled,
 * the revenue of those among them paid (collected), and what is to be given back of those
 * cancelled after they were paid (to_refund).
 * One range read of the orders' date index, grouped by the shop's day.
 */
export async function dailyFigures(db: DbOrTx, period: Period): Promise<DayRow[]> {
  const notCancelled = countedOrder();
  return queryRows(
    db,
    sql`with placed as (
          select (${orders.created_at} at time zone ${shopTimeZone()})::date as day,
                 count(*)::int as orders,
                 coalesce(sum(${orders.total_items}) filter (where ${notCancelled}), 0)::int as items,
                 coalesce(sum(${orders.total_amount}) filter (where ${notCancelled}), 0)::float8 as revenue,
                 coalesce(sum(${orders.total_amount}) filter (where ${collectedOrder()}), 0)::float8 as collected,
                 coalesce(sum(${orders.total_amount}) filter (where ${refundDue()}), 0)::float8 as to_refund,
                 json_build_object(${perStatusCounts}) as by_status
            from ${orders}
           where ${orders.created_at} >= ${shopDayStart(period.from)} and ${orders.created_at} < ${shopDayEnd(period.to)}
           group by 1
        )
        select to_char(d.day, 'YYYY-MM-DD') as day,
               coalesce(placed.orders, 0) as orders,
               coalesce(placed.items, 0) as items,
               coalesce(placed.revenue, 0) as revenue,
               coalesce(placed.collected, 0) as collected,
               coalesce(placed.to_refund, 0) as to_refund,
               placed.by_status
          from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d(day)
          left join placed on placed.day = d.day::date
         order by d.day`,
  );
}

/** A customer's latest orders, cancelled ones included (the profile shows them with their colour). */
export async function customerRecentOrders(db: DbOrTx, userId: number, limit: number) {
  return db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      created_at: orders.created_at,
      total_amount: orders.total_amount,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.user_id, userId))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit);
}

/** How many of a customer's orders are in each status, and when the first was placed. */
export async function customerStatusCounts(db: DbOrTx, userId: number) {
  return db
    .select({
      status: orders.status,
      count: sql<number>`count(*)::int`,
      first: sql<string>`min(${orders.created_at})`,
    })
    .from(orders)
    .where(eq(orders.user_id, userId))
    .groupBy(orders.status) as Promise<{ status: OrderStatus; count: number; first: string }[]>;
}

/** What a customer buys most, by units over their paid orders. */
export async function customerTopProducts(db: DbOrTx, userId: number, limit: number) {
  return db
    .select({
      name: order_items.product_name,
      quantity: sql<number>`sum(${order_items.quantity})::int`,
    })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(and(eq(orders.user_id, userId), countedOrder()))
    .groupBy(order_items.product_name)
    .orderBy(desc(sql`sum(${order_items.quantity})`), asc(order_items.product_name))
    .limit(limit);
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Products most often ordered together with any of `productIds` (order_items self-join): ranked
 * by the number of distinct orders they share, then by the quantity bought. Cancelled orders do
 * not count. Answers ids only; visibility is checked by the catalogue listing.
 */
export async function findBoughtWith(db: DbOrTx, productIds: number[], limit: number): Promise<number[]> {
  if (!productIds.length) return [];
  const rows = await queryRows<{ product_id: number }>(
    db,
    sql`
    select other.product_id
      from order_items other
      join orders o on o.id = other.order_id and ${countedOrder(sql`o.status`)}
     where other.order_id in (select order_id from order_items where product_id in (${idList(productIds)}))
       and other.product_id is not null
       and other.product_id not in (${idList(productIds)})
     group by other.product_id
     order by count(distinct other.order_id) desc, sum(other.quantity) desc, other.product_id asc
     limit ${limit}`,
  );
  return rows.map((r) => r.product_id);
}

/** What the shop was paid, by how: through each provider, or recorded by hand (orders that count). */
export async function collectedByMethod(db: DbOrTx): Promise<Record<PaidWith, number>> {
  const rows = await queryRows<{ paid_with: PaidWith; collected: number }>(
    db,
    sql`select ${orders.paid_with} as paid_with, coalesce(sum(${orders.total_amount}), 0)::float8 as collected
          from ${orders}
         where ${collectedOrder()}
         group by ${orders.paid_with}`,
  );
  const byMethod = Object.fromEntries(PAID_WITH.map((method) => [method, 0])) as Record<PaidWith, number>;
  for (const row of rows) byMethod[row.paid_with] = row.collected;
  return byMethod;
}
