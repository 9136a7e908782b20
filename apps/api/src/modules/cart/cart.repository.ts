import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { cart_items, carts } from '../../db/schema.ts';

// Only this file builds cart SQL. Prices and availability always come from the catalogue, through
// its stock.service.ts: a line here is ids and a quantity.

export type CartOwner = { userId: number } | { sessionId: string };

const ownerWhere = (owner: CartOwner) =>
  'userId' in owner ? eq(carts.user_id, owner.userId) : eq(carts.session_id, owner.sessionId);

export async function findCartId(db: DbOrTx, owner: CartOwner): Promise<number | null> {
  return (await findCart(db, owner))?.id ?? null;
}

/** The owner's cart row: its id and the note kept with it. */
export async function findCart(
  db: DbOrTx,
  owner: CartOwner,
): Promise<{ id: number; notes: string | null } | null> {
  const [row] = await db
    .select({ id: carts.id, notes: carts.notes })
    .from(carts)
    .where(ownerWhere(owner))
    .limit(1);
  return row ?? null;
}

export async function setNotes(db: DbOrTx, cartId: number, notes: string | null) {
  await db.update(carts).set({ notes, updated_at: sql`now()` }).where(eq(carts.id, cartId));
}

/** The owner's cart, created on first use (concurrent first uses end up with the same cart). */
export async function ensureCartId(db: DbOrTx, owner: CartOwner): Promise<number> {
  const values = 'userId' in owner ? { user_id: owner.userId } : { session_id: owner.sessionId };
  const [created] = await db.insert(carts).values(values).onConflictDoNothing().returning({ id: carts.id });
  if (created) return created.id;
  const id = await findCartId(db, owner);
  if (id === null) throw new Error('cart not created');
  return id;
}

/** Locks a cart row until the end of the transaction: one checkout of a cart at a time. */
export async function lockCart(db: DbOrTx, cartId: number) {
  await queryRows(db, sql`select id from carts where id = ${cartId} for update`);
}

export async function deleteCart(db: DbOrTx, cartId: number) {
  await db.delete(carts).where(eq(carts.id, cartId));
}

/** A cart line as the cart holds it; its product's facts come from the catalogue (stock.service.ts). */
export type CartItemRow = {
  id: number;
  cart_id: number;
  product_id: number;
  variant_id: number | null;
  quantity: number;
};

const itemColumns = {
  id: cart_items.id,
  cart_id: cart_items.cart_id,
  product_id: cart_items.product_id,
  variant_id: cart_items.variant_id,
  quantity: cart_items.quantity,
};

export async function findItems(db: DbOrTx, cartId: number): Promise<CartItemRow[]> {
  return db
    .select(itemColumns)
    .from(cart_items)
    .where(eq(cart_items.cart_id, cartId))
    .orderBy(asc(cart_items.id));
}

export async function findItem(db: DbOrTx, cartId: number, lineId: number): Promise<CartItemRow | null> {
  const [row] = await db
    .select(itemColumns)
    .from(cart_items)
    .where(and(eq(cart_items.cart_id, cartId), eq(cart_items.id, lineId)));
  return row ?? null;
}

export type CartOwners = { userId?: number; sessionId?: string };

/**
 * The products in the carts of `owners`: a signed-in user's cart and, when a guest session id is
 * sent too, that guest cart (the cart's suggestions read both before any merge).
 */
export async function findCartProductIds(db: DbOrTx, owners: CartOwners): Promise<number[]> {
  const owned: SQL[] = [];
  if (owners.userId !== undefined) owned.push(sql`ct.user_id = ${owners.userId}`);
  if (owners.sessionId !== undefined) owned.push(sql`ct.session_id = ${owners.sessionId}`);
  if (!owned.length) return [];
  const rows = await queryRows<{ product_id: number }>(
    db,
    sql`select distinct ci.product_id from cart_items ci join carts ct on ct.id = ci.cart_id
         where ${sql.join(owned, sql` or `)}`,
  );
  return rows.map((r) => r.product_id);
}

export async function lineQuantity(
  db: DbOrTx,
  cartId: number,
  productId: number,
  variantId: number | null,
): Promise<number> {
  const rows = await queryRows<{ quantity: number }>(
    db,
    sql`select quantity from cart_items
         where cart_id = ${cartId} and product_id = ${productId} and variant_id is not distinct from ${variantId}`,
  );
  return rows[0]?.quantity ?? 0;
}

export async function countLines(db: DbOrTx, cartId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from cart_items where cart_id = ${cartId}`,
  );
  return rows[0]?.n ?? 0;
}

/** Adds to the line of the same product and variant, or creates it; answers the line id. */
export async function addToLine(
  db: DbOrTx,
  cartId: number,
  productId: number,
  variantId: number | null,
  quantity: number,
  maxQuantity: number,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    insert into cart_items (cart_id, product_id, variant_id, quantity)
    values (${cartId}, ${productId}, ${variantId}, ${quantity})
    on conflict on constraint cart_items_line_unique
    do update set quantity = least(cart_items.quantity + excluded.quantity, ${maxQuantity}), updated_at = now()
    returning id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('cart line not saved');
  return id;
}

export async function setLineQuantity(db: DbOrTx, lineId: number, quantity: number) {
  await db
    .update(cart_items)
    .set({ quantity, updated_at: new Date().toISOString() })
    .where(eq(cart_items.id, lineId));
}

export async function deleteLine(db: DbOrTx, cartId: number, lineId: number) {
  await db.delete(cart_items).where(and(eq(cart_items.cart_id, cartId), eq(cart_items.id, lineId)));
}

/** Deletes guest carts untouched, and holding no line touched, for `ageMs`; answers how many. */
export async function deleteStaleGuestCarts(db: DbOrTx, ageMs: number): Promise<number> {
  const cutoff = sql`now() - make_interval(secs => ${ageMs / 1000})`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from carts c
         where c.user_id is null
           and c.updated_at < ${cutoff}
           and not exists (select 1 from cart_items i where i.cart_id = c.id and i.updated_at >= ${cutoff})
     returning c.id`,
  );
  return rows.length;
}

export async function deleteLines(db: DbOrTx, cartId: number) {
  await db.delete(cart_items).where(eq(cart_items.cart_id, cartId));
}
