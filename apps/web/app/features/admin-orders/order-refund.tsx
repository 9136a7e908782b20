import {
  type AdminOrder,
  type AdminOrderDetail,
  PAYMENT_REASON_MAX_LENGTH,
  RecordRefundInputSchema,
} from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { REFUND_STATE_LABELS } from '@souk/domain/order-status';
import { useCallback, useId, useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextField } from '~/components/ui/form-fields';
import { PAYMENT_FETCHER } from './order-payment';
import { useDialogForm } from './use-dialog-form';

/** 'À rembourser' / 'Remboursée' on a paid order cancelled (the API's `refund`); nothing on any other. */
export function RefundBadge({ order }: { order: Pick<AdminOrder, 'refund'> }) {
  if (!order.refund) return null;
  return (
    <Badge tone={order.refund.state === 'done' ? 'success' : 'warning'}>
      {REFUND_STATE_LABELS[order.refund.state]}
    </Badge>
  );
}

/**
 * The details' refund of a paid order cancelled: due, with 'Remboursé' to record how it was done,
 * or done — when, by whom (the history's 'refunded') and how.
 */
export function RefundDetails({ order }: { order: AdminOrderDetail }) {
  const [recording, setRecording] = useState(false);
  const close = useCallback(() => setRecording(false), []);
  const { refund } = order;
  if (!refund) return null;
  const recorded = order.history.findLast((entry) => entry.event === 'refunded');
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
        <RefundBadge order={order} />
        {refund.refunded_at && (
          <span className="break-words">
            le <time dateTime={refund.refunded_at}>{formatDateTime(refund.refunded_at)}</time>
            {recorded?.changed_by && <> par {recorded.changed_by.name}</>}
            {refund.method && <> : {refund.method}</>}
          </span>
        )}
      </p>
      {refund.state === 'due' && (
        <>
          <Button
            size="sm"
            variant="secondary"
            className="self-start"
            onClick={() => setRecording(true)}
            aria-label={`Remboursé, commande ${order.order_number}`}
          >
            Remboursé
          </Button>
          <RefundDialog order={order} open={recording} onClose={close} />
        </>
      )}
    </div>
  );
}

/**
 * 'Remboursé': how the money went back, in a few words kept in the history and said to the
 * customer. Posted through the screen's payment fetcher, where its answer is heard.
 */
function RefundDialog({ order, open, onClose }: { order: AdminOrder; open: boolean; onClose: () => void }) {
  const { Form, errors, pending, formProps } = useDialogForm({
    key: PAYMENT_FETCHER,
    schema: RecordRefundInputSchema,
    open,
    onClose,
  });
  const methodId = useId();
  return (
    <Dialog open={open} onClose={onClose} title="Enregistrer le remboursement">
      <Form method="post" className="flex flex-col gap-3" {...formProps}>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="id" value={order.id} />
        {/* The first control of the dialog: the one its opening gives the focus to. */}
        <TextField
          id={methodId}
          name="method"
          label="Comment avez-vous remboursé ?"
          placeholder="Orange Money, réf. …"
          hint={`La commande ${order.order_number} sera « ${REFUND_STATE_LABELS.done} » ; le client lit comment.`}
          error={errors.method}
          maxLength={PAYMENT_REASON_MAX_LENGTH}
          autoComplete="off"
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Plus tard
          </Button>
          <Button type="submit" pending={pending}>
            Enregistrer le remboursement
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
