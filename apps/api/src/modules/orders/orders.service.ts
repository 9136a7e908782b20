import {
  CART_CHANGED,
  type CurrentCartLine,
  cartChanges,
  goneLines,
  lineKey,
  type ShownCart,
} from '@souk/domain/cart-changes';
import { CART_MAX_LINES, ORDER_TOTAL_MAX } from '@souk/domain/limits';
import { formatFcfa } from '@souk/domain/money';
import { customerMayCancel, INITIAL_ORDER_STATUS } from '@souk/domain/order-status';
import { TRACKING_NOT_FOUND, type TrackedOrder } from '@souk/domain/order-tracking';
import { customerCancelRefusal, type Order, type OrderList } from '@souk/domain/orders';
import { AppError } from '#shared/app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findAccountIdByWhatsapp } from '../auth/auth.service.ts';
import * as carts from '../cart/cart.service.ts';
import {
  EMPTY_CART,
  insufficientStock,
  itemLabel,
  mergeGuestCart,
  TOO_MANY_LINES,
} from '../cart/cart.service.ts';
import { sellability } from '../catalog/catalog-rules.ts';
import * as stock from '../catalog/stock.service.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { findHistory, lockOrder } from './admin-orders.repository.ts';
import { NEW_ORDER_JOB } from './order-jobs.ts';
import { cancelLockedOrder } from './order-moves.ts';
import { tellCustomer } from './order-notices.ts';
import type { OrderContext, OrderTracking } from './order-tracking.ts';
import { toOrder, toTrackedOrder } from './orders.mapper.ts';
import * as repo from './orders.repository.ts';

const NOT_FOUND = 'Commande non trouvée';
const TOTAL_TOO_LARGE = `Le montant de la commande dépasse le maximum autorisé (${formatFcfa(ORDER_TOTAL_MAX)})`;

export type Buyer =
  | { kind: 'user'; userId: number; name: string; phone: string | null; email: string | null }
  | { kind: 'guest'; name: string; phone: string; email: string | null };

/**
 * Refuses (409) a cart that is no longer the one she was shown: a price, a quantity, a line added
 * or gone, or all of them gone (ordered from another tab). The lines gone are named from the
 * catalogue, never from what the page sent: `shown` is only compared.
 */
async function assertAsShown(tx: DbOrTx, shown: ShownCart, current: CurrentCartLine[]) {
  const gone = await stock.withItemFacts(tx, goneLines(shown, current));
  const goneLabels = new Map(gone.map((f) => [lineKey(f), itemLabel(f.product_name, f.variant_name)]));
  const changes = cartChanges(shown, current, goneLabels);
  if (changes.length) throw new AppError('conflict', CART_CHANGED, { cart: changes });
}

/**
 * Turns a cart into an order in one transaction: the cart row, then the variant rows in ascending
 * id order are locked; the cart she was shown, when sent, is compared with it under the locks;
 * availability and stock are checked again; stock goes down (null = unlimited); prices and totals
 * come from the database; the cart is emptied. Any refusal rolls everything back, so the cart stays
 * as it was.
 */
