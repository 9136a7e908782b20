import type { AdminOrderDetail } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import {
  PAYMENT_ANOMALY_LABELS,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATE_LABELS,
  type PaymentAttempt,
} from '@souk/domain/payments';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { useConfirmedAction } from '~/lib/use-form';

/**
 * Each payment asked of a provider for the order (docs/decisions/0043): which, how much, where it
 * stands and when, its transaction, and what the owner must settle (a success that is not the
 * order's payment: another amount, an order paid already or cancelled, its money to give back).
 */
export function OrderProviderPayments({ order }: { order: AdminOrderDetail }) {
  const refund = useConfirmedAction(
    'order-payment-refund',
    ({ payment, by }: { payment: PaymentAttempt; by: 'provider' | 'hand' }) => ({
      intent: 'payment-refund',
      id: String(order.id),
      payment: String(payment.id),
      by,
      // Asked before without an answer: the owner checked in the provider's app, it is asked again.
      ...(payment.refund_requested ? { again: 'true' } : {}),
    }),
  );
  const target = refund.target;
  return (
    <>
      <ol className="flex flex-col gap-2">
        {order.payments.map((payment) => (
          <li key={payment.id} className="rounded-xl border border-stone-200 p-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-stone-900">
                {PAYMENT_PROVIDER_LABELS[payment.provider]}
              </span>
              <span>
                {payment.currency === 'XOF' || payment.currency === 'XAF'
                  ? formatFcfa(payment.amount)
                  : `${payment.amount} ${payment.currency}`}
              </span>
              <Badge
                tone={
                  payment.state === 'succeeded'
                    ? 'success'
                    : payment.state === 'failed'
                      ? 'danger'
                      : 'neutral'
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
            {payment.refund === 'done' && (
              <p className="mt-1 text-emerald-900">
                Remboursé par {PAYMENT_PROVIDER_LABELS[payment.provider]}
              </p>
            )}
            {payment.refund === 'due' && (
              <div className="mt-2 flex flex-col gap-2">
                {payment.refund_requested && (
                  <p className="text-amber-900">
                    Remboursement demandé à {PAYMENT_PROVIDER_LABELS[payment.provider]} sans réponse :
                    vérifiez-le dans {PAYMENT_PROVIDER_LABELS[payment.provider]} avant toute autre démarche.
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {payment.refundable && (
                    <Button
                      size="sm"
                      variant="secondary"
                      pending={refund.pending}
                      onClick={() => refund.ask({ payment, by: 'provider' })}
                    >
                      Rembourser par {PAYMENT_PROVIDER_LABELS[payment.provider]}
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => refund.ask({ payment, by: 'hand' })}>
                    Remboursé à la main
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={refund.target !== null}
        title="Rembourser le paiement"
        message={
          target === null
            ? ''
            : target.by === 'provider'
              ? `${PAYMENT_PROVIDER_LABELS[target.payment.provider]} rend ${formatFcfa(target.payment.amount)} au client, sur le compte qui a payé. Ce remboursement ne s'annule pas.`
              : `Vous avez rendu ${formatFcfa(target.payment.amount)} au client vous-même (espèces, transfert) : c'est noté sur la commande.`
        }
        confirmLabel={target?.by === 'hand' ? 'Noter le remboursement' : 'Rembourser'}
        onConfirm={refund.confirm}
        onCancel={refund.cancel}
        pending={refund.pending}
      />
    </>
  );
}
