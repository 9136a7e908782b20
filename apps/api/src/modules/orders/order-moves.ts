import { CANCELLED_ORDER_STATUS, type OrderStatus } from '@souk/domain/order-status';
import type { DbOrTx } from '../../db/client.ts';
import * as stock from '../catalog/stock.service.ts';
import * as repo from './admin-orders.repository.ts';
import { insertHistory, type OrderRow } from './orders.repository.ts';

/**
 * One status change of an order already locked and allowed (the owner's, or the customer's
 * cancellation): the new status, its history line by `changedBy`, and on cancellation its stock
 * back. Whoever calls holds the order row's lock, so this runs once per change. `changedBy` null:
 * the shop itself ('Système': an unpaid order released). `confirmedUnpaid`:
 * the owner said to go on without payment, recorded for an order still unpaid.
 */
export async function moveOrder(
  tx: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  changedBy: number | null,
  confirmedUnpaid = false,
) {
  const onward = to !== CANCELLED_ORDER_STATUS;
  await repo.setStatus(tx, order.id, to, onward && confirmedUnpaid && order.paid_at === null);
  await insertHistory(tx, {
    order_id: order.id,
    from_status: order.status,
    to_status: to,
    changed_by: changedBy,
  });
  if (!onward) await giveStockBack(tx, order.id);
}

/**
 * A cancelled order's units go back on the counted stock of the variants it held, their rows
 * locked in ascending id order as the checkout locks them, so neither can deadlock.
 */
async function giveStockBack(tx: DbOrTx, orderId: number) {
  const ordered = await repo.orderedVariants(tx, orderId);
  await stock.lockVariants(
    tx,
    ordered.map((o) => o.variant_id),
  );
  for (const { variant_id, quantity } of ordered) await stock.incrementStock(tx, variant_id, quantity);
}