async function checkout(
  tx: DbOrTx,
  tracking: OrderTracking,
  cartId: number | null,
  buyer: Buyer,
  input: { notes?: string; expected?: ShownCart },
) {
  const { notes, expected } = input;
  if (cartId !== null) await carts.lockCart(tx, cartId);
  const lines = cartId === null ? [] : await carts.findLines(tx, cartId);
  if (lines.length > CART_MAX_LINES) throw new AppError('validation', TOO_MANY_LINES);

  const locked = await stock.lockVariants(
    tx,
    lines.flatMap((l) => (l.variant_id === null ? [] : [l.variant_id])),
  );
  // Judged on the variant rows as locked, not as the cart read them; priced as the cart page prices
  // a line whose variant is gone (it is refused below either way).
  const priced = lines.map((line) => {
    const variant = line.variant_id === null ? null : (locked.get(line.variant_id) ?? null);
    return { line, variant, unitPrice: variant ? variant.price : (line.variant_price ?? line.base_price) };
  });
  // Before 'empty': a tab that showed lines ordered elsewhere since is told they are gone.
  if (expected) {
    await assertAsShown(
      tx,
      expected,
      priced.map(({ line, unitPrice }) => ({
        product_id: line.product_id,
        variant_id: line.variant_id,
        quantity: line.quantity,
        unit_price: unitPrice,
        label: itemLabel(line.product_name, line.variant_name),
      })),
    );
  }
  if (cartId === null || !lines.length) throw new AppError('validation', EMPTY_CART);

  const items = priced.map(({ line, variant, unitPrice }) => {
    const label = itemLabel(line.product_name, line.variant_name);
    const verdict = sellability(
      {
        ...line,
        variant_product_id: variant?.product_id ?? null,
        variant_active: variant?.is_active ?? null,
        stock_quantity: variant?.stock_quantity ?? null,
      },
      line.quantity,
    );
    if (!verdict.sellable) {
      if (verdict.reason === 'insufficient_stock') throw insufficientStock(label, verdict.stock);
      if (verdict.reason === 'variant_required')
        throw new AppError('conflict', `Veuillez sélectionner une variante pour « ${label} »`);
      throw new AppError('conflict', `« ${label} » n'est plus disponible`);
    }
    return { line, variant, unitPrice };
  });

  // orders.total_amount and order_items.total_price are int4: refuse before they could overflow.
  const totalAmount = items.reduce((sum, i) => sum + i.unitPrice * i.line.quantity, 0);
  if (totalAmount > ORDER_TOTAL_MAX) throw new AppError('validation', TOTAL_TOO_LARGE);

  for (const { line, variant } of items) {
    if (variant && variant.stock_quantity !== null) await stock.decrementStock(tx, variant.id, line.quantity);
  }
  const order = await repo.insertOrder(tx, {
    user_id: buyer.kind === 'user' ? buyer.userId : null,
    total_amount: totalAmount,
    total_items: items.reduce((sum, i) => sum + i.line.quantity, 0),
    notes: notes ?? null,
    contact_name: buyer.name,
    contact_phone: buyer.phone,
    contact_email: buyer.email,
  });
  await repo.setTracking(tx, order.id, order.tracking_version, tracking.digestOf(tracking.tokenOf(order)));
  const orderItems = await repo.insertItems(
    tx,
    items.map(({ line, variant, unitPrice }) => ({
      order_id: order.id,
      product_id: line.product_id,
      variant_id: variant?.id ?? null,
      product_name: line.product_name,
      variant_name: variant?.name ?? null,
      sku: variant?.sku ?? null,
      unit_price: unitPrice,
      quantity: line.quantity,
      total_price: unitPrice * line.quantity,
    })),
  );
  await repo.insertHistory(tx, {
    order_id: order.id,
    from_status: null,
    to_status: INITIAL_ORDER_STATUS,
    changed_by: buyer.kind === 'user' ? buyer.userId : null,
  });
  // The note went with the order: the next cart starts without it.
  await carts.emptyCart(tx, cartId);
  // The owner's e-mail, committed with the order: a mail server that is down delays it, never the order.
  await enqueueJob(tx, NEW_ORDER_JOB, { order_id: order.id }, { key: `new-order:${order.id}` });
  return toOrder(order, orderItems, tracking);
}

/** A signed-in user's order from their cart, after merging the guest cart of `sessionId` if sent. */
export async function createOrder(
  db: Db,
  tracking: OrderTracking,
  buyer: Extract<Buyer, { kind: 'user' }>,
  input: { session_id?: string; notes?: string; expected?: ShownCart },
): Promise<Order> {
  return db.transaction(async (tx) => {
    const cartId = await carts.ensureCartId(tx, { userId: buyer.userId });
    await carts.lockCart(tx, cartId);
    if (input.session_id) await mergeGuestCart(tx, input.session_id, buyer.userId);
    return checkout(tx, tracking, cartId, buyer, input);
  });
}

/** An order without an account, from the guest cart of `session_id`. */
export async function createGuestOrder(
  db: Db,
  tracking: OrderTracking,
  input: {
    name: string;
    whatsapp_phone: string;
    email?: string;
    notes?: string;
    session_id: string;
    expected?: ShownCart;
  },
): Promise<Order> {
  return db.transaction(async (tx) => {
    const cartId = await carts.findCartId(tx, { sessionId: input.session_id });
    return checkout(
      tx,
      tracking,
      cartId,
      { kind: 'guest', name: input.name, phone: input.whatsapp_phone, email: input.email ?? null },
      input,
    );
  });
}

