import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import type { Order } from '@souk/domain/orders';

const STATUS_STYLES: Record<OrderStatus, string> = {
  en_attente: 'bg-amber-100 text-amber-950 ring-amber-300',
  acceptée: 'bg-sky-100 text-sky-950 ring-sky-300',
  prête: 'bg-indigo-100 text-indigo-950 ring-indigo-300',
  en_cours: 'bg-violet-100 text-violet-950 ring-violet-300',
  disponible: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  annulée: 'bg-stone-200 text-stone-800 ring-stone-300',
};

/** How many orders are in each status, for the account summary (header, filter bar, count grid). */
export const STATUS_COUNT_LABELS: Record<OrderStatus, string> = {
  en_attente: 'En attente',
  acceptée: 'Acceptées',
  prête: 'Prêtes',
  en_cours: 'En cours',
  // Spec §4: the 'completed' count is the count of 'disponible'.
  disponible: 'Terminées',
  annulée: 'Annulées',
};

const isKnown = (status: string): status is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

/** A status the client does not know yet reads and looks like a pending one (spec §4). */
export const normalizeStatus = (status: string): OrderStatus => (isKnown(status) ? status : 'en_attente');
export const statusLabel = (status: string) => ORDER_STATUS_LABELS[normalizeStatus(status)];
export const statusStyle = (status: string) => STATUS_STYLES[normalizeStatus(status)];

export function countByStatus(orders: readonly Order[]): Record<OrderStatus, number> {
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const order of orders) counts[normalizeStatus(order.status)] += 1;
  return counts;
}

/** What the client has spent: cancelled orders were never paid, so they do not count. */
export const totalSpent = (orders: readonly Order[]) =>
  orders.reduce((sum, o) => (normalizeStatus(o.status) === 'annulée' ? sum : sum + o.total_amount), 0);

export const orderNumber = (order: Pick<Order, 'id' | 'order_number'>) =>
  order.order_number || `CMD-${order.id}`;

export const articleCount = (order: Order) =>
  order.summary?.total_items ??
  order.items_summary?.total_items ??
  order.items.reduce((n, i) => n + i.quantity, 0);

export const articlesLabel = (count: number) => `${count} article${count > 1 ? 's' : ''}`;

export function statusBadgeClass(status: string) {
  return `inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusStyle(status)}`;
}
