import { newOrderMail, type ShopContact } from '@souk/domain/order-messages';
import { INITIAL_ORDER_STATUS } from '@souk/domain/order-status';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { findAdminEmails } from '../auth/accounts.service.ts';
import type { JobHandler, RecurringJob } from '../jobs/job-runner.ts';
import { queueMail } from '../mail/mail-jobs.ts';
import { lockOrder } from './admin-orders.repository.ts';
import { cancelLockedOrder } from './order-moves.ts';
import { queueOrderNotice } from './order-notices.ts';
import type { OrderTracking } from './order-tracking.ts';
import * as repo from './orders.repository.ts';

// What the shop does about its orders after the answer (docs/decisions/0034): tell the owner of
// each new one, and release the stock of those left waiting unpaid past UNPAID_ORDER_TIMEOUT.

/** Queued with every order, in its transaction (orders.service.ts). */
export const NEW_ORDER_JOB = 'order.new';
/** Recurring while UNPAID_ORDER_TIMEOUT is on. */
export const RELEASE_UNPAID_JOB = 'order.release-unpaid';

/** Orders released per run at most: a backlog (the setting just lowered) drains over a few runs. */
const RELEASE_BATCH = 200;

export type OrderJobsDeps = {
  publicUrl: string;
  /** ORDER_NOTIFY_EMAIL; null: every active admin with an e-mail. */
  notifyEmails: string[] | null;
  /** The shop's details its messages give, and UNPAID_ORDER_TIMEOUT (0: off). */
  shopContact: ShopContact;
  /** Orders' tracking links, which the customer's notices give. */
  tracking: OrderTracking;
};

/** Under a minute, checked every 10 s (a demo, a test); otherwise every minute. */
export const releaseCheckEveryMs = (timeoutMs: number) => (timeoutMs < 60_000 ? 10_000 : 60_000);

export const orderRecurringJobs = ({
  shopContact: { unpaidTimeoutMs },
}: Pick<OrderJobsDeps, 'shopContact'>): RecurringJob[] =>
  unpaidTimeoutMs > 0 ? [{ kind: RELEASE_UNPAID_JOB, everyMs: releaseCheckEveryMs(unpaidTimeoutMs) }] : [];

const NewOrderJobSchema = z.object({ order_id: z.number().int() });

export const orderJobHandlers = (deps: OrderJobsDeps): Record<string, JobHandler> => ({
  [NEW_ORDER_JOB]: async (payload, { db }) => {
    await notifyNewOrder(db, deps, NewOrderJobSchema.parse(payload).order_id);
  },
  // With the timeout off, no process takes the recurring job (one left by an earlier setting waits).
  ...(deps.shopContact.unpaidTimeoutMs > 0
    ? {
        [RELEASE_UNPAID_JOB]: async (_payload, { db, log }) => {
          const released = await releaseUnpaidOrders(db, deps);
          if (released)
            log(
              `${released} commande(s) non payée(s) annulée(s) après ${deps.shopContact.unpaidTimeoutMs / 1000} s`,
            );
        },
      }
    : {}),
});

/**
 * One e-mail per recipient, each its own job keyed by order and address: a retry sends only what
 * did not go, and a repeat of this job queues nothing new.
 */
async function notifyNewOrder(db: Db, deps: OrderJobsDeps, orderId: number) {
  const order = await repo.findOrder(db, orderId);
  if (!order) return; // deleted since: nothing left to tell
  const items = await repo.findItems(db, [orderId]);
  const recipients = deps.notifyEmails ?? (await findAdminEmails(db));
  const mail = newOrderMail(
    {
      ...order,
      client: { name: order.contact_name, whatsapp_phone: order.contact_phone, email: order.contact_email },
      items,
    },
    `${deps.publicUrl}/admin/orders?details=${order.id}`,
  );
  await db.transaction(async (tx) => {
    for (const to of recipients) await queueMail(tx, { to, ...mail }, `new-order:${order.id}:${to}`);
  });
}

/**
 * Cancels, as the shop ('Système' in its history), every order still waiting and unpaid
 * UNPAID_ORDER_TIMEOUT after it was placed: its stock back, the customer told by e-mail when she gave
 * one, with why and what to do if she paid after all (the owner may reinstate it then). Each order is locked and checked again
 * first, as the owner's own cancellation does, so an order paid, accepted or cancelled meanwhile
 * is left as it is, and the stock comes back once whichever process runs this. Answers how many
 * were cancelled.
 */
export async function releaseUnpaidOrders(
  db: Db,
  deps: Pick<OrderJobsDeps, 'shopContact' | 'tracking'>,
): Promise<number> {
  const { unpaidTimeoutMs } = deps.shopContact;
  if (unpaidTimeoutMs <= 0) return 0;
  const due = await repo.findUnpaidWaitingIds(db, unpaidTimeoutMs, RELEASE_BATCH);
  let released = 0;
  for (const id of due) {
    const done = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!order || order.status !== INITIAL_ORDER_STATUS || order.paid_at !== null) return false;
      const line = await cancelLockedOrder(tx, order, null, { by: 'system', reason: null });
      await queueOrderNotice(tx, order.id, line, { shop: deps.shopContact, tracking: deps.tracking });
      return true;
    });
    if (done) released += 1;
  }
  return released;
}
