import { formatFcfa } from './money.ts';
import { formatDelay, unpaidDeadlineNotice } from './order-reasons.ts';
import type { Cancellation, OrderStatus, RefundState } from './order-status.ts';
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
  /** When the shop recorded its payment; a paid order's messages never ask for it again. */
  paid_at: string | null;
  /** A cancelled order's who and why. */
  cancellation: Cancellation | null;
  /** A paid order cancelled: its refund, due or done (and how). */
  refund: { state: RefundState; method: string | null } | null;
  /** Its tracking link, which every message ends with. */
  tracking_url: string;
};

/**
 * The shop's own details a message may point to: SHOP_WHATSAPP_NUMBER, the agency (AGENCY_LOCATION,
 * AGENCY_ADDRESS, AGENCY_HOURS), DELIVERY_TERMS, and UNPAID_ORDER_TIMEOUT (0: off).
 */
export type ShopContact = {
  whatsappNumber: string;
  agency: Agency;
  deliveryTerms: string;
  unpaidTimeoutMs: number;
};

const firstName = (name: string) => oneLine(name).split(' ')[0] ?? '';
const SIGNATURE = "L'équipe Souk";

/** What a paid order cancelled says of its money: to be refunded, or refunded and how. */
function refundLines(order: OrderForMessage): string[] {
  const amount = formatFcfa(order.total_amount);
  if (order.refund?.state === 'done')
    return [
      `Nous vous avons remboursé ${amount}${order.refund.method ? ` (${oneLine(order.refund.method)})` : ''}.`,
    ];
  if (order.refund?.state === 'due')
    return [`Vous l'aviez payée : nous vous remboursons ${amount} et vous prévenons dès que c'est fait.`];
  return [];
}

/** The message of a cancelled order: who cancelled it and why, and what becomes of her money. */
function cancelledMessage(order: OrderForMessage, shop: ShopContact, hello: string): string[] {
  const number = order.order_number;
  const by = order.cancellation?.by ?? 'shop';
  const again = 'Vous pouvez commander à nouveau sur la boutique quand vous le souhaitez.';
  if (by === 'customer')
    return [
      hello,
      `nous avons bien pris en compte l'annulation de votre commande ${number}, à votre demande. Ses articles sont remis en vente.`,
      ...refundLines(order),
      again,
    ];
  if (by === 'system')
    return [
      hello,
      `votre commande ${number} d'un montant de ${formatFcfa(order.total_amount)} a été annulée : elle n'a été ni payée ni confirmée par la boutique${shop.unpaidTimeoutMs > 0 ? ` dans les ${formatDelay(shop.unpaidTimeoutMs)} qui ont suivi` : ''}.`,
      `Si vous l'avez payée, envoyez-nous la capture du paiement sur WhatsApp au ${formatPhone(shop.whatsappNumber)} : nous la rétablissons tant que ses articles sont en stock.`,
      again,
    ];
  const reason = order.cancellation?.reason ? oneLine(order.cancellation.reason) : null;
  return [
    hello,
    `nous sommes désolés : nous avons dû annuler votre commande ${number}.`,
    ...(reason ? [`Raison : ${reason}`] : []),
    ...refundLines(order),
    `N'hésitez pas à nous écrire au ${formatPhone(shop.whatsappNumber)} pour toute question. ${again}`,
  ];
}

/**
 * The message that fits the order as it stands — its status, whether it is paid, who cancelled it
 * and why — in French, ready to prefill a WhatsApp chat or to send by e-mail. The one writer of
 * every status message; each ends with the order's tracking link and the signature.
 */
export function orderStatusMessage(order: OrderForMessage, shop: ShopContact): string {
  return [...statusLines(order, shop), `Suivre votre commande : ${order.tracking_url}`, SIGNATURE].join('\n');
}

/** What a status message says before its tracking link and signature. */
function statusLines(order: OrderForMessage, shop: ShopContact): string[] {
  const hello = `Bonjour ${firstName(order.client.name)},`;
  const number = order.order_number;
  const amount = formatFcfa(order.total_amount);
  const note = quotedNote(order.notes);
  const paid = order.paid_at !== null;
  const deadline = paid ? null : unpaidDeadlineNotice(shop.unpaidTimeoutMs);
  switch (order.status) {
    case 'en_attente':
      return [
        hello,
        paid
          ? `nous avons bien reçu votre commande ${number} et son paiement de ${amount}, merci !`
          : `nous avons bien reçu votre commande ${number} d'un montant de ${amount}.`,
        'Nous la vérifions et revenons vers vous très vite pour la confirmer.',
        ...(deadline ? [deadline] : []),
      ];
    case 'acceptée':
      return [
        hello,
        paid
          ? `votre commande ${number} est acceptée, et nous avons bien reçu son paiement de ${amount}.`
          : `votre commande ${number} est acceptée. Montant à payer : ${amount}.`,
        // The customer's wish repeated, so they see it was read (or correct it in their reply).
        ...(note ? [`Votre demande : « ${note} »`] : []),
        ...(paid
          ? ['Nous la préparons et vous prévenons dès qu’elle part en livraison.']
          : [
              `Pour payer par Orange Money, envoyez ${amount} au ${formatPhone(shop.whatsappNumber)} en indiquant la référence ${number}, puis répondez à ce message avec la capture du paiement. Vous pouvez aussi payer à l'agence.`,
            ]),
        'Merci de votre confiance !',
      ];
    case 'prête':
      return [
        hello,
        `bonne nouvelle : votre commande ${number} est prête et part en livraison.`,
        // The storefront's own words, so the customer reads here what the product page promised.
        `${deliveryLine(shop.deliveryTerms)}.`,
        'Nous vous prévenons dès que vous pourrez venir la retirer.',
      ];
    case 'en_cours':
      return [
        hello,
        `votre commande ${number} est en route vers notre agence, où vous viendrez la retirer.`,
        'Nous vous prévenons dès son arrivée.',
      ];
    case 'disponible':
      return [
        hello,
        `votre commande ${number} est disponible à notre agence : vous pouvez venir la retirer.`,
        ...(paid ? [] : [`Montant à régler sur place : ${amount}.`]),
        `Adresse : ${shop.agency.address}`,
        `Horaires : ${shop.agency.hours}`,
        `Itinéraire : ${mapsLink(shop.agency.location)}`,
        'À très bientôt !',
      ];
    case 'annulée':
      return cancelledMessage(order, shop, hello);
  }
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
export type NewOrderForMail = Pick<OrderForMessage, 'order_number' | 'total_amount' | 'notes'> & {
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
