import { z } from 'zod';
import type { ImageRef } from './catalog.ts';
import { CART_LINE_MAX_QUANTITY } from './limits.ts';

const id = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

export const QuantitySchema = z.coerce
  .number({ error: 'La quantité doit être un nombre entier' })
  .int({ error: 'La quantité doit être un nombre entier' })
  .min(1, { error: 'La quantité doit être au moins 1' })
  .max(CART_LINE_MAX_QUANTITY, { error: `La quantité ne peut pas dépasser ${CART_LINE_MAX_QUANTITY}` });

export const AddToCartInputSchema = z.object({
  product_id: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), id('Produit invalide').optional())
    .refine((v) => v !== undefined, { error: 'Le produit est requis' })
    .transform((v) => v as number),
  variant_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    id('Variante invalide').optional(),
  ),
  quantity: QuantitySchema.default(1),
});
export type AddToCartInput = z.infer<typeof AddToCartInputSchema>;

export const UpdateCartItemInputSchema = z.object({ quantity: QuantitySchema });
export type UpdateCartItemInput = z.infer<typeof UpdateCartItemInputSchema>;

export const CartItemIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'Article non trouvé dans le panier' })
    .transform(Number),
});

// ---- Response shapes ----

export type CartItem = {
  id: number;
  product_id: number;
  variant_id: number | null;
  product: { id: number; name: string; slug: string; image_main: string | null; image: ImageRef | null };
  variant: { id: number; name: string } | null;
  unit_price: number;
  quantity: number;
  total_price: number;
  /** null = unlimited */
  stock_quantity: number | null;
  is_available: boolean;
};
export type CartSummary = { total_items: number; total_price: number; items_count: number };
export type Cart = { items: CartItem[]; summary: CartSummary; session_id: string | null };
