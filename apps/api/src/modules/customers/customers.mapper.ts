import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type CustomerStats,
  customerTier,
} from '@souk/domain/admin-customers';
import { perStatusFigures } from '@souk/domain/admin-orders';
import { oneLine } from '@souk/domain/text';
import { iso } from '#shared/mapping.ts';
import type { CustomerRow, CustomerTotals } from '../auth/accounts.service.ts';
import type * as orderFigures from '../orders/order-figures.service.ts';

/** Percentage of `part` in `whole` with one decimal; 0 when there is no whole. */
const percentage = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

export function toAdminCustomer(row: CustomerRow): AdminCustomer {
  const orders = row.orders_count;
  const spent = row.total_spent;
  return {
    id: row.id,
    name: oneLine(row.name),
    email: row.email,
    whatsapp_phone: row.whatsapp_phone,
    status: row.status,
    created_at: iso(row.created_at),
    last_login_at: row.last_login_at ? iso(row.last_login_at) : null,
    orders_count: orders,
    total_spent: spent,
    total_paid: row.total_paid,
    last_order_at: row.last_order_at ? iso(row.last_order_at) : null,
    avg_order_value: orders ? Math.round(spent / orders) : null,
    tier: customerTier({ orders, spent }),
  };
}

type Rows<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** The profile: the customer, their latest orders, and their orders by status since the first. */
export function toCustomerDetail(
  customer: AdminCustomer,
  recent: Rows<typeof orderFigures.customerRecentOrders>,
  counts: Rows<typeof orderFigures.customerStatusCounts>,
  top: Rows<typeof orderFigures.customerTopProducts>,
): AdminCustomerDetail {
  const firsts = counts.map((c) => new Date(c.first).getTime());
  return {
    ...customer,
    recent_orders: recent.map((order) => ({ ...order, created_at: iso(order.created_at) })),
    statistics: {
      status_breakdown: perStatusFigures(counts.map((c) => [c.status, c.count] as const)),
      first_order_at: firsts.length ? new Date(Math.min(...firsts)).toISOString() : null,
      top_products: top,
    },
  };
}

export function toCustomerStats(totals: CustomerTotals): CustomerStats {
  return {
    total_clients: totals.total_clients,
    active_clients: totals.active_clients,
    blocked_clients: totals.blocked_clients,
    new_clients_this_month: totals.new_clients_this_month,
    active_percentage: percentage(totals.active_clients, totals.total_clients),
    total_orders: totals.total_orders,
    total_revenue: totals.total_revenue,
    collected_revenue: totals.collected_revenue,
    avg_order_value: totals.total_orders ? Math.round(totals.total_revenue / totals.total_orders) : 0,
    retention_rate: percentage(totals.repeat_buyers, totals.buyers),
  };
}
