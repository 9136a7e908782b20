import {
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderListFilters,
  type AdminOrderListQuery,
  PAYMENT_ALREADY_RECORDED,
  PAYMENT_NOT_RECORDED,
  PAYMENT_ON_CANCELLED,
  providerPaymentNotUndone,
  REFUND_ALREADY_RECORDED,
  REFUND_NOT_DUE,
  REINSTATE_REFUSED,
  type RecordRefundInput,
  transitionRefusal,
  type UpdateOrderPaymentInput,
  type UpdateOrderStatusInput,
} from '@souk/domain/admin-orders';
import {
  CANCELLED_ORDER_STATUS,
  canTransition,
  INITIAL_ORDER_STATUS,
  refundState,
} from '@souk/domain/order-status';
import type { PaymentProvider } from '@souk/domain/payments';
import { AppError, notFound } from '#shared/app-error.ts';
import { csvStream } from '#shared/csv.ts';
import { toPagination } from '#shared/mapping.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findAccountNames } from '../auth/auth.service.ts';
import { orderPayments } from '../payments/payments.service.ts';
import { orderWhatsapp } from '../whatsapp/whatsapp-owner-view.ts';
import * as repo from './admin-orders.repository.ts';
import { cancelLockedOrder, moveOrderOn, reinstateOrder } from './order-moves.ts';
import { tellCustomer } from './order-notices.ts';
import type { OrderContext } from './order-tracking.ts';
import {
  ORDER_CSV_HEADER,
  toAdminOrder,
  toHistoryEntry,
  toOrderCsvRows,
  toOrderSummary,
} from './orders.mapper.ts';
import { findItems, findOrder, insertHistory, setTracking } from './orders.repository.ts';

const NOT_FOUND = 'Commande non trouvée';

/** Rows of one page with their items (one query for all the page's items). */
async function withItems(
  db: DbOrTx,
  rows: Awaited<ReturnType<typeof repo.findOrders>>,
  context: OrderContext,
): Promise<AdminOrder[]> {
  const items = await findItems(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toAdminOrder(row, items, context));
}

/**
 * The orders screen: one page of the filtered orders, newest first, and the counters of every
 * status over the same filters (the status select narrows the page, not the counters).
 */
export async function listAdminOrders(
  db: Db,
  query: AdminOrderListQuery,
  context: OrderContext,
): Promise<AdminOrderList> {
  const { page, per_page, ...filters } = query;
  const [rows, totals] = await Promise.all([
    repo.findOrders(db, filters, { limit: per_page, offset: (page - 1) * per_page }),
    repo.totalsByStatus(db, filters),
  ]);
  const { status } = filters;
  const summary = toOrderSummary(totals);
  const total = status ? summary.status_breakdown[status] : summary.total_orders;
  return {
    orders: await withItems(db, rows, context),
    pagination: toPagination(page, per_page, total, rows.length),
    summary,
  };
}

/** Orders read from the database at a time while exporting: memory stays flat however many there are. */
export const EXPORT_BATCH = 2000;

/**
 * 'Exporter': every order the filters keep, newest first, as CSV lines (one per article), read in
 * batches by their place in that order (not by offset: each batch costs the same) and written as
 * they are read, so 100 000 orders never sit in memory. The first batch is read before anything is
 * answered: a database that fails then gets the error envelope, not a download cut short.
 */
export async function exportOrders(db: Db, filters: AdminOrderListFilters, batchSize = EXPORT_BATCH) {
  const batch = async (cursor: repo.OrderCursor | null) => {
    const rows = await repo.findOrdersAfter(db, filters, cursor, batchSize);
    const items = await findItems(
      db,
      rows.map((r) => r.id),
    );
    const byOrder = Map.groupBy(items, (item) => item.order_id);
    const last = rows.at(-1);
    return {
      lines: rows.flatMap((row) => toOrderCsvRows(row, byOrder.get(row.id) ?? [])),
      next: last && rows.length === batchSize ? { created_at: last.created_at, id: last.id } : null,
    };
  };
  const first = await batch(null);
  async function* lines() {
    let current = first;
    yield current.lines;
    while (current.next) {
      current = await batch(current.next);
      yield current.lines;
    }
  }
  return csvStream(ORDER_CSV_HEADER, lines());
}

