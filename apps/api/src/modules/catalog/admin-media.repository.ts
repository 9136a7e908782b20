import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { product_media } from '../../db/schema.ts';

// The media manager's SQL (images and videos of one product) and the video conversions' rows: their
// status and progress (docs/decisions/0016; the conversion itself is a job, 0034). Only SQL here;
// the rules are in the services.

export type MediaRow = typeof product_media.$inferSelect;
export type NewMedia = typeof product_media.$inferInsert;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Every media row of the product, every status, in display order. */
export function findMedia(tx: DbOrTx, productId: number): Promise<MediaRow[]> {
  return tx
    .select()
    .from(product_media)
    .where(eq(product_media.product_id, productId))
    .orderBy(asc(product_media.sort_order), asc(product_media.id));
}

export async function findOneMedia(tx: DbOrTx, productId: number, mediaId: number): Promise<MediaRow | null> {
  const [row] = await tx
    .select()
    .from(product_media)
    .where(and(eq(product_media.product_id, productId), eq(product_media.id, mediaId)));
  return row ?? null;
}

/** Inserts the rows in their order and returns their ids, in the same order. */
export async function insertMedia(tx: DbOrTx, rows: NewMedia[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await tx.insert(product_media).values(rows).returning({ id: product_media.id });
  return inserted.map((row) => row.id);
}

export async function updateMedia(
  tx: DbOrTx,
  mediaId: number,
  values: { alt?: string | null; title?: string | null; sort_order?: number },
) {
  if (!Object.keys(values).length) return;
  await tx.update(product_media).set(values).where(eq(product_media.id, mediaId));
}

/** Gives the rows `ids` the sort orders 0, 1, 2… in the order of the list. */
export async function renumber(tx: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return;
  await tx.execute(sql`
    update product_media m set sort_order = (o.position - 1)::int
      from unnest(array[${idList(ids)}]::int[]) with ordinality as o(id, position)
     where m.id = o.id`);
}

export async function deleteMedia(tx: DbOrTx, mediaId: number) {
  await tx.delete(product_media).where(eq(product_media.id, mediaId));
}

// ---- video conversions ----

/**
 * The videos still waiting for their conversion (at start: each must have its job), but those a
 * process of the previous version still holds by the row's own lease (a rolling upgrade).
 */
export async function findProcessingIds(tx: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from product_media
         where status = 'processing' and (locked_until is null or locked_until < now())
         order by id`,
  );
  return rows.map((r) => r.id);
}

export async function findOneById(tx: DbOrTx, mediaId: number): Promise<MediaRow | null> {
  const [row] = await tx.select().from(product_media).where(eq(product_media.id, mediaId));
  return row ?? null;
}

export async function findProcessing(tx: DbOrTx, mediaId: number): Promise<MediaRow | null> {
  const [row] = await tx
    .select()
    .from(product_media)
    .where(and(eq(product_media.id, mediaId), eq(product_media.status, 'processing')));
  return row ?? null;
}

/** Records how far a conversion got; false when the row is gone or done. */
export async function writeProgress(tx: DbOrTx, mediaId: number, progress: number) {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update product_media set progress = ${progress} where id = ${mediaId} and status = 'processing' returning id`,
  );
  return rows.length > 0;
}

/** The converted video: false when the row was deleted meanwhile (its files are then the caller's). */
export async function markReady(
  tx: DbOrTx,
  mediaId: number,
  values: {
    path: string;
    poster_path: string | null;
    poster_widths: number[];
    duration_seconds: number;
    size_bytes: number;
    width: number;
    height: number;
  },
) {
  const rows = await tx
    .update(product_media)
    .set({
      ...values,
      status: 'ready',
      progress: 1,
      error: null,
      mime_type: 'video/mp4',
      source_path: null,
      locked_until: null,
    })
    .where(and(eq(product_media.id, mediaId), eq(product_media.status, 'processing')))
    .returning({ id: product_media.id });
  return rows.length > 0;
}

export async function markFailed(tx: DbOrTx, mediaId: number, error: string) {
  await tx
    .update(product_media)
    .set({ status: 'failed', error, source_path: null, locked_until: null })
    .where(and(eq(product_media.id, mediaId), eq(product_media.status, 'processing')));
}
