import { type MessageLine, messageText, p, type TemplatedMessage } from './message-template.ts';
import { formatFcfa } from './money.ts';
import { formatDelay, UNPAID_DEADLINE_WORDS } from './order-reasons.ts';
import type { Cancellation, OrderStatus, RefundState } from './order-status.ts';
import { PAYMENT_PROVIDER_LABELS, type PaymentProvider } from './payments.ts';
import { formatPhone } from './phone-format.ts';
import { type Agency, deliveryLine, mapsLink, whatsappLink } from './shop.ts';
import { countLabel, oneLine, quotedNote } from './text.ts';

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
  /** The providers she may pay through from her phone (docs/decisions/0043): said in 'acceptée'. */
  paymentProviders: readonly PaymentProvider[];
};

const firstName = (name: string) => oneLine(name).split(' ')[0] ?? '';
const SIGNATURE = "L'équipe Souk";

/** A template's name: the shop's prefix, then the variant's parts ('souk_commande_acceptee_note'). */
const templateName = (...parts: (string | false)[]) => ['souk', ...parts.filter(Boolean)].join('_');

/** What a paid order cancelled says of its money: to be refunded, or refunded and how. */
function refundLines(
  order: OrderForMessage,
  amount: string,
): { lines: MessageLine[]; variant: string | false } {
  const method = order.refund?.method ? oneLine(order.refund.method) : null;
  if (order.refund?.state === 'done')
    return method
      ? { lines: [p`Nous vous avons remboursé ${amount} (${method}).`], variant: 'remboursee_moyen' }
      : { lines: [p`Nous vous avons remboursé ${amount}.`], variant: 'remboursee' };
  if (order.refund?.state === 'due')
    return {
      lines: [p`Vous l'aviez payée : nous vous remboursons ${amount} et vous prévenons dès que c'est fait.`],
      variant: 'a_rembourser',
    };
  return { lines: [], variant: false };
}

/** The lines of a cancelled order's message: who cancelled it and why, and what becomes of her money. */
function cancelledMessage(order: OrderForMessage, shop: ShopContact, hello: MessageLine): TemplatedMessage {
  const number = order.order_number;
  const amount = formatFcfa(order.total_amount);
  const by = order.cancellation?.by ?? 'shop';
  const again = 'Vous pouvez commander à nouveau sur la boutique quand vous le souhaitez.';
  const phone = formatPhone(shop.whatsappNumber);
  const refund = refundLines(order, amount);
  if (by === 'customer')
    return {
      name: templateName('annulee_cliente', refund.variant),
      lines: [
        hello,
        p`nous avons bien pris en compte l'annulation de votre commande ${number}, à votre demande. Ses articles sont remis en vente.`,
        ...refund.lines,
        again,
      ],
    };
  if (by === 'system') {
    const timed = shop.unpaidTimeoutMs > 0;
    return {
      name: templateName('annulee_impayee', timed && 'delai'),
      lines: [
        hello,
        timed
          ? p`votre commande ${number} d'un montant de ${amount} a été annulée : elle n'a été ni payée ni confirmée par la boutique dans les ${formatDelay(shop.unpaidTimeoutMs)} qui ont suivi.`
          : p`votre commande ${number} d'un montant de ${amount} a été annulée : elle n'a été ni payée ni confirmée par la boutique.`,
        p`Si vous l'avez payée, envoyez-nous la capture du paiement sur WhatsApp au ${phone} : nous la rétablissons tant que ses articles sont en stock.`,
        again,
      ],
    };
  }
  const reason = order.cancellation?.reason ? oneLine(order.cancellation.reason) : null;
  return {
    name: templateName('annulee_boutique', reason !== null && 'raison', refund.variant),
    lines: [
      hello,
      p`nous sommes désolés : nous avons dû annuler votre commande ${number}.`,
      ...(reason ? [p`Raison : ${reason}`] : []),
      ...refund.lines,
      p`N'hésitez pas à nous écrire au ${phone} pour toute question. ${again}`,
    ],
  };
}

/**
 * The message that fits the order as it stands — its status, whether it is paid, who cancelled it
 * and why — in French, ready to prefill a WhatsApp chat or to send by e-mail. The one writer of
 * every status message; each ends with the order's tracking link and the signature.
 */
export const orderStatusMessage = (order: OrderForMessage, shop: ShopContact): string =>
  messageText(orderStatusTemplate(order, shop));

/**
 * The same message as a template (its variant's name, its lines with their values): what the shop
 * sends through WhatsApp's Cloud API, and what `npm run whatsapp:templates` submits to Meta.
 */
export function orderStatusTemplate(order: OrderForMessage, shop: ShopContact): TemplatedMessage {
  const message = statusMessage(order, shop);
  return {
    name: message.name,
    lines: [...message.lines, p`Suivre votre commande : ${order.tracking_url}`, SIGNATURE],
  };
}

