import { z } from 'zod';
import { ORDERS_PER_PAGE } from './admin-limits.ts';
import { PaginationSchema } from './api.ts';
import { USER_ROLES } from './auth.ts';
import { SearchTextSchema } from './catalog.ts';
import {
  CANCELLED_ORDER_STATUS,
  ORDER_EVENTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
} from './order-status.ts';
import { OrderSchema } from './orders.ts';
import {
  PAID_WITH,
  PAYMENT_PROVIDER_LABELS,
  PaymentAttemptSchema,
  type PaymentProvider,
} from './payments.ts';
import { idSchema, PageSchema, typedPriceSchema, wholeNumber } from './primitives.ts';
import { howToWriteAmount } from './typed-amount.ts';
import { OrderWhatsappSchema, WHATSAPP_MESSAGE_NOT_FOUND } from './whatsapp.ts';

// The back office's orders screen ('Commandes'): the list's query,
// shared by the API's validation and the screen's URL, and the shapes the API answers.

export const AdminOrderIdParamsSchema = z.object({ id: idSchema('Commande non trouvée') });

/** One of an order's WhatsApp messages ('Renvoyer'). */
export const WhatsappMessageParamsSchema = AdminOrderIdParamsSchema.extend({
  message: idSchema(WHATSAPP_MESSAGE_NOT_FOUND),
});

/** The period select: since the start of today, of this week (Monday) or of this month, in UTC. */
export const ORDER_PERIODS = ['today', 'week', 'month'] as const;
export type OrderPeriod = (typeof ORDER_PERIODS)[number];
export const ORDER_PERIOD_LABELS: Record<OrderPeriod, string> = {
  today: "Aujourd'hui",
  week: 'Cette semaine',
  month: 'Ce mois',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as a date input sends it ('2026-11-25'); 2026-02-30 is refused, not rolled over. */
export const isCalendarDay = (value: string) => {
  const match = DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2100 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** A calendar day (isCalendarDay), refused with `message`. */
export const daySchema = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDay, { error: message });

export const ORDER_STATUS_UNKNOWN = 'Statut de commande inconnu';
export const OrderStatusSchema = z.enum(ORDER_STATUSES, { error: ORDER_STATUS_UNKNOWN });

/** The most orders one page of the list (or of a link typed by hand) may ask for. */
export const ORDERS_PER_PAGE_MAX = 100;

const orderFilterFields = {
  /** Order number, client name or phone. */
  search: SearchTextSchema.optional(),
  status: OrderStatusSchema.optional(),
  period: z.enum(ORDER_PERIODS, { error: 'Période inconnue' }).optional(),
  date_from: daySchema('La date de début est invalide').optional(),
  date_to: daySchema('La date de fin est invalide').optional(),
  min_amount: typedPriceSchema(howToWriteAmount('le montant minimum')).optional(),
  /** One customer's orders (the customers screen's 'Voir les commandes'). */
  customer_id: idSchema('Client invalide').optional(),
  /** How they were paid: through Wave, Orange Money, or recorded by hand (docs/decisions/0043). */
  paid_with: z.enum(PAID_WITH, { error: 'Moyen de paiement inconnu' }).optional(),
};

const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const DATES_REVERSED = { error: 'La date de début doit précéder la date de fin', path: ['date_from'] };

/**
 * GET /admin/orders: every filter is applied by the server (the original shop only recorded the
 * period and the advanced filters locally). Dates are whole days, both ends included.
 */
export const AdminOrderListQuerySchema = z
  .object({
    page: PageSchema.default(1),
    per_page: wholeNumber('Nombre de commandes par page invalide')
      .pipe(
        z
          .number()
          .min(1, { error: 'Nombre de commandes par page invalide' })
          .max(ORDERS_PER_PAGE_MAX, { error: 'Nombre de commandes par page invalide' }),
      )
      .default(ORDERS_PER_PAGE),
    ...orderFilterFields,
  })
  .refine(datesInOrder, DATES_REVERSED);
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

/** GET /admin/orders/export: the list's filters, every page. */
export const AdminOrderExportQuerySchema = z.object(orderFilterFields).refine(datesInOrder, DATES_REVERSED);
export type AdminOrderListFilters = z.infer<typeof AdminOrderExportQuerySchema>;

/** An order as the back office shows it: the customer's order plus who the client is. */
export const AdminOrderSchema = OrderSchema.extend({
  /** The account that ordered (null for a guest order); name, e-mail and phone as given at order time. */
  client: z.object({
    id: z.number().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    whatsapp_phone: z.string().nullable(),
  }),
  updated_at: z.string(),
  /** The owner has already confirmed moving it on unpaid: she is not asked again. */
  unpaid_confirmed: z.boolean(),
  /**
   * When the shop cancels it if it is still waiting and unpaid (UNPAID_ORDER_TIMEOUT after it was
   * placed); null when that cannot happen (moved on, paid, cancelled, or the timeout is off).
   */
  release_at: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/**
 * Moving an unpaid order on asks the owner to confirm, once per order: an order paid at the agency
 * goes all the way unpaid, and she is warned only the first time. Cancelling never asks this.
 */
export const asksUnpaidConfirmation = (
  order: Pick<AdminOrder, 'paid_at' | 'unpaid_confirmed'>,
  to: OrderStatus,
) => order.paid_at === null && !order.unpaid_confirmed && to !== CANCELLED_ORDER_STATUS;

/** A figure for each of the six statuses (the orders screen's, the dashboard's, a customer's). */
export const PerStatusSchema = z.object(
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, z.number()])) as Record<OrderStatus, z.ZodNumber>,
);
export type PerStatus = Record<OrderStatus, number>;

