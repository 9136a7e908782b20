import {
  type AdminOrder,
  type AdminOrderDetail,
  PAYMENT_REASON_MAX_LENGTH,
  UpdateOrderPaymentInputSchema,
} from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { CANCELLED_ORDER_STATUS } from '@souk/domain/order-status';
import { paymentWords } from '@souk/domain/payments';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextAreaField } from '~/components/ui/form-fields';
import { useOutcomeToast } from '~/lib/use-form';
import { useDialogForm } from './use-dialog-form';
import type { OrderOutcome } from './use-status-changes';

/**
 * Every payment form of the screen ('Paiement reçu', its undoing, 'Remboursé') posts through this
 * one fetcher, so one place hears the answers (a toast each) and a button knows its order's payment
 * is on its way.
 */
export const PAYMENT_FETCHER = 'order-payment';

/**
 * The screen's payment answers — 'Paiement reçu', its undoing, 'Remboursé' — toasted once each (a
 * missing reason or 'how' shows in its form); `heard` gets each new answer, with the order as the
 * server answered it on success.
 */
export function usePaymentOutcomes(heard: (answer: OrderOutcome) => void) {
  const { data } = useFetcher<OrderOutcome>({ key: PAYMENT_FETCHER });
  // A refusal with field errors (an undo without its reason, a refund without how) is shown in its form.
  useOutcomeToast(data, () => Boolean(data && !data.ok && data.failure.errors));
  const seen = useRef(data);
  useEffect(() => {
    if (data === seen.current) return;
    seen.current = data;
    if (data) heard(data);
  }, [data, heard]);
}

/** 'Payée (Wave)' / 'Non payée' (a cancelled order takes no payment: nothing is said). */
export function PaymentBadge({ order }: { order: Pick<AdminOrder, 'paid_at' | 'status' | 'payment'> }) {
  if (order.status === CANCELLED_ORDER_STATUS && order.paid_at === null) return null;
  return <Badge tone={order.paid_at ? 'success' : 'warning'}>{paymentWords(order)}</Badge>;
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
  const close = useCallback(() => setUndoing(false), []);
  const recorded = order.history.findLast((entry) => entry.event === 'paid');
  const byProvider = order.payment.paid_with !== null && order.payment.paid_with !== 'manual';
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
        <PaymentBadge order={order} />
        {order.paid_at && (
          <span>
            le <time dateTime={order.paid_at}>{formatDateTime(order.paid_at)}</time>
            {recorded?.changed_by && <> par {recorded.changed_by.name}</>}
            {byProvider && recorded?.note && <> · {recorded.note}</>}
          </span>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <PaymentReceivedButton order={order} />
        {/* A provider's confirmation is its record: refunded if need be, never undone by hand. */}
        {order.paid_at && !byProvider && (
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
      <UndoPaymentDialog order={order} open={undoing} onClose={close} />
    </div>
  );
}

/** The undo's form, read by the API's own schema: `paid` is the hidden field's 'false'. */
const undoSchema = {
  safeParse: (value: unknown) =>
    UpdateOrderPaymentInputSchema.safeParse({ ...(value as Record<string, unknown>), paid: false }),
};

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
  const { Form, errors, pending, formProps } = useDialogForm({
    key: PAYMENT_FETCHER,
    schema: undoSchema,
    open,
    onClose,
  });
  const reasonId = useId();
  return (
    <Dialog open={open} onClose={onClose} title="Annuler le paiement">
      <Form method="post" className="flex flex-col gap-3" {...formProps}>
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
          error={errors.reason}
          rows={3}
          maxLength={PAYMENT_REASON_MAX_LENGTH}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Garder le paiement
          </Button>
          <Button type="submit" variant="danger" pending={pending}>
            Annuler le paiement
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
