import { z } from 'zod';
import { EmailSchema, NameSchema, PhoneSchema, SessionIdSchema } from './auth.ts';
import { ORDER_NOTES_MAX_LENGTH } from './limits.ts';
import type { OrderStatus } from './order-status.ts';
import { idSchema } from './primitives.ts';

const NotesSchema = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string({ error: 'Les notes doivent être un texte' })
    .trim()
    .max(ORDER_NOTES_MAX_LENGTH, {
      error: `Les notes ne peuvent pas dépasser ${ORDER_NOTES_MAX_LENGTH} caractères`,
    })
    .optional()
    .transform((v) => (v ? v : undefined)),
);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  );

/** Only these keys are read: a price, total, status or user id in the body is dropped. */
export const CreateOrderInputSchema = z.object({
  session_id: optional(SessionIdSchema),
  notes: NotesSchema,
});
export type CreateOrderInput = z.infer<typeof CreateOrderInputSchema>;

export const CreateGuestOrderInputSchema = z.object({
  name: NameSchema,
  whatsapp_phone: PhoneSchema,
  email: optional(EmailSchema),
  notes: NotesSchema,
  session_id: z.string({ error: 'Le panier est introuvable (session manquante)' }).pipe(SessionIdSchema),
});
export type CreateGuestOrderInput = z.infer<typeof CreateGuestOrderInputSchema>;

export const OrderIdParamsSchema = z.object({
  id: idSchema('Commande non trouvée'),
});

// ---- Response shapes ----

export type OrderItem = {
  id: number;
  product_id: number | null;
  variant_id: number | null;
  product_name: string;
  variant_name: string | null;
  sku: string | null;
  product: { id: number | null; name: string };
  unit_price: number;
  price: number;
  quantity: number;
  total_price: number;
};

export type Order = {
  id: number;
  order_number: string;
  status: OrderStatus;
  total_amount: number;
  total_items: number;
  notes: string | null;
  contact: { name: string; phone: string | null; email: string | null };
  created_at: string;
  items: OrderItem[];
  items_summary: { items_count: number; total_items: number };
  summary: { total_items: number; total_amount: number };
};
