import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

// The back office's category writes. Reads go through catalog.repository.ts with visibility 'admin'.

export type CategoryWrite = {
  name?: string;
  slug?: string;
  description?: string | null;
  parent_id?: number | null;
  sort_order?: number;
  is_active?: boolean;
  image_key?: string | null;
  image_width?: number | null;
  image_height?: number | null;
  image_widths?: number[];
};

export type LockedCategory = {
  id: number;
  parent_id: number | null;
  name: string;
  image_key: string | null;
  image_width: number | null;
  image_widths: number[];
  products_count: number;
  subcategories_count: number;
};

/**
 * Locks the categories of `ids` in ascending id order (two writers never wait on each other in
 * opposite orders), then answers them with what they hold: their own products (any status) and
 * subcategories. The counts are read by a second statement, after the lock is held, so they include
 * whatever a writer that held it before us committed (PostgreSQL's read committed takes a new
 * snapshot per statement).
 */
export async function lockCategories(tx: DbOrTx, ids: number[]): Promise<Map<number, LockedCategory>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (!sorted.length) return new Map();
  const list = sql.join(
    sorted.map((id) => sql`${id}`),
    sql`, `,
  );
  await queryRows(tx, sql`select id from categories where id in (${list}) order by id for update`);
  const rows = await queryRows<LockedCategory>(
    tx,
    sql`select c.id, c.parent_id, c.name, c.image_key, c.image_width, c.image_widths,
               (select count(*)::int from products p where p.category_id = c.id) as products_count,
               (select count(*)::int from categories s where s.parent_id = c.id) as subcategories_count
          from categories c
         where c.id in (${list})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertCategory(tx: DbOrTx, values: CategoryWrite & { name: string; slug: string }) {
  const [row] = await tx.insert(categories).values(values).returning({ id: categories.id });
  if (!row) throw new Error('category not inserted');
  return row.id;
}

export async function updateCategory(tx: DbOrTx, id: number, values: CategoryWrite) {
  await tx
    .update(categories)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(categories.id, id));
}

export async function deleteCategory(tx: DbOrTx, id: number) {
  await tx.delete(categories).where(eq(categories.id, id));
}
