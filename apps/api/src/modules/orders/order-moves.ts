import {
  CANCELLED_ORDER_STATUS,
  type Cancellation,
  INITIAL_ORDER_STATUS,
  type OrderStatus,
} from '@souk/domain/order-status';
import type { DbOrTx } from '../../db/client.ts';
import { insufficientStock, itemLabel } from '../cart/cart.service.ts';
import * as stock from '../catalog/stock.service.ts';
import * as repo from './admin-orders.repository.ts';
import { findItems, insertHistory, type OrderRow } from './orders.repository.ts';

/**
 * One step onward of an order already locked and allowed (the owner's): the new status and its
 * history line by `changedBy`. Whoever calls holds the order row's lock, so this runs once per
 * change. `confirmedUnpaid`: the owner said to go on without payment, recorded for an order still
 * unpaid. Answers the history line's id (a message about this change is keyed by it).
 */
export async function moveOrderOn(
  tx: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  changedBy: number,
  confirmedUnpaid: boolean,
): Promise<number> {
  await repo.setStatus(tx, order.id, to, { unpaidConfirmed: confirmedUnpaid && order.paid_at === null });
  const line = await insertHistory(tx, {
    order_id: order.id,
    from_status: order.status,
    to_status: to,
    changed_by: changedBy,
  });
  return line.id;
}

/**
 * The cancellation of an order already locked and allowed (the owner's, the customer's, the
 * shop's release of an unpaid order): who and why on the order, its history line by `changedBy`
 * (null: 'Système') with the reason as its note, and its stock back. Whoever calls holds the order
 * row's lock, so the stock comes back once. Answers the history line's id (a message about this
 * change is keyed by it).
 */
export async function cancelLockedOrder(
  tx: DbOrTx,
  order: OrderRow,
  changedBy: number | null,
  cancellation: Cancellation,
): Promise<number> {
  await repo.setStatus(tx, order.id, CANCELLED_ORDER_STATUS, { cancellation });
  const line = await insertHistory(tx, {
    order_id: order.id,
    from_status: order.status,
    to_status: CANCELLED_ORDER_STATUS,
    changed_by: changedBy,
    note: cancellation.reason,
  });
  await giveStockBack(tx, order.id);
  return line.id;
}

/**
 * Back from 'annulée' to 'en_attente' (the shop's release of an unpaid order undone when its
 * payment arrived late): its units taken from the counted stock again, under the variant locks in
 * ascending id order, refused with what is short if the stock sold since cannot cover them (an
 * AppError: the caller's transaction rolls back, nothing changed). Answers its history line's id.
 */
export async function reinstateOrder(tx: DbOrTx, order: OrderRow, changedBy: number): Promise<number> {
  const ordered = await repo.orderedVariants(tx, order.id);
  const locked = await stock.lockVariants(
    tx,
    ordered.map((o) => o.variant_id),
  );
  const items = await findItems(tx, [order.id]);
  for (const { variant_id, quantity } of ordered) {
    const left = locked.get(variant_id)?.stock_quantity;
    // A variant deleted since, or unlimited, holds nothing to take back.
    if (left === undefined || left === null || left >= quantity) continue;
    const item = items.find((i) => i.variant_id === variant_id);
    throw insufficientStock(itemLabel(item?.product_name ?? '', item?.variant_name ?? null), left);
  }
  for (const { variant_id, quantity } of ordered) await stock.decrementStock(tx, variant_id, quantity);
  await repo.setStatus(tx, order.id, INITIAL_ORDER_STATUS);
  const line = await insertHistory(tx, {
    order_id: order.id,
    from_status: order.status,
    to_status: INITIAL_ORDER_STATUS,
    changed_by: changedBy,
    note: 'Rétablie : paiement reçu après son annulation faute de paiement',
  });
  return line.id;
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
