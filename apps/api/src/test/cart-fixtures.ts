import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cart_items, carts } from '../db/schema.ts';

export type CartOwnerRef = { userId: number } | { sessionId: string };

/** Puts a line straight into a user's or guest's cart (the cart is created when missing). */
export async function putInCart(
  db: Db,
  owner: CartOwnerRef,
  line: { productId: number; variantId?: number | null; quantity?: number },
) {
  const values = 'userId' in owner ? { user_id: owner.userId } : { session_id: owner.sessionId };
  await db.insert(carts).values(values).onConflictDoNothing();
  const [cart] = await db
    .select()
    .from(carts)
    .where('userId' in owner ? eq(carts.user_id, owner.userId) : eq(carts.session_id, owner.sessionId));
  if (!cart) throw new Error('cart not created');
  const [row] = await db
    .insert(cart_items)
    .values({
      cart_id: cart.id,
      product_id: line.productId,
      variant_id: line.variantId ?? null,
      quantity: line.quantity ?? 1,
    })
    .returning();
  if (!row) throw new Error('cart line not inserted');
  return row;
}

/** The lines of a cart as `{ product_id, variant_id, quantity }`, in insertion order; [] when there is no cart. */
export async function cartLines(db: Db, owner: CartOwnerRef) {
  const [cart] = await db
    .select()
    .from(carts)
    .where('userId' in owner ? eq(carts.user_id, owner.userId) : eq(carts.session_id, owner.sessionId));
  if (!cart) return [];
  const rows = await db
    .select()
    .from(cart_items)
    .where(eq(cart_items.cart_id, cart.id))
    .orderBy(cart_items.id);
  return rows.map((r) => ({ product_id: r.product_id, variant_id: r.variant_id, quantity: r.quantity }));
}
