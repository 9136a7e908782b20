import { CANCELLED_ORDER_STATUS } from '@souk/domain/order-status';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { orders } from './schema.ts';

// The one SQL reading of "an order that counts": every revenue, total spent, units sold and
// suggestion leaves cancelled orders out (never paid). Migration 0011's triggers say the same in
// plpgsql for product_sales.

/** The order whose `status` this is counts (it was not cancelled); `o.status` under an alias. */
export const paidOrder = (status: AnyColumn | SQL = orders.status): SQL =>
  sql`${status} <> ${CANCELLED_ORDER_STATUS}`;
