import { CANCELLED_ORDER_STATUS } from '@souk/domain/order-status';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { orders } from './schema.ts';

// "An order that counts" is the database's function order_counts(status) (migration 0018): every
// revenue ordered, total spent, units sold and suggestion leaves cancelled orders out, and
// product_sales's triggers ask the same function. Revenue collected counts, of those, the orders
// whose payment the shop recorded.

/** The order whose `status` this is counts (it was not cancelled); `o.status` under an alias. */
export const countedOrder = (status: AnyColumn | SQL = orders.status): SQL => sql`order_counts(${status})`;

/** A counted order the shop has been paid for ('Paiement reçu'); `o.` columns under an alias. */
export const collectedOrder = (
  columns: { status: AnyColumn | SQL; paidAt: AnyColumn | SQL } = {
    status: orders.status,
    paidAt: orders.paid_at,
  },
): SQL => sql`(${countedOrder(columns.status)} and ${columns.paidAt} is not null)`;

/** A paid order cancelled whose refund is not recorded: 'À rembourser' (domain's refundState 'due'). */
export const refundDue = (): SQL =>
  sql`(${orders.status} = ${CANCELLED_ORDER_STATUS} and ${orders.paid_at} is not null and ${orders.refunded_at} is null)`;