/** What a status message says before its tracking link and signature. */
function statusMessage(order: OrderForMessage, shop: ShopContact): TemplatedMessage {
  const hello = p`Bonjour ${firstName(order.client.name)},`;
  const number = order.order_number;
  const amount = formatFcfa(order.total_amount);
  const note = quotedNote(order.notes);
  const paid = order.paid_at !== null;
  const timed = !paid && shop.unpaidTimeoutMs > 0;
  // 'Wave', 'Wave ou Orange Money': the providers offered, one variable of the template.
  const online = shop.paymentProviders.length
    ? shop.paymentProviders.map((provider) => PAYMENT_PROVIDER_LABELS[provider]).join(' ou ')
    : null;
  switch (order.status) {
    case 'en_attente':
      return {
        name: templateName('commande_recue', paid ? 'payee' : !timed && 'sans_delai'),
        lines: [
          hello,
          paid
            ? p`nous avons bien reçu votre commande ${number} et son paiement de ${amount}, merci !`
            : p`nous avons bien reçu votre commande ${number} d'un montant de ${amount}.`,
          'Nous la vérifions et revenons vers vous très vite pour la confirmer.',
          ...(timed ? [p(UNPAID_DEADLINE_WORDS, formatDelay(shop.unpaidTimeoutMs))] : []),
        ],
      };
    case 'acceptée':
      return {
        name: templateName(
          'commande_acceptee',
          paid && 'payee',
          note !== null && 'note',
          !paid && online !== null && 'en_ligne',
        ),
        lines: [
          hello,
          paid
            ? p`votre commande ${number} est acceptée, et nous avons bien reçu son paiement de ${amount}.`
            : p`votre commande ${number} est acceptée. Montant à payer : ${amount}.`,
          // The customer's wish repeated, so they see it was read (or correct it in their reply).
          ...(note ? [p`Votre demande : « ${note} »`] : []),
          ...(paid
            ? ['Nous la préparons et vous prévenons dès qu’elle part en livraison.']
            : [
                // Where she pays from her phone: the tracking page's 'Payer avec …'.
                ...(online
                  ? [p`Payez depuis votre téléphone avec ${online} : ouvrez le lien de suivi ci-dessous.`]
                  : []),
                p`Pour payer par Orange Money, envoyez ${amount} au ${formatPhone(shop.whatsappNumber)} en indiquant la référence ${number}, puis répondez à ce message avec la capture du paiement. Vous pouvez aussi payer à l'agence.`,
              ]),
          'Merci de votre confiance !',
        ],
      };
    case 'prête':
      return {
        name: templateName('commande_prete'),
        lines: [
          hello,
          p`bonne nouvelle : votre commande ${number} est prête et part en livraison.`,
          // The storefront's own words, so the customer reads here what the product page promised.
          p`${deliveryLine(oneLine(shop.deliveryTerms))}.`,
          'Nous vous prévenons dès que vous pourrez venir la retirer.',
        ],
      };
    case 'en_cours':
      return {
        name: templateName('commande_en_route'),
        lines: [
          hello,
          p`votre commande ${number} est en route vers notre agence, où vous viendrez la retirer.`,
          'Nous vous prévenons dès son arrivée.',
        ],
      };
    case 'disponible':
      return {
        name: templateName('commande_disponible', paid && 'payee'),
        lines: [
          hello,
          p`votre commande ${number} est disponible à notre agence : vous pouvez venir la retirer.`,
          ...(paid ? [] : [p`Montant à régler sur place : ${amount}.`]),
          p`Adresse : ${oneLine(shop.agency.address)}`,
          p`Horaires : ${oneLine(shop.agency.hours)}`,
          p`Itinéraire : ${mapsLink(shop.agency.location)}`,
          'À très bientôt !',
        ],
      };
    case 'annulée':
      return cancelledMessage(order, shop, hello);
  }
}

/**
 * The reminder of an order still waiting unpaid, sent UNPAID_REMINDER_BEFORE ahead of its release
 * (`leftMs` before it): how long is left and how to pay, or to say she pays at the agency.
 */
export function unpaidReminderTemplate(
  order: OrderForMessage,
  shop: ShopContact,
  leftMs: number,
): TemplatedMessage {
  const number = order.order_number;
  const amount = formatFcfa(order.total_amount);
  return {
    name: templateName('rappel_paiement'),
    lines: [
      p`Bonjour ${firstName(order.client.name)},`,
      p`votre commande ${number} d'un montant de ${amount} attend encore son paiement : sans paiement ni confirmation de la boutique, elle sera annulée dans ${formatDelay(leftMs)} et ses articles remis en vente.`,
      p`Pour payer par Orange Money, envoyez ${amount} au ${formatPhone(shop.whatsappNumber)} en indiquant la référence ${number}, puis répondez à ce message avec la capture du paiement. Vous paierez à l'agence ? Répondez-nous : nous la confirmons et elle vous attend.`,
      p`Suivre votre commande : ${order.tracking_url}`,
      SIGNATURE,
    ],
  };
}

/** A new order told to the owner's and staff's WhatsApp (ORDER_NOTIFY_WHATSAPP): who, how much, where to open it. */
export function newOrderAlertTemplate(
  order: Pick<OrderForMessage, 'order_number' | 'total_amount'> & {
    client: { name: string };
    total_items: number;
  },
  orderUrl: string,
): TemplatedMessage {
  return {
    name: templateName('nouvelle_commande'),
    lines: [
      p`Nouvelle commande ${order.order_number} de ${oneLine(order.client.name)} : ${formatFcfa(order.total_amount)}, ${countLabel(order.total_items, 'article')}.`,
      p`Voir la commande : ${orderUrl}`,
      'Message automatique de la boutique Souk.',
    ],
  };
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
