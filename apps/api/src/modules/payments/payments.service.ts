import { CANCELLED_ORDER_STATUS, type OrderStatus } from '@souk/domain/order-status';
import type { PaidWith, PaymentAttempt, PaymentProvider } from '@souk/domain/payments';
import { iso } from '#shared/mapping.ts';
import type { PaymentsConfig } from '../../config-payments.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orangeMoneyClient } from './orange-money.ts';
import type { PaymentProviderClient } from './payment-provider.ts';
import type { PaymentRow } from './payments.repository.ts';
import * as repo from './payments.repository.ts';
import { waveClient } from './wave.ts';

// The payments module's door (docs/decisions/0043): the providers the shop is configured with,
// and the payments table, which the orders module changes through these functions under the
// order's lock (orders first, then the payment).

export type PaymentClients = { clients: Partial<Record<PaymentProvider, PaymentProviderClient>> };

/** The providers' clients, one per provider configured (none: the shop takes payments by hand only). */
export function paymentClients(config: PaymentsConfig, publicUrl: string): PaymentClients {
  const { currency } = config;
  return {
    clients: {
      ...(config.wave && currency ? { wave: waveClient(config.wave, currency) } : {}),
      ...(config.orangeMoney ? { orange_money: orangeMoneyClient(config.orangeMoney, publicUrl) } : {}),
    },
  };
}

/** A payment row as its provider is asked about it. */
export const knownPayment = (row: PaymentRow) => ({
  providerRef: row.provider_ref,
  reference: row.reference,
  amount: row.amount,
  currency: row.currency,
});

export type { PaymentRow } from './payments.repository.ts';
export const {
  findOpenPayment,
  insertPayment,
  lockPayment,
  updatePayment,
  findPayment,
  findByReference,
  findPaymentById,
  findUnsettled,
  setChecked,
} = repo;

/** What the payments' view needs of their order: is it cancelled, how and with what was it paid, refunded. */
export type PaidOrder = {
  id: number;
  status: OrderStatus;
  paid_with: PaidWith | null;
  payment_reference: string | null;
  refunded_at: string | null;
};

/**
 * Whether a payment's money is to be given back: a success that is not the order's payment (its
 * anomaly says why), or the payment of an order cancelled since whose refund is not recorded.
 */
export function paymentRefund(row: PaymentRow, order: PaidOrder): PaymentAttempt['refund'] {
  if (row.refunded_at !== null) return 'done';
  if (row.state !== 'succeeded') return null;
  if (!isOrdersPayment(row, order)) return 'due';
  return order.status === CANCELLED_ORDER_STATUS && order.refunded_at === null ? 'due' : null;
}

/** Whether this success is the one the order was marked paid with (its provider and transaction). */
export const isOrdersPayment = (row: PaymentRow, order: PaidOrder) =>
  row.state === 'succeeded' &&
  (row.anomaly === null || row.anomaly === 'cancelled') &&
  order.paid_with === row.provider &&
  order.payment_reference === row.transaction_id;

/** Each payment attempt of the order, as the owner sees it, and which the provider can give back. */
export async function orderPayments(
  db: DbOrTx,
  order: PaidOrder,
  clients: PaymentClients,
): Promise<PaymentAttempt[]> {
  const rows = await repo.findOrderPayments(db, order.id);
  return rows.map((row) => {
    const refund = paymentRefund(row, order);
    return {
      id: row.id,
      provider: row.provider,
      amount: row.amount,
      currency: row.currency,
      state: row.state,
      transaction_id: row.transaction_id,
      anomaly: row.anomaly,
      refund,
      refundable: refund === 'due' && clients.clients[row.provider]?.refund !== undefined,
      refund_requested: refund === 'due' && row.refund_requested_at !== null,
      created_at: iso(row.created_at),
      settled_at: row.settled_at === null ? null : iso(row.settled_at),
    };
  });
}
