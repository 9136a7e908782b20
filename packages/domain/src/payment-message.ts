import { formatFcfa } from './money.ts';
import type { Order } from './orders.ts';
import { countLabel, quotedNote } from './text.ts';

// What the customer writes to the shop to pay, from the storefront. Apart from the shop's own
// messages (order-messages.ts), which write phone numbers: the numbering plans they need stay off
// the storefront's pages.

/**
 * What the customer sends the shop to pay by Orange Money ('Payer maintenant', on the order-success
 * page and in 'Mes Commandes'): who she is, the order, its lines, its count and total, and her note,
 * so the owner reading the chat needs nothing else to find the order and answer.
 */
export function orangeMoneyMessage(
  order: Pick<Order, 'order_number' | 'items' | 'total_items' | 'total_amount' | 'notes' | 'contact'>,
): string {
  const lines = order.items.map((item) => {
    const name = item.variant_name ? `${item.product_name} (${item.variant_name})` : item.product_name;
    return `- ${name} x${item.quantity} : ${formatFcfa(item.total_price)}`;
  });
  const note = quotedNote(order.notes);
  return [
    `Bonjour, je suis ${order.contact.name.trim()}. Je souhaite payer ma commande ${order.order_number} par Orange Money.`,
    '',
    ...lines,
    '',
    `Nombre d'articles : ${countLabel(order.total_items, 'article')}`,
    `Total à payer : ${formatFcfa(order.total_amount)}`,
    ...(note ? [`Ma note : « ${note} »`] : []),
  ].join('\n');
}
