import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { categories, product_media, products } from '../../db/schema.ts';

// The back office's product writes. Reads go through catalog.repository.ts with visibility 'admin'.

export type ProductWrite = {
  name?: string;
  slug?: string;
  description?: string;
  base_price?: number;
  category_id?: number;
  sort_order?: number;
  is_active?: boolean;
};

export type NewImage = {
  path: string;
  widths: number[];
  width: number;
  height: number;
  size_bytes: number;
  sort_order: number;
  alt: string | null;
  title: string | null;
};

export type StoredImage = { id: number; path: string; widths: number[]; sort_order: number };

/** The product a screen of the back office is about (variants, media); null when there is none. */
export async function findProduct(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name, base_price: products.base_price })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

/** The product row, locked for this transaction; null when there is none. */
export async function lockProduct(tx: DbOrTx, id: number) {
  const [row] = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from products where id = ${id} for update`,
  );
  return row ?? null;
}

/** Whether the category exists (locked against deletion until the product row is written). */
export async function categoryExists(tx: DbOrTx, id: number) {
  const rows = await queryRows<{ id: number }>(tx, sql`select id from categories where id = ${id} for share`);
  return rows.length > 0;
}

export async function insertProduct(
  tx: DbOrTx,
  values: ProductWrite & { name: string; slug: string; base_price: number; category_id: number },
) {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('product not inserted');
  return row.id;
}

export async function updateProduct(tx: DbOrTx, id: number, values: ProductWrite) {
  await tx
    .update(products)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(products.id, id));
}

export async function deleteProduct(tx: DbOrTx, id: number) {
  await tx.delete(products).where(eq(products.id, id));
}

/** The product's images, in their order (the first is the main one). */
export function findImages(tx: DbOrTx, productId: number): Promise<StoredImage[]> {
  return tx
    .select({
      id: product_media.id,
      path: product_media.path,
      widths: product_media.widths,
      sort_order: product_media.sort_order,
    })
    .from(product_media)
    .where(and(eq(product_media.product_id, productId), eq(product_media.type, 'image')))
    .orderBy(asc(product_media.sort_order), asc(product_media.id));
}

export async function insertImages(tx: DbOrTx, productId: number, images: NewImage[]) {
  if (!images.length) return;
  await tx.insert(product_media).values(
    images.map((image) => ({
      ...image,
      product_id: productId,
      type: 'image' as const,
      mime_type: 'image/webp',
    })),
  );
}

/** Moves every image of the product one place down (a new main image takes the first place). */
export async function shiftImages(tx: DbOrTx, productId: number) {
  await tx
    .update(product_media)
    .set({ sort_order: sql`${product_media.sort_order} + 1` })
    .where(and(eq(product_media.product_id, productId), eq(product_media.type, 'image')));
}

export async function countCategories(tx: DbOrTx) {
  const [row] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from ${categories}`);
  return row?.count ?? 0;
}
