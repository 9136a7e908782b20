import { orderMessageSubject, orderStatusMessage } from '@souk/domain/order-messages';
import type { DbOrTx } from '../../db/client.ts';
import { queueMail } from '../mail/mail-jobs.ts';
import type { OrderContext } from './order-tracking.ts';
import { toOrderForMessage } from './orders.mapper.ts';
import { findOrder } from './orders.repository.ts';

/**
 * Tells the customer, by e-mail when she gave one, what just happened to her order (cancelled by
 * the shop or released unpaid, reinstated, refunded): the status message as the order now stands,
 * from the one place that writes them. Queued in the change's transaction and keyed by its
 * history line (`historyId`), so the change and its notice are committed together and a retry
 * sends it once. A customer without an e-mail reads it on 'Mes Commandes' and in the WhatsApp
 * message the orders screen offers the owner after the change.
 */
export async function queueOrderNotice(
  tx: DbOrTx,
  orderId: number,
  historyId: number,
  { shop, tracking }: OrderContext,
) {
  const order = await findOrder(tx, orderId);
  if (!order?.contact_email) return;
  const message = toOrderForMessage(order, tracking);
  await queueMail(
    tx,
    {
      to: order.contact_email,
      subject: orderMessageSubject(message),
      text: orderStatusMessage(message, shop),
    },
    `order-notice:${historyId}`,
  );
}
