import type { AdminOrder, AdminOrderDetail, OrderHistoryEntry } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';

// The server and the browser may sit in different time zones: each date is written once, by the
// loader, and the page shows that text, so the hydrated page reads as the server sent it.

/** An order with its date and time as the server wrote them ('25/11/2026 14:05'). */
export type ShownOrder = AdminOrder & { date: string };
export type ShownHistoryEntry = OrderHistoryEntry & { date: string };
export type ShownOrderDetail = Omit<AdminOrderDetail, 'history'> & {
  date: string;
  history: ShownHistoryEntry[];
};

const withDate = <T extends { created_at: string }>(row: T) => ({
  ...row,
  date: formatDateTime(row.created_at),
});

export const showOrder = (order: AdminOrder): ShownOrder => withDate(order);

export const showOrderDetail = (order: AdminOrderDetail): ShownOrderDetail => ({
  ...withDate(order),
  history: order.history.map(withDate),
});
