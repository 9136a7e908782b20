export const ORDER_STATUSES = [
  'en_attente',
  'acceptée',
  'prête',
  'en_cours',
  'disponible',
  'annulée',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every order starts here. */
export const INITIAL_ORDER_STATUS: OrderStatus = 'en_attente';
/** The one status whose orders were never paid (they count in no total nor statistic). */
export const CANCELLED_ORDER_STATUS: OrderStatus = 'annulée';

/**
 * Allowed admin transitions; final states allow none. The original shop allowed 'annulée' only
 * from 'en_attente'; an order that has not left the shop ('acceptée', 'prête') may be cancelled
 * too, with a reason, so a customer who never pays or never comes does not hold its stock for good
 * (docs/decisions/0038).
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  en_attente: ['acceptée', 'annulée'],
  acceptée: ['prête', 'annulée'],
  prête: ['en_cours', 'annulée'],
  en_cours: ['disponible'],
  disponible: [],
  annulée: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/**
 * A customer may cancel her own order while the shop has not accepted it (the terms promise free
 * cancellation before preparation, and an accepted order is already being prepared) and has not
 * been paid for it (a refund is the shop's to arrange with her).
 */
export const customerMayCancel = (
  order: { status: OrderStatus; paid_at: string | null },
  /** The provider of a payment open for it: she waits for its end (it may succeed meanwhile). */
  paymentPending: string | null,
) => order.status === INITIAL_ORDER_STATUS && order.paid_at === null && paymentPending === null;

/** 'Payée' / 'Non payée': an order's payment in a word (cards, the customer's account, the export). */
export const paymentLabel = (order: { paid_at: string | null }) => (order.paid_at ? 'Payée' : 'Non payée');

/**
 * What an order's history records: a status change, a payment recorded, a payment undone, the
 * refund of a paid order cancelled (its 'how' in the note).
 */
export const ORDER_EVENTS = ['status', 'paid', 'unpaid', 'refunded'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Who cancelled an order: the customer herself, the shop (with a reason), or the shop's own release of an unpaid order. */
export const CANCELLED_BY = ['customer', 'shop', 'system'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** A cancelled order's who and why (null while it is not cancelled). */
export type Cancellation = { by: CancelledBy; reason: string | null };

/** 'À rembourser' / 'Remboursée': where the money of a paid order cancelled stands; null for any other order. */
export const REFUND_STATES = ['due', 'done'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const refundState = (order: {
  status: OrderStatus;
  paid_at: string | null;
  refunded_at: string | null;
}): RefundState | null => {
  if (order.status !== CANCELLED_ORDER_STATUS || order.paid_at === null) return null;
  return order.refunded_at === null ? 'due' : 'done';
};
export const REFUND_STATE_LABELS: Record<RefundState, string> = { due: 'À rembourser', done: 'Remboursée' };

/**
 * The shop may reinstate an order it released itself unpaid (UNPAID_ORDER_TIMEOUT) when its
 * payment arrives late: not one the customer or the owner cancelled, who meant it.
 */
export const mayReinstate = (order: { status: OrderStatus; cancellation: Cancellation | null }) =>
  order.status === CANCELLED_ORDER_STATUS && order.cancellation?.by === 'system';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  en_attente: 'En attente',
  acceptée: 'Acceptée',
  prête: 'Prête pour la livraison',
  en_cours: 'En cours de livraison',
  disponible: "Disponible à l'agence",
  annulée: 'Annulée',
};
