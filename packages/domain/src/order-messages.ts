import { formatFcfa } from './money.ts';
import type { OrderStatus } from './order-status.ts';
import { formatPhone } from './phone-format.ts';
import { mapsLink } from './shop.ts';

// What the shop writes to a customer about an order, by WhatsApp or e-mail, at each status
// (issue #15 §3). One place for the words, so the orders screen's buttons, the offer after a
// status change and the tests all send the same text.

/** The part of an order a message names. */
export type OrderForMessage = {
  order_number: string;
  total_amount: number;
  status: OrderStatus;
  client: { name: string };
};

/** The shop's own details a message may point to (SHOP_WHATSAPP_NUMBER, AGENCY_LOCATION). */
export type ShopContact = { whatsappNumber: string; agencyLocation: string };

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name.trim();

/** The message that fits the order's status, in French, ready to prefill a WhatsApp chat or an e-mail. */
export function orderStatusMessage(order: OrderForMessage, shop: ShopContact): string {
  const hello = `Bonjour ${firstName(order.client.name)},`;
  const number = order.order_number;
  const amount = formatFcfa(order.total_amount);
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
        `Pour payer par Orange Money, envoyez ${amount} au ${formatPhone(shop.whatsappNumber)} en indiquant la référence ${number}, puis répondez à ce message avec la capture du paiement. Vous pouvez aussi payer à l'agence.`,
        'Merci de votre confiance !',
        "L'équipe Souk",
      ].join('\n');
    case 'prête':
      return [
        hello,
        `bonne nouvelle : votre commande ${number} est prête et part en livraison vers notre agence.`,
        'Nous vous prévenons dès son arrivée.',
        "L'équipe Souk",
      ].join('\n');
    case 'en_cours':
      return [
        hello,
        `votre commande ${number} est en route vers notre agence.`,
        'Nous vous prévenons dès que vous pourrez la retirer.',
        "L'équipe Souk",
      ].join('\n');
    case 'disponible':
      return [
        hello,
        `votre commande ${number} est disponible à notre agence : vous pouvez venir la retirer.`,
        `Itinéraire : ${mapsLink(shop.agencyLocation)}`,
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

/** The subject of the e-mail carrying the same message. */
export const orderMessageSubject = (order: Pick<OrderForMessage, 'order_number'>) =>
  `Votre commande ${order.order_number} — Souk`;

/**
 * A mailto: link with the subject and the status's message. The address stays readable (some mail
 * apps put '%40' literally in the To field); only what could end it ('?', '&', '#', spaces) is encoded.
 */
export const orderMailLink = (email: string, order: OrderForMessage, shop: ShopContact) =>
  `mailto:${encodeURIComponent(email).replaceAll('%40', '@').replaceAll('%2B', '+')}?subject=${encodeURIComponent(orderMessageSubject(order))}&body=${encodeURIComponent(orderStatusMessage(order, shop))}`;