/** The caller's orders, newest first, and what she has paid for those that count. */
export async function listOrders(db: Db, tracking: OrderTracking, userId: number): Promise<OrderList> {
  const [rows, totalPaid] = await Promise.all([repo.findUserOrders(db, userId), repo.sumPaid(db, userId)]);
  const items = await repo.findItems(
    db,
    rows.map((r) => r.id),
  );
  return { orders: rows.map((r) => toOrder(r, items, tracking)), total_paid: totalPaid };
}

/** One of the caller's orders; someone else's answers 404 like an unknown one. */
export async function getOrder(
  db: Db,
  tracking: OrderTracking,
  userId: number,
  orderId: number,
): Promise<Order> {
  const row = await repo.findOrder(db, orderId);
  if (!row || row.user_id !== userId) throw new AppError('not_found', NOT_FOUND);
  return toOrder(row, await repo.findItems(db, [row.id]), tracking);
}

/** The order a tracking link leads to; a guessed, mistyped or revoked token answers 404 alike. */
export async function trackOrder(db: Db, tracking: OrderTracking, token: string): Promise<TrackedOrder> {
  const row = await repo.findOrderByTrackingDigest(db, tracking.digestOf(token));
  if (!row) throw new AppError('not_found', TRACKING_NOT_FOUND);
  const [items, history] = await Promise.all([repo.findItems(db, [row.id]), findHistory(db, row.id)]);
  return toTrackedOrder(row, items, history);
}

const SYNC_BATCH = 500;

/**
 * At start: records the link digest of every order without one (placed before links existed), and
 * of every order when the key is no longer the one that made them (COOKIE_SECRET changed, or the
 * data directory holding the kept key was lost): the links the shop writes from now on must lead
 * to their orders. Links sent under the old key stop working; nothing else can be done for them.
 * Answers how many orders were updated.
 */
export async function syncTrackingLinks(db: Db, tracking: OrderTracking): Promise<number> {
  const newest = await repo.findNewestTracked(db);
  const all = newest !== null && newest.tracking_digest !== tracking.digestOf(tracking.tokenOf(newest));
  let updated = 0;
  for (let afterId = 0; ; ) {
    const rows = await repo.findUntracked(db, { afterId, limit: SYNC_BATCH, all });
    if (!rows.length) return updated;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const digest = tracking.digestOf(tracking.tokenOf(row));
        if (digest === row.tracking_digest) continue;
        await repo.setTracking(tx, row.id, row.tracking_version, digest);
        updated++;
      }
    });
    afterId = rows.at(-1)?.id ?? afterId;
  }
}

/**
 * 'Annuler la commande' from 'Mes Commandes': only her own order (someone else's answers 404 like
 * an unknown one), only while it waits for the shop and is unpaid (409 otherwise, whatever the
 * page showed). The order row is locked as the owner's status change locks it, so a cancellation racing
 * her 'Accepter' is one or the other, and the stock comes back once.
 */
export async function cancelOrder(
  db: Db,
  context: OrderContext,
  userId: number,
  orderId: number,
): Promise<Order> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.user_id !== userId) throw new AppError('not_found', NOT_FOUND);
    if (!customerMayCancel(order, order.payment_pending))
      throw new AppError('conflict', customerCancelRefusal(order, order.payment_pending));
    const line = await cancelLockedOrder(tx, order, userId, { by: 'customer', reason: null });
    // Her own cancellation is confirmed on WhatsApp when the shop writes by itself; no e-mail (she did it).
    await tellCustomer(tx, orderId, line, context, { byEmail: false });
  });
  return getOrder(db, context.tracking, userId, orderId);
}

/**
 * Who wrote to the shop's WhatsApp from `phone`: the account of that number, and the latest open
 * order placed with it or by that account (the whatsapp module keeps her message with them).
 */
export async function findCorrespondent(tx: DbOrTx, phone: string) {
  const userId = await findAccountIdByWhatsapp(tx, phone);
  return { userId, orderId: await repo.findLatestOpenOrderId(tx, phone, userId) };
}

/** The numbers of these orders, by id (the bell names the order a message is about). */
export const findOrderNumbers = (db: DbOrTx, ids: number[]) => repo.findOrderNumbers(db, ids);
