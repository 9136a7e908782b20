import { z } from 'zod';
import { ProductSummarySchema } from './catalog.ts';
import { NotesSchema } from './orders.ts';
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

/** PUT /cart/notes: the note typed in the cart, kept with it (an empty one removes it). */
export const CartNotesInputSchema = z.object({ notes: NotesSchema });
export type CartNotesInput = z.infer<typeof CartNotesInputSchema>;

export const CartItemIdParamsSchema = z.object({
  id: idSchema('Article non trouvé dans le panier'),
});

// What the API answers once the cart is changed.
export const ADDED_TO_CART = 'Produit ajouté au panier';
export const CART_UPDATED = 'Panier mis à jour';
export const CART_ITEM_REMOVED = 'Article retiré du panier';
export const CART_CLEARED = 'Panier vidé';
export const CART_NOTE_SAVED = 'Note enregistrée';

// ---- Response shapes ----

export const CartItemSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  variant_id: z.number().nullable(),
  product: ProductSummarySchema.pick({ id: true, name: true, slug: true, image_main: true, image: true }),
  variant: z.object({ id: z.number(), name: z.string() }).nullable(),
  unit_price: z.number(),
  quantity: z.number(),
  total_price: z.number(),
  /** null = unlimited */
  stock_quantity: z.number().nullable(),
  is_available: z.boolean(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSummarySchema = z.object({
  total_items: z.number(),
  total_price: z.number(),
  items_count: z.number(),
});
export type CartSummary = z.infer<typeof CartSummarySchema>;

export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  summary: CartSummarySchema,
  session_id: z.string().nullable(),
  /** The note for the shop, kept with the cart until the order takes it (it survives registering). */
  notes: z.string().nullable(),
});
export type Cart = z.infer<typeof CartSchema>;

/** What adding or changing a line answers: that line, the cart's totals and its guest key. */
export const CartLineChangeSchema = z.object({
  cart_item: CartItemSchema.optional(),
  session_id: z.string().nullable(),
  summary: CartSummarySchema,
});
export type CartLineChange = z.infer<typeof CartLineChangeSchema>;
