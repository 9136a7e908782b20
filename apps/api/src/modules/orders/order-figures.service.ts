import type { AdminSearchResults } from '@souk/domain/admin-catalog';
import type { AdminOrderSummary } from '@souk/domain/admin-orders';
import type { Db } from '../../db/client.ts';
import { findOrders, totalsByStatus } from './admin-orders.repository.ts';
import { toOrderSearchResult, toOrderSummary } from './orders.mapper.ts';

// What other modules read of the orders (the dashboard, the customers screen, the header's bell,
// the cart's suggestions): they reach the orders module's tables only through these functions.

export type { DayRow, Period, ProductSalesRow, ShopCounts } from './order-figures.repository.ts';
export {
  collectedByMethod,
  customerRecentOrders,
  customerStatusCounts,
  customerTopProducts,
  dailyFigures,
  findBoughtWith,
  shopCounts,
  topProducts,
} from './order-figures.repository.ts';
export { countOrdersInStatus } from './orders.repository.ts';

/** Every order's counters by status, their revenue and what was collected, as the orders screen sums them. */
export async function orderSummary(db: Db): Promise<AdminOrderSummary> {
  return toOrderSummary(await totalsByStatus(db, {}));
}

/** The `limit` newest orders, as the dashboard and the header search list them. */
export async function latestOrders(db: Db, limit: number): Promise<AdminSearchResults['orders']> {
  return (await findOrders(db, {}, { limit, offset: 0 })).map(toOrderSearchResult);
}
