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

/** Allowed admin transitions; final states allow none. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  en_attente: ['acceptée', 'annulée'],
  acceptée: ['prête'],
  prête: ['en_cours'],
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
export const customerMayCancel = (order: { status: OrderStatus; paid_at: string | null }) =>
  order.status === INITIAL_ORDER_STATUS && order.paid_at === null;

/** 'Payée' / 'Non payée': an order's payment in a word (cards, the customer's account, the export). */
export const paymentLabel = (order: { paid_at: string | null }) => (order.paid_at ? 'Payée' : 'Non payée');

/** What an order's history records: a status change, a payment recorded, a payment undone. */
export const ORDER_EVENTS = ['status', 'paid', 'unpaid'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  en_attente: 'En attente',
  acceptée: 'Acceptée',
  prête: 'Prête pour la livraison',
  en_cours: 'En cours de livraison',
  disponible: "Disponible à l'agence",
  annulée: 'Annulée',
};
