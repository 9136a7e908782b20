import { INT4_MAX } from '@souk/domain/primitives';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { FirstImageColumns } from '../media/media.mapper.ts';
import { activeVariantsCount, productCategoryJoins, productVisible } from './catalog-rules.ts';

// What selling asks of the catalogue: the facts that decide whether an item (a product, and the
// variant asked for) can be sold and at what price, the variant rows locked at checkout, and the
// stock going down (an order) and back up (its cancellation). The cart and the orders modules
// reach these tables only through stock.service.ts.

/** An item as a cart holds it: a product and the variant asked for (null: the product itself). */
export type ItemRef = { product_id: number; variant_id: number | null };

/** An item's product and variant facts; its product's first ready image in the `image_*` columns. */
export type ItemFacts = ItemRef &
  FirstImageColumns & {
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
    /** Null when the variant asked for no longer exists (matched by id alone, so a foreign one is told apart). */
    variant_product_id: number | null;
    stock_quantity: number | null;
  };

// One array parameter (nulls kept): the statement's text is the same however many items there are.
const intArray = (ids: (number | null)[]) =>
  sql`${`{${ids.map((id) => (id === null ? 'NULL' : Math.trunc(id))).join(',')}}`}::int[]`;

/**
 * The facts of each item that still exists (its product does), in one statement however many:
 * its product with its first ready image, and the variant asked for, matched by id alone.
 */
export async function findItemFacts(db: DbOrTx, refs: ItemRef[]): Promise<ItemFacts[]> {
  if (!refs.length) return [];
  return queryRows<ItemFacts>(
    db,
    sql`
    select x.product_id, x.variant_id,
           p.name as product_name, p.slug as product_slug, p.base_price,
           ${productVisible} as product_visible,
           ${activeVariantsCount} as active_variants,
           v.name as variant_name, v.price as variant_price, v.sku as variant_sku, v.is_active as variant_active,
           v.product_id as variant_product_id, v.stock_quantity,
           img.id as image_id, img.path as image_path, img.widths as image_widths, img.width as image_width,
           img.height as image_height, img.alt as image_alt
      from unnest(${intArray(refs.map((r) => r.product_id))}, ${intArray(refs.map((r) => r.variant_id))})
           as x(product_id, variant_id)
      join products p on p.id = x.product_id
      ${productCategoryJoins}
      left join product_variants v on v.id = x.variant_id
      left join lateral (
        select pm.id, pm.path, pm.widths, pm.width, pm.height, pm.alt from product_media pm
         where pm.product_id = p.id and pm.type = 'image' and pm.status = 'ready'
         order by pm.sort_order, pm.id limit 1
      ) img on true`,
  );
}

export type LockedVariant = {
  id: number;
  product_id: number;
  name: string;
  sku: string;
  price: number;
  stock_quantity: number | null;
  is_active: boolean;
};

/** Locks the variant rows in ascending id order (a fixed order, so two checkouts cannot deadlock). */
export async function lockVariants(tx: DbOrTx, ids: number[]): Promise<Map<number, LockedVariant>> {
  if (!ids.length) return new Map();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await queryRows<LockedVariant>(
    tx,
    sql`select id, product_id, name, sku, price, stock_quantity, is_active
          from product_variants
         where id in (${sql.join(
           sorted.map((id) => sql`${id}`),
           sql`, `,
         )})
         order by id
           for update`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function decrementStock(tx: DbOrTx, variantId: number, quantity: number) {
  await queryRows(
    tx,
    sql`update product_variants set stock_quantity = stock_quantity - ${quantity}, updated_at = now()
         where id = ${variantId} and stock_quantity is not null`,
  );
}

/**
 * Puts units back on a variant's counted stock (null, unlimited, stays null). A stock raised near
 * the int4 ceiling since the order stops there rather than overflow (which would make the order
 * impossible to cancel).
 */
export async function incrementStock(tx: DbOrTx, variantId: number, quantity: number) {
  await queryRows(
    tx,
    sql`update product_variants
           set stock_quantity = least(stock_quantity::bigint + ${quantity}, ${INT4_MAX})::int, updated_at = now()
         where id = ${variantId} and stock_quantity is not null`,
  );
}
