import {
  CANCELLED_ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  REFUND_STATE_LABELS,
  type RefundState,
} from '@souk/domain/order-status';
import { type OrderPayment, paymentWords } from '@souk/domain/payments';
import { BADGE_BASE } from './badge';

// One colour per status, so a list of orders can be scanned by colour as well as read.
const STATUS_STYLES: Record<OrderStatus, string> = {
  en_attente: 'bg-amber-100 text-amber-950 ring-amber-300',
  acceptée: 'bg-sky-100 text-sky-950 ring-sky-300',
  prête: 'bg-indigo-100 text-indigo-950 ring-indigo-300',
  en_cours: 'bg-violet-100 text-violet-950 ring-violet-300',
  disponible: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  annulée: 'bg-stone-200 text-stone-800 ring-stone-300',
};

const isKnown = (status: string): status is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

/** A status the client does not know yet reads and looks like a pending one. */
export const normalizeStatus = (status: string): OrderStatus => (isKnown(status) ? status : 'en_attente');
export const statusLabel = (status: string) => ORDER_STATUS_LABELS[normalizeStatus(status)];
export const statusStyle = (status: string) => STATUS_STYLES[normalizeStatus(status)];
export const statusBadgeClass = (status: string) => `${BADGE_BASE} ${statusStyle(status)}`;

/** An order's status in words and colour, for the customer's account and the back office alike. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <span className={statusBadgeClass(status)}>{statusLabel(status)}</span>;
}

const PILL = 'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

/**
 * Where the customer's money stands, beside the status ('Mes Commandes', the tracking link's page):
 * 'À rembourser' / 'Remboursée' for a paid order cancelled, 'Payée' / 'Non payée' for any order not
 * cancelled.
 */
export function OrderPaymentBadges({
  order,
}: {
  order: {
    status: OrderStatus;
    paid_at: string | null;
    refund: { state: RefundState } | null;
    payment: OrderPayment;
  };
}) {
  return (
    <>
      {order.refund && (
        <span
          className={`${PILL} ${
            order.refund.state === 'done'
              ? 'bg-emerald-50 text-emerald-900 ring-emerald-300'
              : 'bg-amber-50 text-amber-950 ring-amber-300'
          }`}
        >
          {REFUND_STATE_LABELS[order.refund.state]}
        </span>
      )}
      {order.status !== CANCELLED_ORDER_STATUS && (
        <span
          className={`${PILL} ${
            order.paid_at
              ? 'bg-emerald-50 text-emerald-900 ring-emerald-300'
              : 'bg-white text-stone-700 ring-stone-300'
          }`}
        >
          {paymentWords(order)}
        </span>
      )}
    </>
  );
}
