import { z } from 'zod';
import { type OrderStatus, paymentLabel } from './order-status.ts';
import { idSchema } from './primitives.ts';

// Payments the customer makes from her phone through a provider's web payment (Wave, Orange
// Money), confirmed by the provider's notification (docs/decisions/0043). The owner's 'Paiement
// reçu' stays the way to record any other payment ('à la main').

/** The providers the shop can take a payment through, each enabled by its own configuration. */
export const PAYMENT_PROVIDERS = ['wave', 'orange_money'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, string> = {
  wave: 'Wave',
  orange_money: 'Orange Money',
};

/** How an order was paid: through a provider, or recorded by the owner ('Paiement reçu'). */
export const PAID_WITH = [...PAYMENT_PROVIDERS, 'manual'] as const;
export type PaidWith = (typeof PAID_WITH)[number];
export const PAID_WITH_LABELS: Record<PaidWith, string> = { ...PAYMENT_PROVIDER_LABELS, manual: 'À la main' };

/**
 * A payment attempt's life: 'creating' (recorded, the provider being asked), 'open' (the customer
 * may pay), then 'succeeded', 'failed' (refused by the provider or never created) or 'expired'.
 */
export const PAYMENT_STATES = ['creating', 'open', 'succeeded', 'failed', 'expired'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const OPEN_PAYMENT_STATES: readonly PaymentState[] = ['creating', 'open'];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  creating: 'En création',
  open: 'En attente du client',
  succeeded: 'Réussi',
  failed: 'Échoué',
  expired: 'Expiré',
};

/**
 * What went wrong with a payment the provider says succeeded, which the owner sees and settles:
 * its amount or currency is not the order's, or the order was paid already or cancelled (its money
 * is to be given back).
 */
export const PAYMENT_ANOMALIES = ['amount', 'currency', 'already_paid', 'cancelled'] as const;
export type PaymentAnomaly = (typeof PAYMENT_ANOMALIES)[number];
export const PAYMENT_ANOMALY_LABELS: Record<PaymentAnomaly, string> = {
  amount: 'Montant différent de la commande',
  currency: 'Devise différente de la boutique',
  already_paid: 'Commande déjà payée : à rembourser',
  cancelled: 'Commande annulée : à rembourser',
};

/** An order a customer may pay from her phone: waiting or accepted, not paid. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['en_attente', 'acceptée'];
export const isPayable = (order: { status: OrderStatus; paid_at: string | null }) =>
  order.paid_at === null && PAYABLE_STATUSES.includes(order.status);

// ---- The shop's currency ----

/** The West African CFA franc's countries (UEMOA) and the Central African one's (CEMAC). */
const XOF_COUNTRIES = new Set(['BJ', 'BF', 'CI', 'GW', 'ML', 'NE', 'SN', 'TG']);
const XAF_COUNTRIES = new Set(['CM', 'CF', 'TD', 'CG', 'GQ', 'GA']);

/** The ISO 4217 code of a country's franc (XOF, XAF); null outside the two zones. */
export function currencyOfCountry(country: string): string | null {
  if (XOF_COUNTRIES.has(country)) return 'XOF';
  if (XAF_COUNTRIES.has(country)) return 'XAF';
  return null;
}

// ---- What the customer reads ----

export const PAYMENT_PENDING = 'Paiement en cours de confirmation…';
export const providerUnavailable = (provider: PaymentProvider) =>
  `Le paiement ${PAYMENT_PROVIDER_LABELS[provider]} est indisponible pour le moment : réessayez ou payez par WhatsApp`;
export const PAYMENT_NOT_OFFERED = 'Ce moyen de paiement n’est pas proposé par la boutique';
export const PAYMENT_ALREADY_PAID = 'Cette commande est déjà payée';
export const paymentNotPayable = (status: OrderStatus) =>
  status === 'annulée'
    ? 'Cette commande est annulée : elle ne peut plus être payée'
    : 'Cette commande ne se paie plus en ligne : écrivez-nous sur WhatsApp';
export const paymentBeingCreated = (provider: PaymentProvider) =>
  `Un paiement ${PAYMENT_PROVIDER_LABELS[provider]} est en cours de préparation pour cette commande : réessayez dans quelques secondes`;
export const paymentOpenElsewhere = (provider: PaymentProvider) =>
  `Un paiement ${PAYMENT_PROVIDER_LABELS[provider]} est déjà ouvert pour cette commande : terminez-le ou attendez qu’il expire`;
/** Why she cannot cancel an order whose payment is open. */
export const cancelWhilePaying = (provider: PaymentProvider) =>
  `Un paiement ${PAYMENT_PROVIDER_LABELS[provider]} est en cours pour cette commande : attendez sa confirmation (quelques minutes) avant de l’annuler.`;

/**
 * An order's payment in a few words, for its badges: 'Payée (Wave)' when a provider took it,
 * 'Non payée · Wave en cours' while one is open, else 'Payée' / 'Non payée'.
 */
export function paymentWords(order: { paid_at: string | null; payment: OrderPayment }): string {
  const { paid_with, pending } = order.payment;
  if (paid_with && paid_with !== 'manual') return `${paymentLabel(order)} (${PAID_WITH_LABELS[paid_with]})`;
  if (pending) return `${paymentLabel(order)} · ${PAYMENT_PROVIDER_LABELS[pending]} en cours`;
  return paymentLabel(order);
}

export const PAYMENT_REFUNDED = 'Remboursement effectué';
export const PAYMENT_REFUND_NOTED = 'Remboursement noté';
export const paymentRefundUncertain = (provider: PaymentProvider) =>
  `${PAYMENT_PROVIDER_LABELS[provider]} n’a pas répondu : le remboursement a peut-être été fait. Vérifiez dans ${PAYMENT_PROVIDER_LABELS[provider]} ; s’il l’est, notez-le « Remboursé à la main », sinon réessayez`;
export const paymentRefundAsked = (provider: PaymentProvider) =>
  `Un remboursement a déjà été demandé à ${PAYMENT_PROVIDER_LABELS[provider]} sans réponse : vérifiez dans ${PAYMENT_PROVIDER_LABELS[provider]}, puis notez-le « Remboursé à la main » s’il est fait`;
/** 'Rembourser par Wave' (the provider gives it back) or 'Remboursé à la main' (recorded only). */
export const RefundPaymentInputSchema = z.object({
  by: z.enum(['provider', 'hand'], { error: 'Mode de remboursement inconnu' }),
  /** Once the provider's answer was lost: the owner checked it was not refunded, ask again. */
  again: z.boolean().optional(),
});
export type RefundPaymentInput = z.infer<typeof RefundPaymentInputSchema>;
export const PAYMENT_REFUND_NOT_DUE = 'Ce paiement n’est pas à rembourser';
export const PAYMENT_ALREADY_REFUNDED = 'Ce paiement est déjà remboursé';
export const PAYMENT_NOT_FOUND = 'Paiement non trouvé';
export const paymentRefundByHand = (provider: PaymentProvider) =>
  `${PAYMENT_PROVIDER_LABELS[provider]} ne rembourse pas depuis la boutique : remboursez à la main, puis notez-le (« Remboursé »)`;
export const paymentRefundUnavailable = (provider: PaymentProvider) =>
  `Le remboursement ${PAYMENT_PROVIDER_LABELS[provider]} n’a pas pu être fait pour le moment : réessayez, ou remboursez à la main puis notez-le (« Remboursé »)`;

// ---- The API ----

export const StartPaymentInputSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'Moyen de paiement inconnu' }),
});
export type StartPaymentInput = z.infer<typeof StartPaymentInputSchema>;
/** Where the customer goes to pay: the provider's own page (or app link). */
export const StartedPaymentSchema = z.object({ redirect_url: z.string() });