/** Every status at zero, then the figures given: a status without orders still reads 0. */
export const perStatusFigures = (figures: Iterable<readonly [OrderStatus, number]> = []): PerStatus => ({
  ...(Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as PerStatus),
  ...Object.fromEntries(figures),
});

/**
 * The counters, over every order the search and the period, dates and amount filters keep, of
 * every status (the status select narrows the list, not the counters that help choose it).
 * Revenue ordered leaves cancelled orders out; revenue collected counts, of those, the paid ones.
 */
export const AdminOrderSummarySchema = z.object({
  total_orders: z.number(),
  /** Ordered: every order but the cancelled ones. */
  total_revenue: z.number(),
  /** Collected: the orders not cancelled whose payment the shop recorded. */
  collected_revenue: z.number(),
  /** Revenue ordered over the orders not cancelled (0 without any). */
  average_order_value: z.number(),
  status_breakdown: PerStatusSchema,
  revenue_breakdown: PerStatusSchema,
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const AdminOrderListSchema = z.object({
  orders: z.array(AdminOrderSchema),
  pagination: PaginationSchema,
  summary: AdminOrderSummarySchema,
});
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

export const OrderHistoryEntrySchema = z.object({
  id: z.number(),
  /** A status change, or a payment recorded ('paid') or undone ('unpaid'; `note` says why). */
  event: z.enum(ORDER_EVENTS),
  from_status: OrderStatusSchema.nullable(),
  to_status: OrderStatusSchema,
  /** Who made the change: an admin, the customer who ordered, or nobody known (a guest, a deleted account). */
  changed_by: z.object({ id: z.number(), name: z.string(), role: z.enum(USER_ROLES) }).nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  /** Oldest first: the order's life as a timeline. */
  history: z.array(OrderHistoryEntrySchema),
  /** The WhatsApp messages the shop sent itself about it, with what became of each. */
  whatsapp: OrderWhatsappSchema,
  /** Each payment asked of a provider for it, oldest first. */
  payments: z.array(PaymentAttemptSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const AdminOrderDetailEnvelopeSchema = z.object({ order: AdminOrderDetailSchema });
export type AdminOrderDetailEnvelope = z.infer<typeof AdminOrderDetailEnvelopeSchema>;

/**
 * PUT /admin/orders/:id/status. `confirmed_unpaid`: the owner answered 'continue without payment'
 * (asksUnpaidConfirmation), which is recorded so she is not asked again for this order.
 */
export const PAYMENT_REASON_MAX_LENGTH = 300;
const PAYMENT_REASON_REQUIRED = 'Indiquez pourquoi le paiement est annulé';

/** A reason the owner writes (a payment undone, a cancellation, how a refund was made): 3 to 300 characters. */
const reasonSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(3, { error: required })
    .max(PAYMENT_REASON_MAX_LENGTH, {
      error: `La raison ne peut pas dépasser ${PAYMENT_REASON_MAX_LENGTH} caractères`,
    });

export const CANCEL_REASON_REQUIRED = "Indiquez la raison de l'annulation : elle est dite au client";

/**
 * PUT /admin/orders/:id/status. `confirmed_unpaid`: the owner answered 'continue without payment'
 * (asksUnpaidConfirmation), which is recorded so she is not asked again for this order. `reason`:
 * required to cancel (the customer is told who cancelled and why), read for nothing else.
 */
export const UpdateOrderStatusInputSchema = z
  .object({
    status: OrderStatusSchema,
    confirmed_unpaid: z.boolean({ error: 'Confirmation invalide' }).optional(),
    reason: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      reasonSchema(CANCEL_REASON_REQUIRED).optional(),
    ),
  })
  .refine((input) => input.status !== CANCELLED_ORDER_STATUS || input.reason !== undefined, {
    error: CANCEL_REASON_REQUIRED,
    path: ['reason'],
  });

/**
 * PUT /admin/orders/:id/payment: 'Paiement reçu' ({ paid: true }), or undoing it, which needs a
 * reason kept in the order's history ({ paid: false, reason }).
 */
export const UpdateOrderPaymentInputSchema = z.discriminatedUnion(
  'paid',
  [
    z.object({ paid: z.literal(true) }),
    z.object({
      paid: z.literal(false),
      reason: reasonSchema(PAYMENT_REASON_REQUIRED),
    }),
  ],
  { error: 'Paiement invalide' },
);
export type UpdateOrderPaymentInput = z.infer<typeof UpdateOrderPaymentInputSchema>;

export const PAYMENT_RECORDED = 'Paiement enregistré';
export const PAYMENT_UNDONE = 'Paiement annulé';
/** 'Paiement reçu' while a provider's payment is open: recorded, and she is told what may follow. */
export const paymentRecordedWhileOpen = (provider: PaymentProvider) =>
  `Paiement enregistré. Un paiement ${PAYMENT_PROVIDER_LABELS[provider]} est encore ouvert pour cette commande : s'il aboutit, il sera signalé à rembourser.`;
/** A payment a provider confirmed is the provider's record: refunded, never undone by hand. */
export const providerPaymentNotUndone = (provider: PaymentProvider) =>
  `Ce paiement a été confirmé par ${PAYMENT_PROVIDER_LABELS[provider]} : il ne s'annule pas à la main, il se rembourse.`;
export const PAYMENT_UPDATE_FAILED = "Erreur lors de l'enregistrement du paiement";
export const PAYMENT_ALREADY_RECORDED = 'Le paiement de cette commande est déjà enregistré';
export const PAYMENT_NOT_RECORDED = "Aucun paiement n'est enregistré pour cette commande";
export const PAYMENT_ON_CANCELLED = "Impossible d'enregistrer le paiement d'une commande annulée";

const REFUND_METHOD_REQUIRED =
  'Indiquez comment la commande a été remboursée (Orange Money, espèces à l’agence…)';

/** PUT /admin/orders/:id/refund: 'Remboursé', and how (kept in the history, said to the customer). */
export const RecordRefundInputSchema = z.object({ method: reasonSchema(REFUND_METHOD_REQUIRED) });
export type RecordRefundInput = z.infer<typeof RecordRefundInputSchema>;

export const REFUND_RECORDED = 'Remboursement enregistré';
export const REFUND_NOT_DUE =
  "Cette commande n'est pas à rembourser : seule une commande payée puis annulée l'est";
export const REFUND_ALREADY_RECORDED = 'Le remboursement de cette commande est déjà enregistré';

export const ORDER_REINSTATED = 'Commande rétablie, paiement enregistré';
export const REINSTATE_REFUSED =
  'Seule une commande annulée par la boutique faute de paiement peut être rétablie';

/** The figure beside every revenue ordered: what the shop has been paid of it. */
export const COLLECTED_LABEL = 'Encaissé';
export type UpdateOrderStatusInput = z.infer<typeof UpdateOrderStatusInputSchema>;

/** What the button that moves an order to each status says. */
export const ORDER_ACTION_LABELS: Record<OrderStatus, string> = {
  en_attente: 'Remettre en attente',
  acceptée: 'Accepter',
  prête: 'Marquer prête',
  en_cours: 'Mettre en livraison',
  disponible: "Marquer disponible à l'agence",
  annulée: 'Annuler la commande',
};

export const ORDER_STATUS_UPDATED = 'Statut de la commande mis à jour';
export const ORDER_CANCELLED_BY_SHOP = 'Commande annulée, son stock remis en vente';
export const ORDER_STATUS_UPDATE_FAILED = 'Erreur lors de la mise à jour du statut';

/** Why a status change is refused (409): the order is final, already there, or the step is not allowed. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `La commande est déjà « ${ORDER_STATUS_LABELS[from]} »`;
  return `Impossible de passer une commande « ${ORDER_STATUS_LABELS[from]} » à « ${ORDER_STATUS_LABELS[to]} »`;
}

const MINUTE_MS = 60_000;

/**
 * How long a waiting, unpaid order has before the shop cancels it, as the orders screen says it:
 * 'Annulée sans paiement dans 2 j 5 h', '… dans 3 h 20 min', '… dans 12 min'.
 */
export function unpaidReleaseLabel(releaseAt: string, now = Date.now()): string {
  const left = Date.parse(releaseAt) - now;
  if (left < MINUTE_MS) return "Annulée sans paiement dans moins d'une minute";
  const minutes = Math.floor(left / MINUTE_MS);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const span =
    days > 0
      ? `${days} j${hours ? ` ${hours} h` : ''}`
      : hours > 0
        ? `${hours} h${rest ? ` ${rest} min` : ''}`
        : `${rest} min`;
  return `Annulée sans paiement dans ${span}`;
}
