import { randomBytes } from 'node:crypto';
import { CANCELLED_ORDER_STATUS } from '@souk/domain/order-status';
import { TRACKING_NOT_FOUND } from '@souk/domain/order-tracking';
import {
  isPayable,
  PAYMENT_ALREADY_PAID,
  PAYMENT_ALREADY_REFUNDED,
  PAYMENT_NOT_FOUND,
  PAYMENT_NOT_OFFERED,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_REFUND_NOT_DUE,
  type PaymentAnomaly,
  type PaymentProvider,
  paymentBeingCreated,
  paymentNotPayable,
  paymentOpenElsewhere,
  paymentRefundAsked,
  paymentRefundByHand,
  paymentRefundUnavailable,
  paymentRefundUncertain,
  providerUnavailable,
  type RefundPaymentInput,
} from '@souk/domain/payments';
import { AppError } from '#shared/app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ProviderError, type ProviderPayment } from '../payments/payment-provider.ts';
import type { PaymentRow } from '../payments/payments.service.ts';
import * as payments from '../payments/payments.service.ts';
import { lockOrder, setPaid, setPaymentPending, setRefunded } from './admin-orders.repository.ts';
import { tellCustomer } from './order-notices.ts';
import type { OrderContext } from './order-tracking.ts';
import { findOrderByTrackingDigest, insertHistory, type OrderRow } from './orders.repository.ts';

// An order paid through a provider (docs/decisions/0043): the customer starts the payment from her
// order's tracking link, the provider's notification (or the reconciliation asking it) settles it.
// Every change of a payment's state is made under the order row's lock, then the payment's (in
// that order, as everywhere), so a payment settling, the customer cancelling, the shop releasing
// and the owner's own 'Paiement reçu' run one after the other.

/** An open payment this close to its end is not handed out again: she would not have time to pay. */
const REUSE_MARGIN_MS = 2 * 60_000;

/** The shop's reference of a payment: the order's number, and a part of its own (the provider's search key). */
const newReference = (order: OrderRow) => `${order.order_number}-${randomBytes(4).toString('hex')}`;

type Started = { reuse: string } | { created: PaymentRow; order: OrderRow };

/**
 * 'Payer avec Wave': where the customer holding the order's link goes to pay it. The amount is the
 * order's as the database holds it, in the shop's currency, never the page's. A payment still open
 * for the order at the same provider and amount is handed out again, not doubled; one open at
 * another provider, or being created, refuses a second (409: no second charge). The payment is
 * recorded ('creating') before the provider is asked, so a crash in between leaves a row the
 * reconciliation finds by its reference; the provider down answers 503 with what to do instead.
 */
export async function payOrder(
  db: Db,
  context: OrderContext,
  token: string,
  provider: PaymentProvider,
): Promise<string> {
  const client = context.payments.clients[provider];
  if (!client) throw new AppError('validation', PAYMENT_NOT_OFFERED);
  const { currency } = client;
  const started: Started = await db.transaction(async (tx) => {
    const found = await findOrderByTrackingDigest(tx, context.tracking.digestOf(token));
    const order = found && (await lockOrder(tx, found.id));
    if (!order) throw new AppError('not_found', TRACKING_NOT_FOUND);
    if (order.paid_at !== null) throw new AppError('conflict', PAYMENT_ALREADY_PAID);
    if (!isPayable(order)) throw new AppError('conflict', paymentNotPayable(order.status));
    const open = order.payment_pending === null ? null : await payments.findOpenPayment(tx, order.id);
    if (open) {
      if (open.provider !== provider) throw new AppError('conflict', paymentOpenElsewhere(open.provider));
      if (open.state === 'creating') throw new AppError('conflict', paymentBeingCreated(provider));
      const usable =
        open.launch_url !== null &&
        open.amount === order.total_amount &&
        (open.expires_at === null || Date.parse(open.expires_at) - Date.now() > REUSE_MARGIN_MS);
      if (usable && open.launch_url) return { reuse: open.launch_url };
      throw new AppError('conflict', paymentOpenElsewhere(open.provider));
    }
    const created = await payments.insertPayment(tx, {
      order_id: order.id,
      provider,
      reference: newReference(order),
      amount: order.total_amount,
      currency,
    });
    await setPaymentPending(tx, order.id, provider);
    return { created, order };
  });
  if ('reuse' in started) return started.reuse;

  const { created, order } = started;
  try {
    const opened = await client.create({
      reference: created.reference,
      amount: created.amount,
      currency: created.currency,
      returnUrl: context.tracking.urlOf(order),
    });
    await settlePayment(db, context, created.id, opened);
    if (!opened.launchUrl || opened.state !== 'open')
      throw new AppError('unavailable', providerUnavailable(provider));
    return opened.launchUrl;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // Refused, or never sent: no payment exists at the provider. Sent without an answer: it may
    // exist; the reconciliation asks the provider by its reference.
    if (error.kind !== 'uncertain')
      await settlePayment(db, context, created.id, { state: 'failed', failure: error.message });
    throw new AppError('unavailable', providerUnavailable(provider));
  }
}