/** One payment attempt, as the owner sees it on the order. */
export const PaymentAttemptSchema = z.object({
  id: z.number(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: z.number(),
  currency: z.string(),
  state: z.enum(PAYMENT_STATES),
  transaction_id: z.string().nullable(),
  anomaly: z.enum(PAYMENT_ANOMALIES).nullable(),
  /**
   * Money taken that the shop must give back (a success that is not the order's payment, or the
   * payment of an order cancelled since): 'due' until refunded, 'done' once; null otherwise.
   */
  refund: z.enum(['due', 'done']).nullable(),
  /** Whether the provider itself can give it back ('Rembourser par Wave'); else by hand. */
  refundable: z.boolean(),
  /** Its refund was asked of the provider, whose answer never came: to check in the provider's app. */
  refund_requested: z.boolean(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type PaymentAttempt = z.infer<typeof PaymentAttemptSchema>;

export const PaymentParamsSchema = z.object({
  id: idSchema('Commande non trouvée'),
  payment: idSchema(PAYMENT_NOT_FOUND),
});

/** An order's payment as the customer's pages read it: how it was paid, or which payment is open. */
export const OrderPaymentSchema = z.object({
  paid_with: z.enum(PAID_WITH).nullable(),
  pending: z.enum(PAYMENT_PROVIDERS).nullable(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;
