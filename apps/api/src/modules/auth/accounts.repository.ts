import type { AdminCustomerListQuery, CustomerStatus } from '@souk/domain/admin-customers';
import { shopTimeZone } from '@souk/domain/dates';
import { and, asc, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { contactSearch } from '../../db/like.ts';
import { collectedOrder, countedOrder } from '../../db/order-rules.ts';
import { orders, users } from '../../db/schema.ts';

// The accounts as the back office's customers screen reads and changes them. A customer is an
// account with the role 'client'; their figures leave cancelled orders out (ADR 0019): what they
// ordered, and of it what the shop recorded as paid.
//
// Those figures are sums over the orders module's table, read here in the same statement as the
// accounts, by choice: a page sorted by a figure (or by a name, with each customer's figures beside
// it) is one query through the indexes, where asking the orders module for each page's figures
// would cost a round trip more and could not sort by them. It only reads `orders`, and is one of the
// few joins across owners that docs/architecture.md lists.

const isClient = eq(users.role, 'client');
const paid = countedOrder();

const figureColumns = {
  orders_count: sql<number>`count(*)::int`.as('orders_count'),
  // float8: a lifetime's spending may pass int4.
  total_spent: sql<number>`coalesce(sum(${orders.total_amount}), 0)::float8`.as('total_spent'),
  total_paid:
    sql<number>`coalesce(sum(${orders.total_amount}) filter (where ${collectedOrder()}), 0)::float8`.as(
      'total_paid',
    ),
  last_order_at: sql<string | null>`max(${orders.created_at})`.as('last_order_at'),
};

/**
 * One customer's figures, summed by PostgreSQL from their orders through orders_user_created_idx:
 * joined laterally, so a page of 10 reads the orders of 10 customers.
 */
const figures = (db: DbOrTx) =>
  db
    .select(figureColumns)
    .from(orders)
    .where(and(eq(orders.user_id, users.id), paid))
    .as('figures');

/**
 * Every customer's figures at once, for sorting by number of orders: one pass over the orders
 * beats a lookup per customer when all of them must be counted (≈ 3 times faster at 20 000).
 */
const allFigures = (db: DbOrTx) =>
  db
    .select({ user_id: orders.user_id, ...figureColumns })
    .from(orders)
    .where(and(isNotNull(orders.user_id), paid))
    .groupBy(orders.user_id)
    .as('figures');

type Figures = {
  orders_count: SQL.Aliased<number>;
  total_spent: SQL.Aliased<number>;
  total_paid: SQL.Aliased<number>;
  last_order_at: SQL.Aliased<string | null>;
};

/** A customer and their figures; a customer without orders counts zero (no row in the grouped join). */
const customerColumns = (f: Figures) => ({
  id: users.id,
  name: users.name,
  email: users.email,
  whatsapp_phone: users.whatsapp_phone,
  status: users.status,
  created_at: users.created_at,
  last_login_at: users.last_login_at,
  orders_count: sql<number>`coalesce(${f.orders_count}, 0)::int`,
  total_spent: sql<number>`coalesce(${f.total_spent}, 0)::float8`,
  total_paid: sql<number>`coalesce(${f.total_paid}, 0)::float8`,
  last_order_at: sql<string | null>`${f.last_order_at}`,
});

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;

/** Search (name accents and case aside, e-mail, phone digits) and status, over customers only. */
function customerFilters({ search, status }: Pick<AdminCustomerListQuery, 'search' | 'status'>): SQL {
  const conditions: SQL[] = [isClient];
  const found = contactSearch(search, {
    name: users.name,
    lowered: users.email,
    phone: users.whatsapp_phone,
  });
  if (found) conditions.push(found);
  if (status) conditions.push(eq(users.status, status));
  return and(...conditions) as SQL;
}

/** One page of customers, sorted as asked (the id breaks ties, so pages never overlap). */
export async function findCustomers(
  db: DbOrTx,
  query: AdminCustomerListQuery,
  page: { limit: number; offset: number },
): Promise<CustomerRow[]> {
  const direction = query.sort_order === 'asc' ? asc : desc;
  const filters = customerFilters(query);
  const window = { limit: page.limit, offset: page.offset };
  if (query.sort_by === 'orders_count') {
    const f = allFigures(db);
    return db
      .select(customerColumns(f))
      .from(users)
      .leftJoin(f, eq(f.user_id, users.id))
      .where(filters)
      .orderBy(direction(sql`coalesce(${f.orders_count}, 0)`), direction(users.id))
      .limit(window.limit)
      .offset(window.offset);
  }
  // Each through an index ending with the id (migration 0009): the page is read in order, not sorted.
  const sortColumn = {
    created_at: users.created_at,
    name: sql`f_fold(${users.name})`,
    // Customers without an e-mail come last going up, first going down.
    email: users.email,
  }[query.sort_by];
  const f = figures(db);
  return db
    .select(customerColumns(f))
    .from(users)
    .leftJoinLateral(f, sql`true`)
    .where(filters)
    .orderBy(direction(sortColumn), direction(users.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countCustomers(
  db: DbOrTx,
  query: Pick<AdminCustomerListQuery, 'search' | 'status'>,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(customerFilters(query));
  return row?.count ?? 0;
}

/** One customer (an admin is not one) with their figures. */
export async function findCustomer(db: DbOrTx, id: number) {
  const f = figures(db);
  const [row] = await db
    .select(customerColumns(f))
    .from(users)
    .leftJoinLateral(f, sql`true`)
    .where(and(isClient, eq(users.id, id)));
  return row ?? null;
}

export type CustomerTotals = {
  total_clients: number;
  active_clients: number;
  blocked_clients: number;
  new_clients_this_month: number;
  total_orders: number;
  total_revenue: number;
  collected_revenue: number;
  /** Customers with at least one order (not cancelled), and with two or more. */
  buyers: number;
  repeat_buyers: number;
};

/** The screen's statistics in one statement: the accounts, then their orders (not cancelled) per customer. */
export async function customerTotals(db: DbOrTx): Promise<CustomerTotals> {
  const [row] = await queryRows<CustomerTotals>(
    db,
    sql`with accounts as (
          select count(*)::int as total_clients,
                 count(*) filter (where ${users.status} = 'active')::int as active_clients,
                 count(*) filter (where ${users.status} = 'blocked')::int as blocked_clients,
                 count(*) filter (
                   where ${users.created_at} >= date_trunc('month', now(), ${shopTimeZone()})
                 )::int as new_clients_this_month
            from ${users} where ${isClient}
        ), per_customer as (
          select count(*)::int as n, sum(${orders.total_amount})::float8 as spent,
                 coalesce(sum(${orders.total_amount}) filter (where ${collectedOrder()}), 0)::float8 as collected
            from ${orders} join ${users} on ${users.id} = ${orders.user_id} and ${isClient}
           where ${paid}
           group by ${orders.user_id}
        )
        select accounts.*,
               coalesce((select sum(n) from per_customer), 0)::int as total_orders,
               coalesce((select sum(spent) from per_customer), 0)::float8 as total_revenue,
               coalesce((select sum(collected) from per_customer), 0)::float8 as collected_revenue,
               (select count(*) from per_customer)::int as buyers,
               (select count(*) from per_customer where n >= 2)::int as repeat_buyers
          from accounts`,
  );
  if (!row) throw new Error('customer totals not read');
  return row;
}

/** The accounts among `ids` with their role and name, locked until the transaction ends. */
export async function lockAccounts(tx: DbOrTx, ids: number[]) {
  return tx
    .select({ id: users.id, name: users.name, role: users.role, status: users.status })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    .for('update');
}

/** Sets the status of the customers among `ids` not already in it; answers the ids changed. */
export async function setStatus(tx: DbOrTx, ids: number[], status: CustomerStatus): Promise<number[]> {
  const changed = await tx
    .update(users)
    .set({ status, updated_at: new Date().toISOString() })
    .where(and(inArray(users.id, ids), isClient, ne(users.status, status)))
    .returning({ id: users.id });
  return changed.map((row) => row.id);
}

/** The header search's customers: who they are, without their figures. */
export async function findCustomerContacts(db: DbOrTx, search: string, limit: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      whatsapp_phone: users.whatsapp_phone,
      status: users.status,
    })
    .from(users)
    .where(customerFilters({ search, status: undefined }))
    .orderBy(desc(users.created_at), desc(users.id))
    .limit(limit);
}

/** The e-mails of the active admin accounts: who hears of each new order unless ORDER_NOTIFY_EMAIL says. */
export async function findAdminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNotNull(users.email)))
    .orderBy(asc(users.id));
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}