/** A few orders for the back office's header search: by number, client name or phone. */
export async function searchAdminOrders(db: Db, search: string, limit: number) {
  return repo.findOrders(db, { search }, { limit, offset: 0 });
}

export async function getAdminOrder(
  db: DbOrTx,
  id: number,
  context: OrderContext,
): Promise<AdminOrderDetail> {
  const row = await findOrder(db, id);
  if (!row) throw notFound(NOT_FOUND);
  const [items, history] = await Promise.all([findItems(db, [id]), repo.findHistory(db, id)]);
  // Who made each change: auth owns the accounts, and names them in one read.
  const who = await findAccountNames(db, [...new Set(history.flatMap((h) => h.changed_by ?? []))]);
  const accounts = new Map(who.map((a) => [a.id, a]));
  return {
    ...toAdminOrder(row, items, context),
    history: history.map((h) => toHistoryEntry(h, accounts)),
    whatsapp: await orderWhatsapp(db, id, context.whatsapp !== null),
    payments: await orderPayments(db, row, context.payments),
  };
}

/**
 * Moves an order to `to` if the transitions table allows it from where it is (else 409, nothing
 * changed). The order row is locked first, so two admins' changes (or an admin's and the
 * customer's cancellation) run one after the other and the second sees the first's status: an
 * order is cancelled, and its stock given back, once. The owner's 'continue without payment' is
 * recorded, so she is asked it only once per order. A cancellation carries her reason, and the
 * customer is told (e-mail queued with the change).
 */
export async function updateOrderStatus(
  db: Db,
  adminId: number,
  id: number,
  { status: to, confirmed_unpaid, reason }: UpdateOrderStatusInput,
  context: OrderContext,
): Promise<AdminOrderDetail> {
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw notFound(NOT_FOUND);
    if (!canTransition(order.status, to)) throw new AppError('conflict', transitionRefusal(order.status, to));
    if (to === CANCELLED_ORDER_STATUS) {
      const line = await cancelLockedOrder(tx, order, adminId, { by: 'shop', reason: reason ?? null });
      await tellCustomer(tx, id, line, context, { byEmail: true });
    } else {
      const line = await moveOrderOn(tx, order, to, adminId, confirmed_unpaid === true);
      await tellCustomer(tx, id, line, context, { byEmail: false });
    }
  });
  return getAdminOrder(db, id, context);
}

/**
 * 'Paiement reçu', or undoing it with a reason: the order row locked as for a status change, the
 * event in its history with who and when. A cancelled order takes no payment (its money is given
 * back); a payment recorded twice, or undone when there is none, is refused (409), nothing changed;
 * so is undoing one a provider confirmed (it is refunded instead). Answers the order and the
 * provider of a payment still open for it (recorded anyway: the owner was paid another way).
 */
export async function updateOrderPayment(
  db: Db,
  adminId: number,
  id: number,
  input: UpdateOrderPaymentInput,
  context: OrderContext,
): Promise<{ order: AdminOrderDetail; stillOpen: PaymentProvider | null }> {
  const stillOpen = await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw notFound(NOT_FOUND);
    const paid = order.paid_at !== null;
    if (input.paid) {
      if (order.status === CANCELLED_ORDER_STATUS) throw new AppError('conflict', PAYMENT_ON_CANCELLED);
      if (paid) throw new AppError('conflict', PAYMENT_ALREADY_RECORDED);
    } else if (!paid) throw new AppError('conflict', PAYMENT_NOT_RECORDED);
    else if (order.refunded_at !== null) throw new AppError('conflict', REFUND_ALREADY_RECORDED);
    else if (order.paid_with !== null && order.paid_with !== 'manual')
      throw new AppError('conflict', providerPaymentNotUndone(order.paid_with));
    await repo.setPaid(tx, id, input.paid ? { with: 'manual' } : null);
    const line = await insertHistory(tx, {
      order_id: id,
      event: input.paid ? 'paid' : 'unpaid',
      from_status: order.status,
      to_status: order.status,
      changed_by: adminId,
      note: input.paid ? null : input.reason,
    });
    // 'Paiement reçu' is told (the order's message, paid); its undoing is the owner's to explain.
    if (input.paid) await tellCustomer(tx, id, line.id, context, { byEmail: false });
    return input.paid ? order.payment_pending : null;
  });
  return { order: await getAdminOrder(db, id, context), stillOpen };
}

