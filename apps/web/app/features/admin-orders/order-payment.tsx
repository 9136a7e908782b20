import { type AdminOrder, type AdminOrderDetail, PAYMENT_REASON_MAX_LENGTH } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { CANCELLED_ORDER_STATUS, paymentLabel } from '@souk/domain/order-status';
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextAreaField } from '~/components/ui/form-fields';
import type { ActionOutcome } from '~/lib/form-action';
import { useOutcomeToast } from '~/lib/use-form';

/**
 * Every payment form of the screen posts through this one fetcher, so one place hears the answers
 * (a toast each) and a button knows its order's payment is on its way.
 */
export const PAYMENT_FETCHER = 'order-payment';

/**
 * The screen's payment answers, toasted once each (an undo's missing reason shows in its form);
 * `recorded` hears each payment recorded or undone: the order and its payment date (or null).
 */
export function usePaymentOutcomes(recorded: (id: number, paidAt: string | null) => void) {
  const { data } = useFetcher<ActionOutcome>({ key: PAYMENT_FETCHER });
  // A refusal with field errors (an undo without its reason) is shown in the undo's form.
  useOutcomeToast(data, () => Boolean(data && !data.ok && data.failure.errors));
  const heard = useRef(data);
  useEffect(() => {
    if (data === heard.current) return;
    heard.current = data;
    if (data?.ok && data.details?.id) recorded(Number(data.details.id), data.details.paid_at || null);
  }, [data, recorded]);
}

/** 'Payée' / 'Non payée' (a cancelled order takes no payment: nothing is said). */
export function PaymentBadge({ order }: { order: Pick<AdminOrder, 'paid_at' | 'status'> }) {
  if (order.status === CANCELLED_ORDER_STATUS && order.paid_at === null) return null;
  return <Badge tone={order.paid_at ? 'success' : 'warning'}>{paymentLabel(order)}</Badge>;
}

/**
 * 'Paiement reçu' on an unpaid order (not a cancelled one): a form of its own posting to the
 * page's action, so it works before the script has loaded.
 */
export function PaymentReceivedButton({ order }: { order: AdminOrder }) {
  const fetcher = useFetcher({ key: PAYMENT_FETCHER });
  if (order.paid_at !== null || order.status === CANCELLED_ORDER_STATUS) return null;
  const sending = fetcher.state !== 'idle' && fetcher.formData?.get('id') === String(order.id);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="payment" />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="paid" value="true" />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        pending={sending}
        aria-label={`Paiement reçu, commande ${order.order_number}`}
      >
        Paiement reçu
      </Button>
    </fetcher.Form>
  );
}

/**
 * The details' payment: paid on what day and by whom (the last 'paid' of the history), or not
 * yet, with 'Paiement reçu'; a recorded payment can be undone, with a reason the history keeps.
 */
export function PaymentDetails({ order }: { order: AdminOrderDetail }) {
  const [undoing, setUndoing] = useState(false);
  const recorded = order.history.findLast((entry) => entry.event === 'paid');
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
        <PaymentBadge order={order} />
        {order.paid_at && (
          <span>
            le <time dateTime={order.paid_at}>{formatDateTime(order.paid_at)}</time>
            {recorded?.changed_by && <> par {recorded.changed_by.name}</>}
          </span>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <PaymentReceivedButton order={order} />
        {order.paid_at && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setUndoing(true)}
            aria-label={`Annuler le paiement, commande ${order.order_number}`}
          >
            Annuler le paiement
          </Button>
        )}
      </div>
      <UndoPaymentDialog order={order} open={undoing} onClose={() => setUndoing(false)} />
    </div>
  );
}

/** Undoing a payment recorded by mistake: why, in a few words, kept in the order's history. */
function UndoPaymentDialog({
  order,
  open,
  onClose,
}: {
  order: AdminOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionOutcome>({ key: PAYMENT_FETCHER });
  const reasonId = useId();
  const sending = fetcher.state !== 'idle' && fetcher.formData?.get('paid') === 'false';
  // Only the answer to a send from this opening of the dialog (the fetcher keeps its last one).
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (open) setSent(false);
  }, [open]);
  const answer = sent && fetcher.state === 'idle' ? fetcher.data : undefined;
  const error = answer && !answer.ok ? answer.failure.errors?.reason : undefined;
  // Closed once its undo is recorded.
  useEffect(() => {
    if (open && answer?.ok && order.paid_at === null) onClose();
  }, [open, answer, order.paid_at, onClose]);
  return (
    <Dialog open={open} onClose={onClose} title="Annuler le paiement">
      <fetcher.Form method="post" className="flex flex-col gap-3" onSubmit={() => setSent(true)}>
        <input type="hidden" name="intent" value="payment" />
        <input type="hidden" name="id" value={order.id} />
        <input type="hidden" name="paid" value="false" />
        <p className="text-sm text-stone-700">
          Le paiement de la commande {order.order_number} ne sera plus compté comme encaissé. La raison reste
          dans son historique.
        </p>
        <TextAreaField
          id={reasonId}
          name="reason"
          label="Raison"
          error={error}
          rows={3}
          maxLength={PAYMENT_REASON_MAX_LENGTH}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Garder le paiement
          </Button>
          <Button type="submit" variant="danger" pending={sending}>
            Annuler le paiement
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
