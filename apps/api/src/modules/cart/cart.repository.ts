import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { cart_items, carts } from '../../db/schema.ts';
import { activeVariantsCount, productCategoryJoins, productVisible } from '../catalog/catalog-rules.ts';

// Only this file builds cart SQL. Prices and availability always come from the catalogue tables.

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

export type CartLineRow = {
  id: number;
  cart_id: number;
  product_id: number;
  variant_id: number | null;
  quantity: number;
  product_name: string;
  product_slug: string;
  base_price: number;
  /** the product, its category and the category's parent are all active */
  product_visible: boolean;
  active_variants: number;
  variant_name: string | null;
  variant_price: number | null;
  variant_sku: string | null;
  variant_active: boolean | null;
  variant_product_id: number | null;
  stock_quantity: number | null;
  image_id: number | null;
  image_path: string | null;
  image_widths: number[] | null;
  image_width: number | null;
  image_height: number | null;
  image_alt: string | null;
};

const lineColumns = sql`
  ci.id, ci.cart_id, ci.product_id, ci.variant_id, ci.quantity,
  p.name as product_name, p.slug as product_slug, p.base_price,
  ${productVisible} as product_visible,
  ${activeVariantsCount} as active_variants,
  v.name as variant_name, v.price as variant_price, v.sku as variant_sku, v.is_active as variant_active,
  v.product_id as variant_product_id, v.stock_quantity,
  img.id as image_id, img.path as image_path, img.widths as image_widths, img.width as image_width,
  img.height as image_height, img.alt as image_alt`;

const lineJoins = sql`
  join products p on p.id = ci.product_id
  ${productCategoryJoins}
  left join product_variants v on v.id = ci.variant_id
  left join lateral (
    select pm.id, pm.path, pm.widths, pm.width, pm.height, pm.alt from product_media pm
     where pm.product_id = p.id and pm.type = 'image' and pm.status = 'ready'
     order by pm.sort_order, pm.id limit 1
  ) img on true`;

export async function findLines(db: DbOrTx, cartId: number): Promise<CartLineRow[]> {
  return queryRows<CartLineRow>(
    db,
    sql`select ${lineColumns} from cart_items ci ${lineJoins} where ci.cart_id = ${cartId} order by ci.id`,
  );
}

export async function findLine(db: DbOrTx, cartId: number, lineId: number): Promise<CartLineRow | null> {
  const rows = await queryRows<CartLineRow>(
    db,
    sql`select ${lineColumns} from cart_items ci ${lineJoins} where ci.cart_id = ${cartId} and ci.id = ${lineId}`,
  );
  return rows[0] ?? null;
}

export type SellableRow = {
  product_id: number;
  product_name: string;
  product_visible: boolean;
  active_variants: number;
  variant_id: number | null;
  variant_name: string | null;
  variant_product_id: number | null;
  variant_active: boolean | null;
  stock_quantity: number | null;
};

/** A product (and the asked variant, matched by id alone so a foreign variant can be told apart). */
export async function findSellable(
  db: DbOrTx,
  productId: number,
  variantId: number | null,
): Promise<SellableRow | null> {
  const rows = await queryRows<SellableRow>(
    db,
    sql`
    select p.id as product_id, p.name as product_name,
           ${productVisible} as product_visible,
           ${activeVariantsCount} as active_variants,
           v.id as variant_id, v.name as variant_name, v.product_id as variant_product_id,
           v.is_active as variant_active, v.stock_quantity
      from products p
      ${productCategoryJoins}
      left join product_variants v on v.id = ${variantId}
     where p.id = ${productId}`,
  );
  return rows[0] ?? null;
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
