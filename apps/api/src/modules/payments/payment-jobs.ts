import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { JobHandler, RecurringJob } from '../jobs/job-runner.ts';
import { ProviderError, type ProviderPayment } from './payment-provider.ts';
import type { PaymentClients } from './payments.service.ts';
import * as payments from './payments.service.ts';
import { toProviderPayment, WaveSessionSchema } from './wave.ts';

// What the shop does about payments after the answer (docs/decisions/0043): act on each verified
// notification, and ask the providers about the payments still open (a notification lost, an
// answer to a creation lost, a payment past its lifetime).

export const WAVE_EVENT_JOB = 'payments.wave-event';
export const ORANGE_MONEY_EVENT_JOB = 'payments.orange-money-event';
export const RECONCILE_PAYMENTS_JOB = 'payments.reconcile';

/** How often the reconciliation runs. */
const RECONCILE_EVERY_MS = 60_000;
/** A payment being created this long has lost its answer: the provider is asked by its reference. */
const CREATING_LOST_MS = 30_000;
/** Not found at the provider this long after: it was never created. */
const CREATING_GIVE_UP_MS = 10 * 60_000;
/** An open payment is asked about once no notification came for this long, then this often. */
const OPEN_QUIET_MS = 3 * 60_000;
const CHECK_EVERY_MS = 2 * 60_000;
/** A payment the shop ended itself is still asked about this long: a success may come late. */
const ENDED_LOCALLY_WATCH_MS = 24 * 3_600_000;
const NEVER_CREATED = 'jamais créé chez le fournisseur';
/** Payments asked about per run: a backlog drains over a few runs. */
const RECONCILE_BATCH = 50;

/** What the orders module does with a payment's outcome (orders/order-payments.ts, given by app.ts). */
export type Settle = (
  db: Db,
  paymentId: number,
  outcome: ProviderPayment | { state: 'failed' | 'expired'; failure: string | null },
) => Promise<void>;

export type PaymentJobsDeps = { clients: PaymentClients; settle: Settle };

export const paymentRecurringJobs = ({ clients }: Pick<PaymentJobsDeps, 'clients'>): RecurringJob[] =>
  Object.keys(clients.clients).length ? [{ kind: RECONCILE_PAYMENTS_JOB, everyMs: RECONCILE_EVERY_MS }] : [];

export const paymentJobHandlers = (deps: PaymentJobsDeps): Record<string, JobHandler> => ({
  [WAVE_EVENT_JOB]: async (payload, { db, log }) => {
    const session = WaveSessionSchema.safeParse(payload.session);
    if (!session.success) return log('Paiement Wave : événement sans session lisible, ignoré');
    await settleNotified(db, deps, 'wave', toProviderPayment(session.data), log);
  },
  // Its notification said something happened to this payment: Orange Money is asked what.
  [ORANGE_MONEY_EVENT_JOB]: async (payload, { db }) => {
    const id = z.object({ payment_id: z.number().int() }).parse(payload).payment_id;
    const payment = await payments.findPaymentById(db, id);
    const client = deps.clients.clients.orange_money;
    if (!payment?.provider_ref || !client) return;
    await deps.settle(
      db,
      payment.id,
      await client.read({ ...payments.knownPayment(payment), providerRef: payment.provider_ref }),
    );
  },
  [RECONCILE_PAYMENTS_JOB]: async (_payload, { db, log }) => {
    await reconcilePayments(db, deps, log);
  },
});

/**
 * A notification's payment: the shop's own (found by the provider's id or the shop's reference,
 * and both agree), else only logged — an event of another shop's wallet or of a payment this
 * shop never made changes nothing.
 */
async function settleNotified(
  db: Db,
  deps: PaymentJobsDeps,
  provider: 'wave',
  outcome: ProviderPayment,
  log: (line: string) => void,
) {
  const payment = await payments.findPayment(db, provider, outcome);
  if (
    !payment ||
    (outcome.reference !== null && outcome.reference !== payment.reference) ||
    (payment.provider_ref !== null && payment.provider_ref !== outcome.providerRef)
  )
    return log(`Paiement ${provider} inconnu de la boutique (${outcome.providerRef.slice(0, 60)}) : ignoré`);
  await deps.settle(db, payment.id, outcome);
}

/**
 * Asks each provider about the payments it still has open: one whose creation lost its answer is
 * found by its reference (or given up on), one open without news is read, and one past its end is
 * expired at the provider first, so it can no longer be paid. A provider that does not answer is
 * asked again at the next run; the order waits (it is not released while its payment is open).
 */
export async function reconcilePayments(db: Db, deps: PaymentJobsDeps, log: (line: string) => void) {
  const due = await payments.findUnsettled(db, {
    creatingMs: CREATING_LOST_MS,
    openMs: OPEN_QUIET_MS,
    checkEveryMs: CHECK_EVERY_MS,
    limit: RECONCILE_BATCH,
    // Ended by the shop alone (the provider's pages end by themselves): a late success is looked for.
    endedLocally: Object.values(deps.clients.clients).flatMap((c) => (c?.expiresLocally ? [c.provider] : [])),
    endedWithinMs: ENDED_LOCALLY_WATCH_MS,
  });
  for (const payment of due) {
    const client = deps.clients.clients[payment.provider];
    const lost =
      payment.state === 'creating' && Date.now() - Date.parse(payment.created_at) > CREATING_GIVE_UP_MS;
    try {
      // No longer configured: nobody can ask it nor be notified by it; the order is not held for it.
      if (!client) {
        await deps.settle(db, payment.id, {
          state: 'expired',
          failure: 'fournisseur retiré de la configuration',
        });
        continue;
      }
      const known = payments.knownPayment(payment);
      if (payment.state === 'creating' || known.providerRef === null) {
        const found = await client.findByReference(known);
        if (found) await deps.settle(db, payment.id, found);
        else if (lost) await deps.settle(db, payment.id, { state: 'failed', failure: NEVER_CREATED });
        continue;
      }
      const asked = { ...known, providerRef: known.providerRef };
      let current = await client.read(asked);
      const end = current.expiresAt ?? payment.expires_at;
      if (current.state === 'open' && end && Date.parse(end) <= Date.now()) {
        await client.expire(asked);
        current = { ...current, state: 'expired' };
      }
      await deps.settle(db, payment.id, current);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log(`Rapprochement du paiement ${payment.reference} : ${error.message}`);
      // A creation the provider never confirms, however it fails to answer, holds the order no longer.
      if (lost) await deps.settle(db, payment.id, { state: 'failed', failure: NEVER_CREATED });
    } finally {
      await payments.setChecked(db, payment.id);
    }
  }
}
