import {
  type AdminOrder,
  PAYMENT_REASON_MAX_LENGTH,
  UpdateOrderStatusInputSchema,
} from '@souk/domain/admin-orders';
import { CANCELLED_ORDER_STATUS, REFUND_STATE_LABELS } from '@souk/domain/order-status';
import { useEffect, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextAreaField } from '~/components/ui/form-fields';
import { useDialogForm } from './use-dialog-form';
import { STATUS_FETCHER } from './use-status-changes';

/** The reasons a shop gives most: one tap writes one, which the owner may still change. */
export const CANCEL_REASON_SUGGESTIONS = [
  'Client injoignable',
  'Paiement non reçu',
  'Rupture de stock',
  'À la demande du client',
] as const;

/**
 * 'Annuler la commande': the reason is asked, since the customer is told it (the API refuses a
 * cancellation without one, in the same words as the field shows). The field takes the focus as the
 * dialog opens; a paid order is said to become 'À rembourser'. It posts through the screen's status
 * fetcher, so its answer is heard where every status change is (toast, marker, WhatsApp offer).
 */
export function CancelOrderDialog({
  order,
  onSending,
  onClose,
}: {
  order: AdminOrder | null;
  /** The form goes: the order shows cancelled while the answer is awaited. */
  onSending: () => void;
  onClose: () => void;
}) {
  const open = order !== null;
  const { Form, errors, pending, formProps } = useDialogForm({
    key: STATUS_FETCHER,
    schema: UpdateOrderStatusInputSchema,
    open,
    onClose,
    onSend: onSending,
  });
  const messageId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  // A suggestion picked after a refusal replaces what was refused: its message no longer applies.
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  const pick = (suggestion: string) => {
    setReason(suggestion);
    setPicked(true);
    // Back to the field, so the owner may add to it or send at once.
    document.getElementById(reasonId)?.focus();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Annuler la commande"
      role="alertdialog"
      describedBy={messageId}
    >
      {order && (
        <Form
          method="post"
          className="flex flex-col gap-3"
          {...formProps}
          onSubmit={(event) => {
            setPicked(false);
            formProps.onSubmit(event);
          }}
        >
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="id" value={order.id} />
          <input type="hidden" name="status" value={CANCELLED_ORDER_STATUS} />
          <div id={messageId} className="flex flex-col gap-2 text-sm text-stone-700">
            <p>
              Êtes-vous sûr de vouloir annuler la commande {order.order_number} de {order.client.name} ? Le
              stock de ses variantes sera remis en vente.
            </p>
            {order.paid_at && (
              <p className="font-medium text-stone-900">
                Elle est payée : elle sera « {REFUND_STATE_LABELS.due} » jusqu'à ce que vous enregistriez son
                remboursement.
              </p>
            )}
          </div>
          {/* The first control of the dialog: the one its opening gives the focus to. */}
          <TextAreaField
            id={reasonId}
            name="reason"
            label="Raison de l'annulation (dite au client)"
            error={picked ? undefined : errors.reason}
            rows={2}
            maxLength={PAYMENT_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm text-stone-700">Raisons fréquentes</legend>
            <div className="flex flex-wrap gap-2">
              {CANCEL_REASON_SUGGESTIONS.map((suggestion) => (
                <Button
                  key={suggestion}
                  size="sm"
                  variant="secondary"
                  aria-pressed={reason === suggestion}
                  onClick={() => pick(suggestion)}
                >
                  {suggestion}
                </Button>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={pending}>
              Garder la commande
            </Button>
            <Button type="submit" variant="danger" pending={pending}>
              Annuler la commande
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
