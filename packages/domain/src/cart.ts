import { z } from 'zod';
import type { ImageRef } from './catalog.ts';
import { idSchema, QuantitySchema } from './primitives.ts';

export { QuantitySchema };

export const AddToCartInputSchema = z.object({
  product_id: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), idSchema('Produit invalide').optional())
    .refine((v) => v !== undefined, { error: 'Le produit est requis' })
    .transform((v) => v as number),
  variant_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    idSchema('Variante invalide').optional(),
  ),
  quantity: QuantitySchema.default(1),
});
export type AddToCartInput = z.infer<typeof AddToCartInputSchema>;

export const UpdateCartItemInputSchema = z.object({ quantity: QuantitySchema });
export type UpdateCartItemInput = z.infer<typeof UpdateCartItemInputSchema>;

export const CartItemIdParamsSchema = z.object({
  id: idSchema('Article non trouvé dans le panier'),
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