/** What the shop learnt of a payment: the provider's view of it, or its failure to be created. */
export type PaymentOutcome = ProviderPayment | { state: 'failed' | 'expired'; failure: string | null };

/** Why a success cannot be the order's payment; null when it can. */
function anomalyOf(order: OrderRow, payment: PaymentRow, outcome: ProviderPayment): PaymentAnomaly | null {
  if (outcome.amount !== payment.amount || outcome.amount !== order.total_amount) return 'amount';
  if (outcome.currency !== payment.currency) return 'currency';
  if (order.paid_at !== null) return 'already_paid';
  if (order.status === CANCELLED_ORDER_STATUS) return 'cancelled';
  return null;
}

/**
 * Records what the provider says of payment `paymentId`: opened (its page and end), failed or
 * expired (the order may be paid again), or succeeded. A success marks the order paid exactly as
 * 'Paiement reçu' does (its history names the provider and its transaction, the customer is told)
 * when its amount and currency are the order's and the order is still to be paid; otherwise the
 * payment keeps its anomaly for the owner (a cancelled order's money is 'À rembourser'). A payment
 * already settled changes no more: the same notification twice, or a late one, does nothing.
 */
export async function settlePayment(
  db: Db,
  context: OrderContext,
  paymentId: number,
  outcome: PaymentOutcome,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Its order read unlocked, then locked first, as every other change of it; the payment's after.
    const first = await payments.findPaymentById(tx, paymentId);
    if (!first) return;
    const order = await lockOrder(tx, first.order_id);
    const payment = await payments.lockPayment(tx, paymentId);
    if (!order || !payment || payment.state === 'succeeded') return;
    if (outcome.state === 'open') {
      if (payment.state !== 'creating' && payment.state !== 'open') return;
      await payments.updatePayment(tx, payment.id, {
        state: 'open',
        provider_ref: outcome.providerRef,
        launch_url: outcome.launchUrl,
        expires_at: outcome.expiresAt,
        ...(outcome.notifToken ? { notif_token: outcome.notifToken } : {}),
      });
      return;
    }
    if (outcome.state !== 'succeeded') {
      if (payment.state !== 'creating' && payment.state !== 'open') return;
      await payments.updatePayment(tx, payment.id, {
        state: outcome.state,
        failure: outcome.failure,
        settled: true,
        ...('providerRef' in outcome ? { provider_ref: outcome.providerRef } : {}),
      });
      await endPending(tx, order, payment);
      return;
    }
    // A success, even after the shop saw it expire: the customer's money was taken.
    const anomaly = anomalyOf(order, payment, outcome);
    await payments.updatePayment(tx, payment.id, {
      state: 'succeeded',
      provider_ref: outcome.providerRef,
      transaction_id: outcome.transactionId,
      anomaly,
      settled: true,
    });
    await endPending(tx, order, payment);
    // Not the order's payment: the owner sees why on the order; nothing is marked paid.
    if (anomaly !== null && anomaly !== 'cancelled') return;
    // Cancelled meanwhile: recorded as paid, so the order reads 'À rembourser' (never revived by itself).
    await setPaid(tx, order.id, { with: payment.provider, reference: outcome.transactionId });
    const line = await insertHistory(tx, {
      order_id: order.id,
      event: 'paid',
      from_status: order.status,
      to_status: order.status,
      changed_by: null,
      note: [PAYMENT_PROVIDER_LABELS[payment.provider], outcome.transactionId].filter(Boolean).join(' · '),
    });
    if (anomaly === null) await tellCustomer(tx, order.id, line.id, context, { byEmail: false });
  });
}

