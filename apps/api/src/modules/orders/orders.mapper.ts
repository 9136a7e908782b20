import type { AdminSearchResults } from '@souk/domain/admin-catalog';
import {
  type AdminOrder,
  type AdminOrderSummary,
  type OrderHistoryEntry,
  perStatusFigures,
} from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import type { OrderForMessage } from '@souk/domain/order-messages';
import {
  CANCELLED_ORDER_STATUS,
  INITIAL_ORDER_STATUS,
  ORDER_STATUS_LABELS,
  paymentLabel,
  refundState,
} from '@souk/domain/order-status';
import type { TrackedOrder } from '@souk/domain/order-tracking';
import type { Order, OrderItem } from '@souk/domain/orders';
import { PAID_WITH_LABELS } from '@souk/domain/payments';
import { oneLine, withoutBidiControls } from '@souk/domain/text';
import type { CsvCell } from '#shared/csv.ts';
import { iso } from '#shared/mapping.ts';
import type { HistoryRow, StatusTotals } from './admin-orders.repository.ts';
import type { OrderContext, OrderTracking } from './order-tracking.ts';
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

const isoOrNull = (stamp: string | null) => (stamp === null ? null : iso(stamp));

/** Who cancelled and why; a cancelled row without it (none since migration 0023's backfill) reads as the shop's, never offered 'Rétablir' by mistake. */
const cancellationOf = (row: OrderRow): Order['cancellation'] =>
  row.status === CANCELLED_ORDER_STATUS
    ? {
        by: row.cancelled_by ?? 'shop',
        reason: row.cancel_reason === null ? null : withoutBidiControls(row.cancel_reason),
      }
    : null;

const refundOf = (row: OrderRow): Order['refund'] => {
  const state = refundState(row);
  return state
    ? {
        state,
        refunded_at: isoOrNull(row.refunded_at),
        method: row.refund_method === null ? null : withoutBidiControls(row.refund_method),
      }
    : null;
};

/** How it was paid, or which provider's payment is open. */
const paymentOf = (row: OrderRow): Order['payment'] => ({
  paid_with: row.paid_at === null ? null : row.paid_with,
  pending: row.paid_at === null ? row.payment_pending : null,
});

/** What the status messages name of an order (the e-mails sent from the server). */
export const toOrderForMessage = (row: OrderRow, tracking: OrderTracking): OrderForMessage => ({
  order_number: row.order_number,
  total_amount: row.total_amount,
  status: row.status,
  client: { name: row.contact_name },
  notes: row.notes,
  paid_at: isoOrNull(row.paid_at),
  cancellation: cancellationOf(row),
  refund: refundOf(row),
  tracking_url: tracking.urlOf(row),
});

export function toOrder(row: OrderRow, items: OrderItemRow[], tracking: OrderTracking): Order {
  const mapped = items.filter((i) => i.order_id === row.id).map(toOrderItem);
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    total_amount: row.total_amount,
    total_items: row.total_items,
    notes: row.notes === null ? null : withoutBidiControls(row.notes),
    paid_at: isoOrNull(row.paid_at),
    cancellation: cancellationOf(row),
    refund: refundOf(row),
    contact: { name: oneLine(row.contact_name), phone: row.contact_phone, email: row.contact_email },
    tracking_url: tracking.urlOf(row),
    payment: paymentOf(row),
    created_at: new Date(row.created_at).toISOString(),
    items: mapped,
    items_summary: { items_count: mapped.length, total_items: row.total_items },
    summary: { total_items: row.total_items, total_amount: row.total_amount },
  };
}

/** When a waiting, unpaid order is released by the shop (UNPAID_ORDER_TIMEOUT); null when it cannot be. */
const releaseAt = (row: OrderRow, unpaidTimeoutMs: number) =>
  unpaidTimeoutMs > 0 && row.status === INITIAL_ORDER_STATUS && row.paid_at === null
    ? new Date(Date.parse(row.created_at) + unpaidTimeoutMs).toISOString()
    : null;

export const toAdminOrder = (row: OrderRow, items: OrderItemRow[], context: OrderContext): AdminOrder => ({
  ...toOrder(row, items, context.tracking),
  client: {
    id: row.user_id,
    name: oneLine(row.contact_name),
    email: row.contact_email,
    whatsapp_phone: row.contact_phone,
  },
  updated_at: new Date(row.updated_at).toISOString(),
  unpaid_confirmed: row.unpaid_confirmed_at !== null,
  release_at: releaseAt(row, context.shop.unpaidTimeoutMs),
});

