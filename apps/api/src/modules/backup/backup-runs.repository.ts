import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { backup_runs } from '../../db/schema.ts';

export async function insertRun(
  db: Db,
  run: { bytes: number; source: 'admin' | 'cli'; taken_by: number | null },
) {
  await db.insert(backup_runs).values(run);
}

export async function findLastRun(db: Db) {
  const [row] = await db
    .select()
    .from(backup_runs)
    .orderBy(desc(backup_runs.taken_at), desc(backup_runs.id))
    .limit(1);
  return row ?? null;
}
