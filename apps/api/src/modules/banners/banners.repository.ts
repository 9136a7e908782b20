import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { banners } from '../../db/schema.ts';

// By position; at the same position the newest first, so a banner an admin adds at position 0 is the
// carousel's first slide (docs/decisions/0020).
const byPosition = [asc(banners.position), desc(banners.id)] as const;

export const findActiveBanners = (db: DbOrTx) =>
  db
    .select()
    .from(banners)
    .where(eq(banners.is_active, true))
    .orderBy(...byPosition);

/** Every banner, active or not, by position (the back office; a shop holds a handful). */
export const findAllBanners = (db: DbOrTx) =>
  db
    .select()
    .from(banners)
    .orderBy(...byPosition);

export async function findBanner(db: DbOrTx, id: number) {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row;
}

/** The banner, its row locked until the transaction ends (two edits never cross). */
export async function lockBanner(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  return row;
}

export type BannerWrite = Partial<
  Pick<
    typeof banners.$inferInsert,
    | 'title'
    | 'subtitle'
    | 'link_url'
    | 'position'
    | 'is_active'
    | 'image_key'
    | 'image_width'
    | 'image_height'
    | 'image_widths'
  >
>;

export async function insertBanner(tx: DbOrTx, values: BannerWrite & { title: string }) {
  const [row] = await tx.insert(banners).values(values).returning({ id: banners.id });
  if (!row) throw new Error('banner not inserted');
  return row.id;
}

export async function updateBanner(tx: DbOrTx, id: number, values: BannerWrite) {
  await tx
    .update(banners)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(banners.id, id));
}

export async function deleteBanner(tx: DbOrTx, id: number) {
  const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning();
  return row;
}