/**
 * An order as its tracking link shows it: what was ordered, where it stands and when it got there;
 * nothing of who ordered it (the link may be forwarded), nor the owner's own notes (why a payment
 * was undone).
 */
export function toTrackedOrder(row: OrderRow, items: OrderItemRow[], history: HistoryRow[]): TrackedOrder {
  const refund = refundOf(row);
  return {
    order_number: row.order_number,
    status: row.status,
    total_amount: row.total_amount,
    total_items: row.total_items,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: isoOrNull(row.paid_at),
    payment: paymentOf(row),
    cancellation: cancellationOf(row),
    refund: refund && { state: refund.state },
    items: items.map((i) => ({
      id: i.id,
      product_name: i.product_name,
      variant_name: i.variant_name,
      quantity: i.quantity,
      unit_price: i.unit_price,
      total_price: i.total_price,
    })),
    history: history.map((h) => ({
      event: h.event,
      status: h.to_status,
      at: new Date(h.created_at).toISOString(),
    })),
  };
}

/** A history line and who made it (`accounts`: the accounts named in the history, by id). */
export const toHistoryEntry = (
  row: HistoryRow,
  accounts: ReadonlyMap<number, OrderHistoryEntry['changed_by']>,
): OrderHistoryEntry => ({
  id: row.id,
  event: row.event,
  from_status: row.from_status,
  to_status: row.to_status,
  changed_by: (row.changed_by !== null && accounts.get(row.changed_by)) || null,
  note: row.note,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * The list's counters: every status present; revenue ordered and the average order take only the
 * orders that count (as the database says: not cancelled), revenue collected only the paid among
 * them (a cancelled order's payment is refunded).
 */
export function toOrderSummary(totals: StatusTotals): AdminOrderSummary {
  const summary: AdminOrderSummary = {
    total_orders: 0,
    total_revenue: 0,
    collected_revenue: 0,
    average_order_value: 0,
    status_breakdown: perStatusFigures(),
    revenue_breakdown: perStatusFigures(),
  };
  let counted = 0;
  for (const { status, counts, count, revenue, collected } of totals) {
    summary.status_breakdown[status] = count;
    summary.revenue_breakdown[status] = revenue;
    summary.total_orders += count;
    if (counts) {
      counted += count;
      summary.total_revenue += revenue;
      summary.collected_revenue += collected;
    }
  }
  summary.average_order_value = counted ? summary.total_revenue / counted : 0;
  return summary;
}

/** An order as the back office's header search lists it. */
export const toOrderSearchResult = (row: OrderRow): AdminSearchResults['orders'][number] => ({
  id: row.id,
  order_number: row.order_number,
  client_name: oneLine(row.contact_name),
  status: row.status,
  total_amount: row.total_amount,
  created_at: new Date(row.created_at).toISOString(),
});

/** The export's columns: one line per article, the order's own cells repeated on each. */
export const ORDER_CSV_HEADER = [
  'Numéro de commande',
  'Date',
  'Statut',
  'Paiement',
  'Payée le',
  'Payée par',
  'Transaction',
  'Client',
  'Téléphone',
  'E-mail',
  'Produit',
  'Variante',
  'SKU',
  'Quantité',
  'Prix unitaire (FCFA)',
  'Total article (FCFA)',
  'Total commande (FCFA)',
];

/** An order's lines of the export (one per article; an order without any still has its line). */
export function toOrderCsvRows(row: OrderRow, items: OrderItemRow[]): CsvCell[][] {
  const order: CsvCell[] = [
    row.order_number,
    formatDateTime(row.created_at),
    ORDER_STATUS_LABELS[row.status],
    paymentLabel(row),
    row.paid_at === null ? null : formatDateTime(row.paid_at),
    row.paid_at === null || row.paid_with === null ? null : PAID_WITH_LABELS[row.paid_with],
    row.payment_reference,
    row.contact_name,
    // E.164 ('+221771234567'): the cell is neutralised like any starting with '+', which also keeps
    // a spreadsheet from reading it as a number (2,21771E+11).
    row.contact_phone,
    row.contact_email,
  ];
  const total = row.total_amount;
  if (!items.length) return [[...order, null, null, null, null, null, null, total]];
  return items.map((i) => [
    ...order,
    i.product_name,
    i.variant_name,
    i.sku,
    i.quantity,
    i.unit_price,
    i.total_price,
    total,
  ]);
}
