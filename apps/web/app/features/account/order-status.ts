import { ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import type { Order } from '@souk/domain/orders';
import { normalizeStatus } from '~/components/ui/status-badge';

/** How many orders are in each status, for the account summary (header, filter bar, count grid). */
export const STATUS_COUNT_LABELS: Record<OrderStatus, string> = {
  en_attente: 'En attente',
  acceptée: 'Acceptées',
  prête: 'Prêtes',
  en_cours: 'En cours',
  // The 'completed' count is the count of 'disponible'.
  disponible: 'Terminées',
  annulée: 'Annulées',
};

export function countByStatus(orders: readonly Order[]): Record<OrderStatus, number> {
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const order of orders) counts[normalizeStatus(order.status)] += 1;
  return counts;
}

export const orderNumber = (order: Pick<Order, 'id' | 'order_number'>) =>
  order.order_number || `CMD-${order.id}`;

export const articleCount = (order: Order) =>
  order.summary?.total_items ??
  order.items_summary?.total_items ??
  order.items.reduce((n, i) => n + i.quantity, 0);

export const articlesLabel = (count: number) => `${count} article${count > 1 ? 's' : ''}`;

/**
 * 'Mes Commandes' at `status` (every order when null), with what else the address says: the
 * order whose cancellation is being confirmed (`cancel`), the one just cancelled (`cancelled`).
 */
export function ordersHref(
  status: OrderStatus | null,
  extra: { cancel?: number; cancelled?: string } = {},
): string {
  const params = new URLSearchParams({ tab: 'orders' });
  if (status) params.set('status', status);
  if (extra.cancel !== undefined) params.set('cancel', String(extra.cancel));
  if (extra.cancelled) params.set('cancelled', extra.cancelled);
  return `/profile?${params}`;
}
