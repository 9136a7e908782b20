import type { AdminOrderDetail, OrderHistoryEntry } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { CANCELLED_ORDER_STATUS, ORDER_STATUS_LABELS, REFUND_STATE_LABELS } from '@souk/domain/order-status';

/** Who moved the order: an admin by name, the client (her own order, her cancellation), a guest, or the shop itself. */
function changedBy(entry: OrderHistoryEntry, order: AdminOrderDetail) {
  if (entry.changed_by?.role === 'client') return `Client (${entry.changed_by.name})`;
  if (entry.changed_by) return entry.changed_by.name;
  return entry.from_status === null && order.client.id === null ? 'Client invité' : 'Système';
}

/**
 * What an entry of the history says happened: the order placed, a step (a cancellation with the
 * reason the customer was given, a reinstatement with why), a payment recorded or undone, a refund
 * and how.
 */
function HistoryEvent({ entry }: { entry: OrderHistoryEntry }) {
  if (entry.event === 'paid') return <>Paiement reçu</>;
  if (entry.event === 'unpaid') return <>Paiement annulé : {entry.note}</>;
  if (entry.event === 'refunded')
    return (
      <>
        {REFUND_STATE_LABELS.done}
        {entry.note && <> ({entry.note})</>}
      </>
    );
  if (entry.from_status === null) return <>Commande passée : {ORDER_STATUS_LABELS[entry.to_status]}</>;
  return (
    <>
      {ORDER_STATUS_LABELS[entry.from_status]} <span aria-hidden="true">→</span>
      <span className="sr-only">vers</span> {ORDER_STATUS_LABELS[entry.to_status]}
      {entry.note && (
        <span className="block font-normal text-stone-800">
          {entry.to_status === CANCELLED_ORDER_STATUS ? `Raison : ${entry.note}` : entry.note}
        </span>
      )}
    </>
  );
}

/** The order's life, oldest first: each step from → to, each payment and refund, who made it and when. */
export function StatusHistory({ order }: { order: AdminOrderDetail }) {
  if (order.history.length === 0)
    return <p className="text-sm text-stone-600">Aucun changement de statut enregistré.</p>;
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-stone-200 pl-4">
      {order.history.map((entry) => (
        <li key={entry.id} className="relative text-sm">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-emerald-700"
          />
          <p className="font-medium break-words text-stone-900">
            <HistoryEvent entry={entry} />
          </p>
          <p className="text-stone-600">
            Par {changedBy(entry, order)}, le{' '}
            <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
