import { CANCELLED_ORDER_STATUS } from '@souk/domain/order-status';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { orders } from './schema.ts';

// The one SQL reading of "an order that counts": every revenue ordered, total spent, units sold and
// suggestion leaves cancelled orders out. Migration 0011's triggers say the same in plpgsql for
// product_sales. Revenue collected counts, of those, the orders whose payment the shop recorded.

/** The order whose `status` this is counts (it was not cancelled); `o.status` under an alias. */
export const countedOrder = (status: AnyColumn | SQL = orders.status): SQL =>
  sql`${status} <> ${CANCELLED_ORDER_STATUS}`;

/** A counted order the shop has been paid for ('Paiement reçu'); `o.` columns under an alias. */
export const collectedOrder = (
  columns: { status: AnyColumn | SQL; paidAt: AnyColumn | SQL } = {
    status: orders.status,
    paidAt: orders.paid_at,
  },
): SQL => sql`(${countedOrder(columns.status)} and ${columns.paidAt} is not null)`;
