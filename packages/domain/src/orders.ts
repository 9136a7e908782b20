import { z } from 'zod';
import { EmailSchema, NameSchema, PhoneSchema, SessionIdSchema } from './auth.ts';
import { ShownCartSchema } from './cart-changes.ts';
import { ORDER_NOTES_MAX_LENGTH } from './limits.ts';
import {
  CANCELLED_BY,
  CANCELLED_ORDER_STATUS,
  INITIAL_ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  REFUND_STATES,
} from './order-status.ts';
import { cancelWhilePaying, OrderPaymentSchema, type PaymentProvider } from './payments.ts';
import { idSchema } from './primitives.ts';
import { withoutBidiControls } from './text.ts';

/**
 * The note for the shop ('Livraison à Cocody svp, appelez avant'): trimmed, bounded, empty is none,
 * without the characters that would make the owner read it (or what follows it) backwards.
 */
export const NotesSchema = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string({ error: 'Les notes doivent être un texte' })
    .trim()
    .max(ORDER_NOTES_MAX_LENGTH, {
      error: `Les notes ne peuvent pas dépasser ${ORDER_NOTES_MAX_LENGTH} caractères`,
    })
    .optional()
    .transform((v) => (v ? withoutBidiControls(v).trim() || undefined : undefined)),
);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  );

/**
 * Only these keys are read: a price, total, status or user id in the body is dropped. `expected` is
 * the cart as she was shown it, only compared with the cart (ADR 0037); absent, the server's prices go.
 */
export const CreateOrderInputSchema = z.object({
  session_id: optional(SessionIdSchema),
  notes: NotesSchema,
  expected: optional(ShownCartSchema),
});
export type CreateOrderInput = z.infer<typeof CreateOrderInputSchema>;

export const CreateGuestOrderInputSchema = z.object({
  name: NameSchema,
  whatsapp_phone: PhoneSchema,
  email: optional(EmailSchema),
  notes: NotesSchema,
  session_id: z.string({ error: 'Le panier est introuvable (session manquante)' }).pipe(SessionIdSchema),
  expected: optional(ShownCartSchema),
});
export type CreateGuestOrderInput = z.infer<typeof CreateGuestOrderInputSchema>;

export const OrderIdParamsSchema = z.object({
  id: idSchema('Commande non trouvée'),
});

// ---- Response shapes ----

export const OrderItemSchema = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  variant_id: z.number().nullable(),
  product_name: z.string(),
  variant_name: z.string().nullable(),
  sku: z.string().nullable(),
  product: z.object({ id: z.number().nullable(), name: z.string() }),
  unit_price: z.number(),
  price: z.number(),
  quantity: z.number(),
  total_price: z.number(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  total_items: z.number(),
  notes: z.string().nullable(),
  /** When the shop recorded its payment ('Paiement reçu'); null while unpaid. */
  paid_at: z.string().nullable(),
  /** Who cancelled it and why (the owner's reason as she wrote it for the customer); null unless cancelled. */
  cancellation: z.object({ by: z.enum(CANCELLED_BY), reason: z.string().nullable() }).nullable(),
  /** A paid order cancelled: its refund, 'due' until the owner records it ('done', when and how). */
  refund: z
    .object({
      state: z.enum(REFUND_STATES),
      refunded_at: z.string().nullable(),
      method: z.string().nullable(),
    })
    .nullable(),
  contact: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  /** Its tracking link (/suivi/<token>, the shop's public address): readable by whoever holds it. */
  tracking_url: z.string(),
  /** How it was paid, or which provider's payment is open for it. */
  payment: OrderPaymentSchema,
  created_at: z.string(),
  items: z.array(OrderItemSchema),
  items_summary: z.object({ items_count: z.number(), total_items: z.number() }),
  summary: z.object({ total_items: z.number(), total_amount: z.number() }),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderEnvelopeSchema = z.object({ order: OrderSchema });
export const OrderListSchema = z.object({
  orders: z.array(OrderSchema),
  /** What she has paid the shop: her orders whose payment was recorded, cancelled ones aside (refunded). */
  total_paid: z.number(),
});
export type OrderList = z.infer<typeof OrderListSchema>;

export const ORDER_CREATED = 'Commande créée avec succès';

// ---- The customer's cancellation (POST /orders/:id/cancel) ----

export const ORDER_CANCELLED = 'Votre commande a été annulée';

/** Why a customer's cancellation is refused (409): cancelled, paid, or taken in hand by the shop. */
export function customerCancelRefusal(
  order: { status: OrderStatus; paid_at: string | null },
  paymentPending: PaymentProvider | null,
) {
  if (order.status === CANCELLED_ORDER_STATUS) return 'Cette commande est déjà annulée';
  if (paymentPending !== null && order.paid_at === null) return cancelWhilePaying(paymentPending);
  if (order.paid_at !== null && order.status === INITIAL_ORDER_STATUS)
    return 'Cette commande est déjà payée : écrivez-nous sur WhatsApp pour l’annuler.';
  return `Cette commande ne peut plus être annulée : elle est « ${ORDER_STATUS_LABELS[order.status]} ». Écrivez-nous sur WhatsApp.`;
}
