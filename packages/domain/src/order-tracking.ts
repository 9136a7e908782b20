import { z } from 'zod';
import {
  CANCELLED_BY,
  ORDER_EVENTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderStatus,
  REFUND_STATE_LABELS,
  REFUND_STATES,
} from './order-status.ts';
import { OrderPaymentSchema } from './payments.ts';

// An order's tracking link, /suivi/<token>: what anyone holding the link reads without logging in
// (docs/decisions/0040-order-tracking-link.md). Nothing of the customer herself (name, number,
// e-mail) is in it: a link forwarded in a group shows the order, not who placed it.

/** The storefront's address of an order followed by its link. */
export const trackingPath = (token: string) => `/suivi/${token}`;

/** Said for a token that leads to no order: guessed, mistyped or revoked alike. */
export const TRACKING_NOT_FOUND = 'Commande non trouvée';

/** The owner's 'Nouveau lien de suivi': the old link stops working. */
export const TRACKING_LINK_RENEWED =
  "Nouveau lien de suivi créé : l'ancien ne mène plus à la commande. Envoyez le nouveau à la cliente.";

/**
 * A token's shape is never told apart from an unknown one: anything up to this length is looked up
 * (the API's router takes no longer path parameter, so a longer one is an unknown address, 404 too).
 */
const TOKEN_MAX_LENGTH = 100;

export const TrackingParamsSchema = z.object({
  token: z.string().max(TOKEN_MAX_LENGTH, { error: TRACKING_NOT_FOUND }),
});

export const TrackedOrderSchema = z.object({
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  total_items: z.number(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** How it was paid, or which provider's payment is open for it. */
  payment: OrderPaymentSchema,
  cancellation: z.object({ by: z.enum(CANCELLED_BY), reason: z.string().nullable() }).nullable(),
  /** Whether its money is to be refunded or was; not how (the owner's note may name a reference). */
  refund: z.object({ state: z.enum(REFUND_STATES) }).nullable(),
  items: z.array(
    z.object({
      id: z.number(),
      product_name: z.string(),
      variant_name: z.string().nullable(),
      quantity: z.number(),
      unit_price: z.number(),
      total_price: z.number(),
    }),
  ),
  /** Its life, oldest first: each status reached, each payment recorded or undone, its refund. */
  history: z.array(z.object({ event: z.enum(ORDER_EVENTS), status: z.enum(ORDER_STATUSES), at: z.string() })),
});
export type TrackedOrder = z.infer<typeof TrackedOrderSchema>;
export const TrackedOrderEnvelopeSchema = z.object({ order: TrackedOrderSchema });

/** What a step of the tracked order's history says to the customer (the owner's notes stay hers). */
export function trackedStepLabel(step: { event: OrderEvent; status: OrderStatus }, first: boolean): string {
  if (step.event === 'paid') return 'Paiement reçu';
  if (step.event === 'unpaid') return 'Paiement annulé par la boutique';
  if (step.event === 'refunded') return REFUND_STATE_LABELS.done;
  return first ? 'Commande passée' : ORDER_STATUS_LABELS[step.status];
}
