import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Whether the database answers a trivial query, within `timeoutMs` when one is given. */
export async function databaseAnswers(db: Db, timeoutMs?: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late =
    timeoutMs === undefined
      ? null
      : new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await (late ? Promise.race([answered, late]) : answered);
  } finally {
    clearTimeout(timer);
  }
}
