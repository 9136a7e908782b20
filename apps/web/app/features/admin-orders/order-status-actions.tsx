import type { AdminOrder } from '@souk/domain/admin-orders';
import { ORDER_ACTION_LABELS } from '@souk/domain/admin-orders';
import { CANCELLED_ORDER_STATUS, mayReinstate, ORDER_TRANSITIONS } from '@souk/domain/order-status';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { STATUS_FETCHER, type StatusControls } from './use-status-changes';

/**
 * 'Rétablir (paiement reçu)' on an order the shop released unpaid (mayReinstate): it asks first,
 * then goes back to 'en attente', paid, its articles taken from the stock again.
 */
function ReinstateButton({ order, controls }: { order: AdminOrder; controls: StatusControls }) {
  const awaited = controls.pending?.id === order.id;
  return (
    <Button
      size="sm"
      pending={awaited}
      aria-label={`Rétablir (paiement reçu), commande ${order.order_number}`}
      onClick={() => controls.askReinstate(order)}
    >
      Rétablir (paiement reçu)
    </Button>
  );
}

/**
 * The steps the order may take from its status (ORDER_TRANSITIONS), and only those: each a form of its own
 * posting to the page's action (it works before the script has loaded). Cancelling asks first (the
 * reason), so it waits for the script; so does a step of an unpaid order, the first time. An order
 * released unpaid may be reinstated. While a change of this order is awaited, its buttons wait too.
 */
export function OrderStatusActions({ order, controls }: { order: AdminOrder; controls: StatusControls }) {
  const fetcher = useFetcher({ key: STATUS_FETCHER });
  if (mayReinstate(order)) return <ReinstateButton order={order} controls={controls} />;
  const next = ORDER_TRANSITIONS[order.status];
  if (next.length === 0) return null;
  const awaited = controls.pending?.id === order.id ? controls.pending.status : null;
  const name = (status: (typeof next)[number]) =>
    `${ORDER_ACTION_LABELS[status]}, commande ${order.order_number}`;
  return (
    <div className="flex flex-wrap gap-2">
      {next.map((status) =>
        status === CANCELLED_ORDER_STATUS ? (
          <Button
            key={status}
            size="sm"
            variant="danger"
            disabled={awaited !== null}
            aria-label={name(status)}
            onClick={() => controls.askCancel(order)}
          >
            {ORDER_ACTION_LABELS[status]}
          </Button>
        ) : (
          <fetcher.Form
            key={status}
            method="post"
            onSubmit={(event) => {
              // An unpaid order asks first (once per order); the dialog then posts the step.
              if (controls.asksFirst({ order, status })) event.preventDefault();
              else controls.sending({ order, status });
            }}
          >
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="id" value={order.id} />
            <input type="hidden" name="status" value={status} />
            <Button
              type="submit"
              size="sm"
              pending={awaited === status}
              disabled={awaited !== null}
              aria-label={name(status)}
            >
              {ORDER_ACTION_LABELS[status]}
            </Button>
          </fetcher.Form>
        ),
      )}
    </div>
  );
}