/** The order has no payment open any more once this one, the one it waited on, has ended. */
async function endPending(tx: DbOrTx, order: OrderRow, payment: PaymentRow) {
  if (order.payment_pending !== payment.provider) return;
  const other = await payments.findOpenPayment(tx, order.id);
  if (!other || other.id === payment.id) await setPaymentPending(tx, order.id, null);
}

/**
 * A payment whose money the shop must return (payments.service's `paymentRefund`): given back by
 * the provider ('Rembourser par Wave'), or recorded as given back by hand; when it was the payment
 * of an order cancelled since, the order is 'Remboursée' as 'Remboursé' records it (history, the
 * customer told). The provider is asked outside any transaction, once: the request is recorded
 * first, and kept while its answer is unknown (a time-out), so a second tap asks nobody twice — the
 * owner checks in the provider's app, then notes it by hand or asks again (`again`). A refusal, or
 * no connection, leaves everything as it was (503).
 */
export async function refundPayment(
  db: Db,
  adminId: number,
  orderId: number,
  paymentId: number,
  { by, again }: RefundPaymentInput,
  context: OrderContext,
): Promise<void> {
  const client = (provider: PaymentProvider) => context.payments.clients[provider];
  const payment = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const row = order && (await payments.lockPayment(tx, paymentId));
    if (!order || !row || row.order_id !== order.id) throw new AppError('not_found', PAYMENT_NOT_FOUND);
    const refund = payments.paymentRefund(row, order);
    if (refund === 'done') throw new AppError('conflict', PAYMENT_ALREADY_REFUNDED);
    if (refund !== 'due' || row.provider_ref === null) throw new AppError('conflict', PAYMENT_REFUND_NOT_DUE);
    if (by === 'hand') return row;
    if (!client(row.provider)?.refund) throw new AppError('conflict', paymentRefundByHand(row.provider));
    if (row.refund_requested_at !== null && !again)
      throw new AppError('conflict', paymentRefundAsked(row.provider));
    await payments.updatePayment(tx, row.id, { refund_requested: true });
    return row;
  });
  if (by === 'provider') {
    try {
      await client(payment.provider)?.refund?.({
        ...payments.knownPayment(payment),
        providerRef: payment.provider_ref as string,
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.kind === 'uncertain')
        throw new AppError('unavailable', paymentRefundUncertain(payment.provider));
      await payments.updatePayment(db, payment.id, { refund_requested: false });
      throw new AppError('unavailable', paymentRefundUnavailable(payment.provider));
    }
  }
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const row = await payments.lockPayment(tx, paymentId);
    if (!order || !row || row.refunded_at !== null) return;
    await payments.updatePayment(tx, row.id, { refunded: by });
    // The order's own payment given back: the order is 'Remboursée' as 'Remboursé' records it.
    const ordersOwn = payments.isOrdersPayment(row, order);
    if (!ordersOwn || order.refunded_at !== null || order.status !== CANCELLED_ORDER_STATUS) return;
    const how = by === 'provider' ? PAYMENT_PROVIDER_LABELS[row.provider] : REFUNDED_BY_HAND;
    await setRefunded(tx, order.id, how);
    const line = await insertHistory(tx, {
      order_id: order.id,
      event: 'refunded',
      from_status: order.status,
      to_status: order.status,
      changed_by: adminId,
      note: how,
    });
    await tellCustomer(tx, order.id, line.id, context, { byEmail: true });
  });
}

/** How a payment given back by hand is said in the order's refund ('Remboursée : …'). */
const REFUNDED_BY_HAND = 'À la main';
