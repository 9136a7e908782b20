import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { product_variants } from '../../db/schema.ts';

// The back office's variant reads and writes. The storefront reads active variants through
// catalog.repository.ts; the product row is locked with admin-products.repository.ts's lockProduct.

export type VariantRow = typeof product_variants.$inferSelect;

export type VariantWrite = {
  name?: string;
  price?: number;
  sku?: string | null;
  stock_quantity?: number | null;
  sort_order?: number;
  is_active?: boolean;
};
export type NewVariant = VariantWrite & { name: string; price: number };

/** The unique index on lower(sku) (migration 0003): its violation is an SKU taken meanwhile. */
export const SKU_UNIQUE_INDEX = 'product_variants_sku_unique';

/** Every variant of the product, active or not, in the storefront's order (sort order, then creation). */
export function findVariants(db: DbOrTx, productId: number): Promise<VariantRow[]> {
  return db
    .select()
    .from(product_variants)
    .where(eq(product_variants.product_id, productId))
    .orderBy(asc(product_variants.sort_order), asc(product_variants.id));
}

/** The variant when it belongs to the product; null otherwise (unknown, or another product's). */
export async function findVariant(db: DbOrTx, productId: number, variantId: number) {
  const [row] = await db
    .select()
    .from(product_variants)
    .where(and(eq(product_variants.id, variantId), eq(product_variants.product_id, productId)));
  return row ?? null;
}

/**
 * For each SKU given (in its order), the key the unique index compares (the database's lower())
 * and whether a variant other than `exceptId` already holds it. The database lowercases, not
 * JavaScript: the two need not agree beyond ASCII, and the index is the one that decides.
 */
export async function checkSkus(
  db: DbOrTx,
  skus: string[],
  exceptId?: number,
): Promise<{ key: string; taken: boolean }[]> {
  if (!skus.length) return [];
  const given = sql.join(
    skus.map((sku, i) => sql`(${i}::int, ${sku}::text)`),
    sql`, `,
  );
  const other = exceptId === undefined ? sql`` : sql`and v.id <> ${exceptId}`;
  return queryRows<{ key: string; taken: boolean }>(
    db,
    sql`select lower(s.sku) as key,
               exists (select 1 from product_variants v where lower(v.sku) = lower(s.sku) ${other}) as taken
          from (values ${given}) as s(i, sku)
         order by s.i`,
  );
}

/** Inserts the variants of one product; answers them in the order given. */
export async function insertVariants(
  tx: DbOrTx,
  productId: number,
  rows: NewVariant[],
): Promise<VariantRow[]> {
  if (!rows.length) return [];
  const inserted = await tx
    .insert(product_variants)
    .values(rows.map((row) => ({ ...row, product_id: productId })))
    .returning();
  return inserted.sort((a, b) => a.id - b.id);
}

export async function updateVariant(tx: DbOrTx, id: number, values: VariantWrite) {
  const [row] = await tx
    .update(product_variants)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(product_variants.id, id))
    .returning();
  return row ?? null;
}

/**
 * Deletes the product's variant; false when it has no such variant. Order lines keep their copy
 * (their link becomes null), cart lines holding it go (the foreign keys say so).
 */
export async function deleteVariant(tx: DbOrTx, productId: number, variantId: number) {
  const rows = await tx
    .delete(product_variants)
    .where(and(eq(product_variants.id, variantId), eq(product_variants.product_id, productId)))
    .returning({ id: product_variants.id });
  return rows.length > 0;
}
