import {
  newOrderAlertTemplate,
  newOrderMail,
  orderStatusTemplate,
  type ShopContact,
  unpaidReminderTemplate,
} from '@souk/domain/order-messages';
import { INITIAL_ORDER_STATUS } from '@souk/domain/order-status';
import { z } from 'zod';
import type { WhatsappConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { findAdminEmails } from '../auth/accounts.service.ts';
import type { JobHandler, RecurringJob } from '../jobs/job-runner.ts';
import { queueMail } from '../mail/mail-jobs.ts';
import { isWhatsappNumber, queueWhatsapp } from '../whatsapp/whatsapp.service.ts';
import { lockOrder } from './admin-orders.repository.ts';
import { cancelLockedOrder } from './order-moves.ts';
import { tellCustomer } from './order-notices.ts';
import type { OrderTracking } from './order-tracking.ts';
import { toOrderForMessage } from './orders.mapper.ts';
import * as repo from './orders.repository.ts';

// What the shop does about its orders after the answer (docs/decisions/0034): tell the owner of
// each new one (and its customer, when the shop writes on WhatsApp by itself), remind those left
// waiting unpaid, and release the stock of those still unpaid past UNPAID_ORDER_TIMEOUT.

/** Queued with every order, in its transaction (orders.service.ts). */
export const NEW_ORDER_JOB = 'order.new';
/** Recurring while UNPAID_ORDER_TIMEOUT is on. */
export const RELEASE_UNPAID_JOB = 'order.release-unpaid';
/** Recurring while UNPAID_ORDER_TIMEOUT and UNPAID_REMINDER_BEFORE are on and the shop writes on WhatsApp. */
export const REMIND_UNPAID_JOB = 'order.remind-unpaid';

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
  /** The WhatsApp Cloud API, when the shop sends its own messages. */
  whatsapp: WhatsappConfig | null;
  /** UNPAID_REMINDER_BEFORE (0: no reminder). */
  unpaidReminderBeforeMs: number;
};

/** Whether unpaid orders are reminded: a release to come, a reminder before it, and a way to send it. */
const reminds = (deps: Pick<OrderJobsDeps, 'shopContact' | 'whatsapp' | 'unpaidReminderBeforeMs'>) =>
  deps.whatsapp !== null && deps.shopContact.unpaidTimeoutMs > 0 && deps.unpaidReminderBeforeMs > 0;

/** Under a minute, checked every 10 s (a demo, a test); otherwise every minute. */
export const releaseCheckEveryMs = (timeoutMs: number) => (timeoutMs < 60_000 ? 10_000 : 60_000);

