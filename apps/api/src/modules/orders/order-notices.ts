import { messageText } from '@souk/domain/message-template';
import { orderMessageSubject, orderStatusTemplate } from '@souk/domain/order-messages';
import type { DbOrTx } from '../../db/client.ts';
import { queueMail } from '../mail/mail-jobs.ts';
import { isWhatsappNumber, queueWhatsapp } from '../whatsapp/whatsapp.service.ts';
import type { MessageContext } from './order-tracking.ts';
import { toOrderForMessage } from './orders.mapper.ts';
import { findOrder } from './orders.repository.ts';

/**
 * Tells the customer what just happened to her order: the status message as the order now stands,
 * from the one place that writes them, by WhatsApp when the shop sends its own messages (and she
 * has a number), and by e-mail when `byEmail` and she gave an address (a cancellation, a refund, a
 * reinstatement). Queued in the change's transaction and keyed by its history line (`historyId`),
 * so the change and its notices are committed together and a retry sends each once. Without the
 * Cloud API, the orders screen offers the owner the same WhatsApp text to send with a tap.
 */
export async function tellCustomer(
  tx: DbOrTx,
  orderId: number,
  historyId: number,
  { shop, tracking, whatsapp }: MessageContext,
  { byEmail }: { byEmail: boolean },
) {
  const order = await findOrder(tx, orderId);
  if (!order) return;
  const message = orderStatusTemplate(toOrderForMessage(order, tracking), shop);
  if (byEmail && order.contact_email)
    await queueMail(
      tx,
      { to: order.contact_email, subject: orderMessageSubject(order), text: messageText(message) },
      `order-notice:${historyId}`,
    );
  if (whatsapp && isWhatsappNumber(order.contact_phone))
    await queueWhatsapp(tx, {
      key: `order:${orderId}:history:${historyId}`,
      orderId,
      audience: 'customer',
      to: order.contact_phone,
      message,
    });
}
