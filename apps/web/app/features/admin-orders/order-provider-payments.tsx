import type { AdminOrderDetail } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import { PAYMENT_ANOMALY_LABELS, PAYMENT_PROVIDER_LABELS, PAYMENT_STATE_LABELS } from '@souk/domain/payments';
import { Badge } from '~/components/ui/badge';

/**
 * Each payment asked of a provider for the order (docs/decisions/0043): which, how much, where it
 * stands and when, its transaction, and what the owner must settle (a success that is not the
 * order's payment: another amount, an order paid already or cancelled, its money to give back).
 */
export function OrderProviderPayments({ order }: { order: AdminOrderDetail }) {
  return (
    <ol className="flex flex-col gap-2">
      {order.payments.map((payment) => (
        <li key={payment.id} className="rounded-xl border border-stone-200 p-3 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-stone-900">{PAYMENT_PROVIDER_LABELS[payment.provider]}</span>
            <span>
              {payment.currency === 'XOF' || payment.currency === 'XAF'
                ? formatFcfa(payment.amount)
                : `${payment.amount} ${payment.currency}`}
            </span>
            <Badge
              tone={
                payment.state === 'succeeded' ? 'success' : payment.state === 'failed' ? 'danger' : 'neutral'
              }
            >
              {PAYMENT_STATE_LABELS[payment.state]}
            </Badge>
          </p>
          <p className="text-stone-600">
            <time dateTime={payment.created_at}>{formatDateTime(payment.created_at)}</time>
            {payment.transaction_id && <> · Transaction {payment.transaction_id}</>}
          </p>
          {payment.anomaly && (
            <p role="note" className="mt-1 font-semibold text-amber-900">
              {PAYMENT_ANOMALY_LABELS[payment.anomaly]}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
