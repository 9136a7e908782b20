import { formatFcfa } from './money.ts';
import type { Order, OrderItem } from './orders.ts';
import { countLabel, quotedNote } from './text.ts';

// What the customer writes to the shop to pay, from the storefront. Apart from the shop's own
// messages (order-messages.ts), which write phone numbers: the numbering plans they need stay off
// the storefront's pages.

/**
 * What the customer sends the shop to pay by Orange Money ('Payer maintenant', on the order-success
 * page, in 'Mes Commandes' and on the tracking link's page): who she is (when known), the order, its lines, its count and total, and her note,
 * so the owner reading the chat needs nothing else to find the order and answer.
 */
export function orangeMoneyMessage(
  order: Pick<Order, 'order_number' | 'total_items' | 'total_amount'> &
    Partial<Pick<Order, 'notes' | 'contact'>> & {
      items: readonly Pick<OrderItem, 'product_name' | 'variant_name' | 'quantity' | 'total_price'>[];
    },
): string {
  const lines = order.items.map((item) => {
    const name = item.variant_name ? `${item.product_name} (${item.variant_name})` : item.product_name;
    return `- ${name} x${item.quantity} : ${formatFcfa(item.total_price)}`;
  });
  const note = quotedNote(order.notes ?? null);
  // From the tracking link's page nobody is named (the link may have been forwarded): the number says which order.
  const hello = order.contact ? `Bonjour, je suis ${order.contact.name.trim()}. Je` : 'Bonjour, je';
  return [
    `${hello} souhaite payer ma commande ${order.order_number} par Orange Money.`,
    '',
    ...lines,
    '',
    `Nombre d'articles : ${countLabel(order.total_items, 'article')}`,
    `Total à payer : ${formatFcfa(order.total_amount)}`,
    ...(note ? [`Ma note : « ${note} »`] : []),
  ].join('\n');
}
