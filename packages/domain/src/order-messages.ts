import { formatFcfa } from './money.ts';
import type { OrderStatus } from './order-status.ts';
import { formatPhone } from './phone-format.ts';
import { type Agency, deliveryLine, mapsLink, whatsappLink } from './shop.ts';
import { oneLine, quotedNote } from './text.ts';

// What the shop writes to a customer about an order, by WhatsApp or e-mail, at each status
// (docs/decisions/0018). One place for the words, so the orders screen's buttons, the offer after a
// status change and the tests all send the same text.

/** The part of an order a message names. */
export type OrderForMessage = {
  order_number: string;
  total_amount: number;
  status: OrderStatus;
  client: { name: string };
  /** The customer's note for the shop, as the order keeps it. */
  notes: string | null;
};

/**
 * The shop's own details a message may point to: SHOP_WHATSAPP_NUMBER, the agency (AGENCY_LOCATION,
 * AGENCY_ADDRESS, AGENCY_HOURS) and DELIVERY_TERMS.
 */
export type ShopContact = { whatsappNumber: string; agency: Agency; deliveryTerms: string };

const firstName = (name: string) => oneLine(name).split(' ')[0] ?? '';

/** The message that fits the order's status, in French, ready to prefill a WhatsApp chat or an e-mail. */
export function orderStatusMessage(order: OrderForMessage, shop: ShopContact): string {
  const hello = `Bonjour ${firstName(order.client.name)},`;
  const number = order.order_number;
  const amount = formatFcfa(order.total_amount);
  const note = quotedNote(order.notes);
  switch (order.status) {
    case 'en_attente':
      return [
        hello,
        `nous avons bien reçu votre commande ${number} d'un montant de ${amount}.`,
        'Nous la vérifions et revenons vers vous très vite pour la confirmer.',
        "L'équipe Souk",
      ].join('\n');
    case 'acceptée':
      return [
        hello,
        `votre commande ${number} est acceptée. Montant à payer : ${amount}.`,
        // The customer's wish repeated, so they see it was read (or correct it in their reply).
        ...(note ? [`Votre demande : « ${note} »`] : []),
        `Pour payer par Orange Money, envoyez ${amount} au ${formatPhone(shop.whatsappNumber)} en indiquant la référence ${number}, puis répondez à ce message avec la capture du paiement. Vous pouvez aussi payer à l'agence.`,
        'Merci de votre confiance !',
        "L'équipe Souk",
      ].join('\n');
    case 'prête':
      return [
        hello,
        `bonne nouvelle : votre commande ${number} est prête et part en livraison.`,
        // The storefront's own words, so the customer reads here what the product page promised.
        `${deliveryLine(shop.deliveryTerms)}.`,
        'Nous vous prévenons dès que vous pourrez venir la retirer.',
        "L'équipe Souk",
      ].join('\n');
    case 'en_cours':
      return [
        hello,
        `votre commande ${number} est en route vers notre agence, où vous viendrez la retirer.`,
        'Nous vous prévenons dès son arrivée.',
        "L'équipe Souk",
      ].join('\n');
    case 'disponible':
      return [
        hello,
        `votre commande ${number} est disponible à notre agence : vous pouvez venir la retirer.`,
        `Adresse : ${shop.agency.address}`,
        `Horaires : ${shop.agency.hours}`,
        `Itinéraire : ${mapsLink(shop.agency.location)}`,
        'À très bientôt !',
        "L'équipe Souk",
      ].join('\n');
    case 'annulée':
      return [
        hello,
        `nous sommes désolés : votre commande ${number} a été annulée.`,
        "Si vous avez déjà payé, nous vous remboursons. N'hésitez pas à nous écrire pour toute question ou pour commander à nouveau.",
        "L'équipe Souk",
      ].join('\n');
  }
}

/** '72 h', '30 min', '7 j', '20 s': UNPAID_ORDER_TIMEOUT as a customer reads it. */
export function formatDelay(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'j'],
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  // Whole hours up to three days read better than days: '72 h', not '3 j'.
  for (const [size, unit] of units) {
    if (unit === 'j' && ms <= 3 * 86_400_000) continue;
    if (ms >= size && ms % size === 0) return `${ms / size} ${unit}`;
  }
  return `${Math.max(1, Math.round(ms / 1000))} s`;
}

/**
 * The e-mail of an order the shop cancelled itself, unpaid `timeoutMs` after it was placed
 * (UNPAID_ORDER_TIMEOUT): why, and what to do if it was paid after all.
 */
export function unpaidReleaseMessage(order: OrderForMessage, shop: ShopContact, timeoutMs: number): string {
  return [
    `Bonjour ${firstName(order.client.name)},`,
    `votre commande ${order.order_number} d'un montant de ${formatFcfa(order.total_amount)} a été annulée : nous n'avons pas reçu son paiement dans les ${formatDelay(timeoutMs)} qui ont suivi.`,
    `Si vous l'avez payée, envoyez-nous la capture du paiement sur WhatsApp au ${formatPhone(shop.whatsappNumber)} : nous la rétablissons. Vous pouvez aussi commander à nouveau sur la boutique.`,
    "L'équipe Souk",
  ].join('\n');
}

/** The subject of the e-mail carrying the same message. */
export const orderMessageSubject = (order: Pick<OrderForMessage, 'order_number'>) =>
  `Votre commande ${order.order_number} — Souk`;

/**
 * A mailto: link with the subject and the status's message. The address stays readable (some mail
 * apps put '%40' literally in the To field); only what could end it ('?', '&', '#', spaces) is encoded.
 */
export const orderMailLink = (email: string, order: OrderForMessage, shop: ShopContact) =>
  `mailto:${encodeURIComponent(email).replaceAll('%40', '@').replaceAll('%2B', '+')}?subject=${encodeURIComponent(orderMessageSubject(order))}&body=${encodeURIComponent(orderStatusMessage(order, shop))}`;

/** What the owner's e-mail names of a new order. */
export type NewOrderForMail = OrderForMessage & {
  client: { name: string; whatsapp_phone: string | null; email: string | null };
  items: { product_name: string; variant_name: string | null; quantity: number; total_price: number }[];
};

/**
 * The e-mail telling the owner of a new order: who, how to reach them on WhatsApp, what, how much,
 * and the link that opens it in the back office (`orderUrl`).
 */
export function newOrderMail(order: NewOrderForMail, orderUrl: string) {
  const { client } = order;
  const note = quotedNote(order.notes);
  return {
    subject: `Nouvelle commande ${order.order_number} — ${formatFcfa(order.total_amount)}`,
    text: [
      `Nouvelle commande ${order.order_number} de ${oneLine(client.name)}.`,
      '',
      ...(client.whatsapp_phone
        ? [
            `Téléphone : ${formatPhone(client.whatsapp_phone)}`,
            `WhatsApp : ${whatsappLink(client.whatsapp_phone)}`,
          ]
        : []),
      ...(client.email ? [`E-mail : ${client.email}`] : []),
      '',
      'Articles :',
      ...order.items.map(
        (i) =>
          `- ${i.quantity} × ${i.product_name}${i.variant_name ? ` (${i.variant_name})` : ''} : ${formatFcfa(i.total_price)}`,
      ),
      '',
      `Total : ${formatFcfa(order.total_amount)}`,
      ...(note ? [`Note du client : « ${note} »`] : []),
      '',
      `Voir la commande : ${orderUrl}`,
    ].join('\n'),
  };
}
