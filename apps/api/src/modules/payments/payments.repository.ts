import {
  OPEN_PAYMENT_STATES,
  type PaymentAnomaly,
  type PaymentProvider,
  type PaymentState,
} from '@souk/domain/payments';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';

// Only this file builds SQL on payments (the payments module owns the table).

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(
  tx: DbOrTx,
  payment: Pick<typeof payments.$inferInsert, 'order_id' | 'provider' | 'reference' | 'amount' | 'currency'>,
): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(payment).returning();
  if (!row) throw new Error('payment not inserted');
  return row;
}

/** The order's payment still open ('creating' or 'open'), newest first; null when none is. */
export async function findOpenPayment(tx: DbOrTx, orderId: number): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.order_id, orderId), inArray(payments.state, OPEN_PAYMENT_STATES)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

export async function findPaymentById(db: DbOrTx, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** The payment, its row locked until the transaction ends. */
export async function lockPayment(tx: DbOrTx, id: number): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

/** The payment the provider knows as `providerRef`, or the one the shop created with `reference`. */
export async function findPayment(
  tx: DbOrTx,
  provider: PaymentProvider,
  { providerRef, reference }: { providerRef: string; reference: string | null },
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        reference === null
          ? eq(payments.provider_ref, providerRef)
          : or(eq(payments.provider_ref, providerRef), eq(payments.reference, reference)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The payment the shop created with `reference` at `provider`. */
export async function findByReference(
  db: DbOrTx,
  provider: PaymentProvider,
  reference: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.reference, reference)))
    .limit(1);
  return row ?? null;
}

export type PaymentChange = Partial<
  Pick<
    PaymentRow,
    'provider_ref' | 'launch_url' | 'expires_at' | 'transaction_id' | 'failure' | 'notif_token'
  >
> & {
  state?: PaymentState;
  anomaly?: PaymentAnomaly | null;
  settled?: boolean;
  /** Its refund asked of the provider now (true), or no longer (false: it refused). */
  refund_requested?: boolean;
  /** Refunded now, by the provider or by hand. */
  refunded?: 'provider' | 'hand';
};

export async function updatePayment(
  tx: DbOrTx,
  id: number,
  { settled, refunded, refund_requested, ...change }: PaymentChange,
) {
  await tx
    .update(payments)
    .set({
      ...change,
      ...(settled ? { settled_at: sql`now()` } : {}),
      ...(refunded ? { refunded_at: sql`now()`, refunded_by: refunded } : {}),
      ...(refund_requested === undefined
        ? {}
        : { refund_requested_at: refund_requested ? sql`now()` : null }),
      updated_at: sql`now()`,
    })
    .where(eq(payments.id, id));
}

/**
 * Payments the reconciliation asks their provider about: 'creating' ones older than `creatingMs`
 * (the answer to their creation lost), 'open' ones older than `openMs` and not asked about for
 * `checkEveryMs` (a notification lost, or none coming: expired), and those the shop itself ended
 * lately for a provider that does not end them (a late success), oldest first.
 */
export async function findUnsettled(
  db: DbOrTx,
  {
    creatingMs,
    openMs,
    checkEveryMs,
    limit,
    endedLocally,
    endedWithinMs,
  }: {
    creatingMs: number;
    openMs: number;
    checkEveryMs: number;
    limit: number;
    /** Providers whose payments the shop expires itself: theirs are asked again for `endedWithinMs`. */
    endedLocally: PaymentProvider[];
    endedWithinMs: number;
  },
): Promise<PaymentRow[]> {
  const ago = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;
  return db
    .select()
    .from(payments)
    .where(
      or(
        and(eq(payments.state, 'creating'), lt(payments.created_at, ago(creatingMs))),
        and(
          eq(payments.state, 'open'),
          lt(payments.created_at, ago(openMs)),
          or(isNull(payments.checked_at), lt(payments.checked_at, ago(checkEveryMs))),
        ),
        endedLocally.length
          ? and(
              eq(payments.state, 'expired'),
              inArray(payments.provider, endedLocally),
              sql`${payments.settled_at} > ${ago(endedWithinMs)}`,
              or(isNull(payments.checked_at), lt(payments.checked_at, ago(5 * checkEveryMs))),
            )
          : undefined,
      ),
    )
    .orderBy(asc(payments.created_at))
    .limit(limit);
}

export async function setChecked(db: DbOrTx, id: number) {
  await db.update(payments).set({ checked_at: sql`now()` }).where(eq(payments.id, id));
}

/** Every payment attempt of the order, oldest first (the owner's view). */
export async function findOrderPayments(db: DbOrTx, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(asc(payments.id));
}