export const orderRecurringJobs = (
  deps: Pick<OrderJobsDeps, 'shopContact' | 'whatsapp' | 'unpaidReminderBeforeMs'>,
): RecurringJob[] => {
  const { unpaidTimeoutMs } = deps.shopContact;
  const every = releaseCheckEveryMs(unpaidTimeoutMs);
  return [
    ...(unpaidTimeoutMs > 0 ? [{ kind: RELEASE_UNPAID_JOB, everyMs: every }] : []),
    ...(reminds(deps) ? [{ kind: REMIND_UNPAID_JOB, everyMs: every }] : []),
  ];
};

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
  ...(reminds(deps)
    ? {
        [REMIND_UNPAID_JOB]: async (_payload, { db }) => {
          await remindUnpaidOrders(db, deps);
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
    if (!deps.whatsapp) return;
    // On WhatsApp too, when the shop writes by itself: the customer's 'commande reçue', and the alert
    // to each number of ORDER_NOTIFY_WHATSAPP. Keyed by order (and number): a repeat queues nothing.
    // 'Commande reçue' while it is: an order the owner already moved on is told by that step's
    // message. Read under the row's lock, as her step takes it: one or the other comes first, so
    // 'reçue' is never queued after 'acceptée'.
    const current = await lockOrder(tx, order.id);
    if (current && isWhatsappNumber(current.contact_phone) && current.status === INITIAL_ORDER_STATUS)
      await queueWhatsapp(tx, {
        key: `order:${order.id}:received`,
        orderId: order.id,
        audience: 'customer',
        to: current.contact_phone,
        message: orderStatusTemplate(toOrderForMessage(current, deps.tracking), deps.shopContact),
      });
    const alert = newOrderAlertTemplate(
      { ...order, client: { name: order.contact_name } },
      `${deps.publicUrl}/admin/orders?details=${order.id}`,
    );
    for (const to of deps.whatsapp.notifyNumbers)
      await queueWhatsapp(tx, {
        key: `order:${order.id}:alert:${to}`,
        orderId: order.id,
        audience: 'staff',
        to,
        message: alert,
      });
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
  deps: Pick<OrderJobsDeps, 'shopContact' | 'tracking' | 'whatsapp'>,
): Promise<number> {
  const { unpaidTimeoutMs } = deps.shopContact;
  if (unpaidTimeoutMs <= 0) return 0;
  const due = await repo.findUnpaidWaitingIds(db, unpaidTimeoutMs, RELEASE_BATCH);
  let released = 0;
  for (const id of due) {
    const done = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      // A payment open with a provider is waited for: released, a success would be money to give back.
      if (
        !order ||
        order.status !== INITIAL_ORDER_STATUS ||
        order.paid_at !== null ||
        order.payment_pending !== null
      )
        return false;
      const line = await cancelLockedOrder(tx, order, null, { by: 'system', reason: null });
      await tellCustomer(
        tx,
        order.id,
        line,
        { shop: deps.shopContact, tracking: deps.tracking, whatsapp: deps.whatsapp },
        { byEmail: true },
      );
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

/**
 * How long an order has left before its release, as the reminder says it: the setting itself when
 * it is on time (the check runs every minute: '24 h', not '1 439 min'), else whole hours, or whole
 * minutes under an hour (a server that was down meanwhile reminds late, and says so).
 */
function remainingDelay(leftMs: number, beforeMs: number): number {
  if (leftMs >= beforeMs - 5 * 60_000) return beforeMs;
  if (leftMs >= 3_600_000) return Math.floor(leftMs / 3_600_000) * 3_600_000;
  return Math.max(1, Math.ceil(leftMs / 60_000)) * 60_000;
}

/**
 * Reminds, on WhatsApp, each order still waiting unpaid that is UNPAID_REMINDER_BEFORE from its
 * release: once (the order records it, in the same transaction as the message's queueing), and
 * not when the reminder's time has passed with the release (an order placed while the setting was
 * shorter). Each order is locked and checked again first, so one paid, accepted or cancelled
 * meanwhile is left alone and a second process reminds nobody twice. Answers how many were reminded.
 */
export async function remindUnpaidOrders(
  db: Db,
  deps: Pick<OrderJobsDeps, 'shopContact' | 'tracking' | 'whatsapp' | 'unpaidReminderBeforeMs'>,
): Promise<number> {
  if (!reminds(deps)) return 0;
  const { unpaidTimeoutMs } = deps.shopContact;
  const due = await repo.findUnremindedIds(
    db,
    unpaidTimeoutMs - deps.unpaidReminderBeforeMs,
    unpaidTimeoutMs,
    RELEASE_BATCH,
  );
  let reminded = 0;
  for (const id of due) {
    const done = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (
        !order ||
        order.status !== INITIAL_ORDER_STATUS ||
        order.paid_at !== null ||
        order.unpaid_reminded_at !== null
      )
        return false;
      await repo.setReminded(tx, id);
      if (!isWhatsappNumber(order.contact_phone)) return false;
      const left = remainingDelay(
        Date.parse(order.created_at) + unpaidTimeoutMs - Date.now(),
        deps.unpaidReminderBeforeMs,
      );
      await queueWhatsapp(tx, {
        key: `order:${id}:reminder`,
        orderId: id,
        audience: 'customer',
        to: order.contact_phone,
        message: unpaidReminderTemplate(toOrderForMessage(order, deps.tracking), deps.shopContact, left),
      });
      return true;
    });
    if (done) reminded += 1;
  }
  return reminded;
}
