import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * Claims the run of `name` when its last began at least `minGapMs` ago (or never), in one
 * statement: of several processes asking at once, one gets it.
 */
export async function claimRun(db: Db, name: string, minGapMs: number): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`insert into scheduled_runs (name, last_run_at) values (${name}, now())
        on conflict (name) do update set last_run_at = now()
          where scheduled_runs.last_run_at <= now() - make_interval(secs => ${minGapMs / 1000})
        returning name`,
  );
  return rows.length > 0;
}
