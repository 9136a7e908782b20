import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { product_batches } from '../../db/schema.ts';

// How far a bulk creation got, kept in the database so that any server process can answer the
// screen that asks (the upload and the questions may reach different processes).

export type BatchStatus = 'processing' | 'done' | 'failed';

/** Records a new batch; false when the screen's id was already used (a batch sent twice). */
export async function startBatch(db: DbOrTx, id: string, total: number): Promise<boolean> {
  const rows = await db
    .insert(product_batches)
    .values({ id, total, processed: 0, status: 'processing' })
    .onConflictDoNothing()
    .returning({ id: product_batches.id });
  return rows.length > 0;
}

export async function setProcessed(db: DbOrTx, id: string, processed: number) {
  await db
    .update(product_batches)
    .set({ processed, updated_at: sql`now()` })
    .where(eq(product_batches.id, id));
}

export async function finishBatch(db: DbOrTx, id: string, status: Exclude<BatchStatus, 'processing'>) {
  await db.update(product_batches).set({ status, updated_at: sql`now()` }).where(eq(product_batches.id, id));
}

export async function findBatch(db: DbOrTx, id: string) {
  const [row] = await db.select().from(product_batches).where(eq(product_batches.id, id));
  return row ?? null;
}

/** Removes the batches older than `ageMs`: their progress is of no use to anyone any more. */
export async function deleteOldBatches(db: DbOrTx, ageMs: number): Promise<number> {
  const rows = await db
    .delete(product_batches)
    .where(lt(product_batches.created_at, sql`now() - make_interval(secs => ${ageMs / 1000})`))
    .returning({ id: product_batches.id });
  return rows.length;
}