/**
 * 'Remboursé': a paid order cancelled is 'À rembourser' until the owner records its refund and
 * how (its history keeps who, when and how; the customer is told). Any other order, or a refund
 * recorded already, is refused (409), nothing changed.
 */
export async function recordRefund(
  db: Db,
  adminId: number,
  id: number,
  { method }: RecordRefundInput,
  context: OrderContext,
): Promise<AdminOrderDetail> {
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw notFound(NOT_FOUND);
    const state = refundState(order);
    if (state === 'done') throw new AppError('conflict', REFUND_ALREADY_RECORDED);
    if (state !== 'due') throw new AppError('conflict', REFUND_NOT_DUE);
    await repo.setRefunded(tx, id, method);
    const line = await insertHistory(tx, {
      order_id: id,
      event: 'refunded',
      from_status: order.status,
      to_status: order.status,
      changed_by: adminId,
      note: method,
    });
    await tellCustomer(tx, id, line.id, context, { byEmail: true });
  });
  return getAdminOrder(db, id, context);
}

/**
 * 'Rétablir': an order the shop released unpaid comes back when its payment arrives late — back
 * to 'en_attente' with its payment recorded and its units taken from the stock again, while the
 * stock allows (409 with what is short otherwise). Only the shop's own release is undone this way:
 * an order the customer or the owner cancelled was meant to be (409). The customer is told.
 */
export async function reinstateReleasedOrder(
  db: Db,
  adminId: number,
  id: number,
  context: OrderContext,
): Promise<AdminOrderDetail> {
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw notFound(NOT_FOUND);
    if (order.status !== CANCELLED_ORDER_STATUS || order.cancelled_by !== 'system')
      throw new AppError('conflict', REINSTATE_REFUSED);
    const reinstated = await reinstateOrder(tx, order, adminId);
    // The late payment is why it comes back: recorded now when the owner received it herself;
    // one a provider confirmed after the release is recorded already (its history says so).
    if (order.paid_at === null) await repo.setPaid(tx, id, { with: 'manual' });
    const line =
      order.paid_at === null
        ? await insertHistory(tx, {
            order_id: id,
            event: 'paid',
            from_status: INITIAL_ORDER_STATUS,
            to_status: INITIAL_ORDER_STATUS,
            changed_by: adminId,
          })
        : null;
    await tellCustomer(tx, id, line?.id ?? reinstated, context, { byEmail: true });
  });
  return getAdminOrder(db, id, context);
}

/**
 * 'Nouveau lien de suivi': the order's link moves to its next version, so the one sent before
 * leads nowhere (a link forwarded too widely). The row is locked, so two renewals make two
 * versions, never a digest recorded for another version than its own.
 */
export async function renewTrackingLink(
  db: Db,
  id: number,
  context: OrderContext,
): Promise<AdminOrderDetail> {
  const { tracking } = context;
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw notFound(NOT_FOUND);
    const next = { id, tracking_version: order.tracking_version + 1 };
    await setTracking(tx, id, next.tracking_version, tracking.digestOf(tracking.tokenOf(next)));
  });
  return getAdminOrder(db, id, context);
}
