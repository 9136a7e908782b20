import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { countedOrder } from '../../db/order-rules.ts';

// Only this file builds cart-suggestion SQL; product listings reuse the catalogue repository.

export type CartOwners = { userId?: number; sessionId?: string };

export type CartProductRow = { product_id: number; category_id: number; top_category_id: number };

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The products in the caller's cart(s): a signed-in user's cart and, when a guest session id is
 * sent too, that guest cart (it is merged at the next cart call; suggestions only read).
 */
export async function findCartProducts(db: DbOrTx, owners: CartOwners): Promise<CartProductRow[]> {
  const owned: SQL[] = [];
  if (owners.userId !== undefined) owned.push(sql`ct.user_id = ${owners.userId}`);
  if (owners.sessionId !== undefined) owned.push(sql`ct.session_id = ${owners.sessionId}`);
  if (!owned.length) return [];
  return queryRows<CartProductRow>(
    db,
    sql`
    select distinct ci.product_id, p.category_id, coalesce(c.parent_id, c.id) as top_category_id
      from cart_items ci
      join carts ct on ct.id = ci.cart_id
      join products p on p.id = ci.product_id
      join categories c on c.id = p.category_id
     where ${sql.join(owned, sql` or `)}`,
  );
}

/**
 * Products most often ordered together with any of `productIds` (order_items self-join): ranked
 * by the number of distinct orders they share, then by the quantity bought. Cancelled orders do
 * not count. Answers ids only; visibility is checked by the catalogue listing.
 */
export async function findBoughtWith(db: DbOrTx, productIds: number[], limit: number): Promise<number[]> {
  if (!productIds.length) return [];
  const rows = await queryRows<{ product_id: number }>(
    db,
    sql`
    select other.product_id
      from order_items other
      join orders o on o.id = other.order_id and ${countedOrder(sql`o.status`)}
     where other.order_id in (select order_id from order_items where product_id in (${idList(productIds)}))
       and other.product_id is not null
       and other.product_id not in (${idList(productIds)})
     group by other.product_id
     order by count(distinct other.order_id) desc, sum(other.quantity) desc, other.product_id asc
     limit ${limit}`,
  );
  return rows.map((r) => r.product_id);
}
