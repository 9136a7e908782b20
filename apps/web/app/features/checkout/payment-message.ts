import { formatFcfa } from '@souk/domain/money';
import type { Order } from '@souk/domain/orders';

/** '1 article', '3 articles' */
export const articleCount = (count: number) => `${count} article${count > 1 ? 's' : ''}`;

/** The prefilled WhatsApp message for paying an order by Orange Money (number, lines, count, total). */
export function orangeMoneyMessage(order: Order): string {
  const lines = order.items.map((item) => {
    const name = item.variant_name ? `${item.product_name} (${item.variant_name})` : item.product_name;
    return `- ${name} x${item.quantity} : ${formatFcfa(item.total_price)}`;
  });
  return [
    `Bonjour, je souhaite payer ma commande ${order.order_number} par Orange Money.`,
    '',
    ...lines,
    '',
    `Nombre d'articles : ${articleCount(order.total_items)}`,
    `Total à payer : ${formatFcfa(order.total_amount)}`,
  ].join('\n');
}
