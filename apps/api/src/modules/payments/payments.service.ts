import type { PaymentAttempt, PaymentProvider } from '@souk/domain/payments';
import { iso } from '#shared/mapping.ts';
import type { PaymentsConfig } from '../../config.ts';
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

/** Each payment attempt of the order, as the owner sees it. */
export async function orderPayments(db: DbOrTx, orderId: number): Promise<PaymentAttempt[]> {
  const rows = await repo.findOrderPayments(db, orderId);
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    state: row.state,
    transaction_id: row.transaction_id,
    anomaly: row.anomaly,
    created_at: iso(row.created_at),
    settled_at: row.settled_at === null ? null : iso(row.settled_at),
  }));
}
