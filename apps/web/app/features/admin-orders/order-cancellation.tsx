import type { AdminOrder } from '@souk/domain/admin-orders';
import { cancellationLine } from '@souk/domain/order-reasons';
import { CANCELLED_ORDER_STATUS, type OrderStatus } from '@souk/domain/order-status';

/**
 * Who cancelled the order and why, in the domain's words as the shop reads them ('Annulée par la
 * boutique : Rupture de stock', 'Annulée par le client', 'Annulée faute de paiement dans les 72 h'):
 * only while it shows cancelled (a reinstatement awaited shows it waiting again).
 */
export function CancellationNote({
  order,
  status,
  unpaidTimeoutMs,
}: {
  order: Pick<AdminOrder, 'cancellation'>;
  /** The status the order shows (awaitedStatus). */
  status: OrderStatus;
  unpaidTimeoutMs: number;
}) {
  if (status !== CANCELLED_ORDER_STATUS || !order.cancellation) return null;
  return (
    <p className="text-sm font-medium break-words text-stone-900">
      {cancellationLine(order.cancellation, unpaidTimeoutMs, 'shop')}
    </p>
  );
}
