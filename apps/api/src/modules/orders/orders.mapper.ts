import type { OrderStatus } from '@souk/domain/order-status';
import type { Order, OrderItem } from '@souk/domain/orders';
import type { OrderItemRow, OrderRow } from './orders.repository.ts';

export const toOrderItem = (row: OrderItemRow): OrderItem => ({
  id: row.id,
  product_id: row.product_id,
  variant_id: row.variant_id,
  product_name: row.product_name,
  variant_name: row.variant_name,
  sku: row.sku,
  product: { id: row.product_id, name: row.product_name },
  unit_price: row.unit_price,
  price: row.unit_price,
  quantity: row.quantity,
  total_price: row.total_price,
});

export function toOrder(row: OrderRow, items: OrderItemRow[]): Order {
  const mapped = items.filter((i) => i.order_id === row.id).map(toOrderItem);
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status as OrderStatus,
    total_amount: row.total_amount,
    total_items: row.total_items,
    notes: row.notes,
    contact: { name: row.contact_name, phone: row.contact_phone, email: row.contact_email },
    created_at: new Date(row.created_at).toISOString(),
    items: mapped,
    items_summary: { items_count: mapped.length, total_items: row.total_items },
    summary: { total_items: row.total_items, total_amount: row.total_amount },
  };
}
