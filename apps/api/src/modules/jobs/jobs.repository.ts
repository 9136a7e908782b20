import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import type { JobStatus } from './job-status.ts';

export type JobRow = {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  every_ms: number | null;
  run_at: string;
  last_error: string | null;
  created_at: string;
};

const COLUMNS = sql.raw(
  'id, kind, key, payload, status, attempts, max_attempts, every_ms, run_at, last_error, created_at',
);

const seconds = (ms: number) => ms / 1000;

/**
 * Queues a job in the caller's transaction, so it exists exactly when what asked for it does (an
 * order and its notification). With a `key`, a second request for the same work is ignored.
 * Answers whether a job was queued.
 */
export async function insertJob(
  db: DbOrTx,
  job: {
    kind: string;
    payload: Record<string, unknown>;
    key?: string;
    maxAttempts: number;
    delayMs?: number;
    everyMs?: number;
    /** A finished or failed job of the same key is queued again (its work is wanted anew). */
    revive?: boolean;
  },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into jobs (kind, key, payload, max_attempts, every_ms, run_at)
        values (${job.kind}, ${job.key ?? null}, ${JSON.stringify(job.payload)}::jsonb, ${job.maxAttempts},
                ${job.everyMs ?? null}, now() + make_interval(secs => ${seconds(job.delayMs ?? 0)}))
        on conflict (key) do ${
          job.revive
            ? sql`update set status = 'queued', attempts = 0, last_error = null, run_at = now(), updated_at = now()
                   where jobs.status in ('done', 'failed')`
            : sql`nothing`
        }
        returning id`,
  );
  return rows.length > 0;
}

/**
 * Takes the next due job of `kinds` (queued and due, or running under a lease that ran out: its
 * process died) with a lease of `leaseMs` held by `claim` (unique to this taking), in one
 * statement: of several processes asking at once, each gets a different job (`skip locked`), or none.
 * Every later write on the job is conditional on `claim`: a process whose lease ran out, and whose
 * job another took over, writes nothing.
 */
export async function claimNext(
  db: Db,
  kinds: readonly string[],
  leaseMs: number,
  claim: string,
): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const rows = await queryRows<JobRow>(
    db,
    sql`update jobs
           set status = 'running', attempts = attempts + 1, updated_at = now(), locked_by = ${claim},
               locked_until = now() + make_interval(secs => ${seconds(leaseMs)})
         where id = (
           select id from jobs
            where kind in (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})
              and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
            order by run_at, id
            limit 1
            for update skip locked)
        returning ${COLUMNS}`,
  );
  return rows[0] ?? null;
}

/** Keeps holding a job that takes long; false when this claim no longer holds it (taken over). */
export async function renewLease(db: Db, job: Held, leaseMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs set locked_until = now() + make_interval(secs => ${seconds(leaseMs)})
         where id = ${job.id} and status = 'running' and locked_by = ${job.claim}
        returning id`,
  );
  return rows.length > 0;
}

/** A job as this process holds it: its row and the claim that took it. */
export type Held = Pick<JobRow, 'id' | 'every_ms' | 'attempts' | 'max_attempts'> & { claim: string };
const heldBy = (job: Held) => sql`id = ${job.id} and status = 'running' and locked_by = ${job.claim}`;

/** A job done: finished, or, recurring, queued for its next run. */
export async function finishJob(db: Db, job: Held) {
  if (job.every_ms !== null) {
    await db.execute(
      sql`update jobs set status = 'queued', attempts = 0, last_error = null, locked_until = null, locked_by = null,
                          run_at = now() + make_interval(secs => ${seconds(job.every_ms)}), updated_at = now()
           where ${heldBy(job)}`,
    );
    return;
  }
  await db.execute(
    sql`update jobs set status = 'done', last_error = null, locked_until = null, locked_by = null, updated_at = now()
         where ${heldBy(job)}`,
  );
}

/**
 * An attempt failed: tried again after `retryInMs`, or, when it was the last attempt, `failed`
 * with its error for the owner to see. A recurring job is never failed: it keeps its period.
 */
export async function failAttempt(db: Db, job: Held, error: string, retryInMs: number) {
  const last = job.every_ms === null && job.attempts >= job.max_attempts;
  const next = job.every_ms !== null ? Math.min(retryInMs, job.every_ms) : retryInMs;
  await db.execute(
    sql`update jobs set status = ${last ? 'failed' : 'queued'}, last_error = ${error}, locked_until = null,
                        locked_by = null, attempts = ${job.every_ms !== null ? 0 : job.attempts},
                        run_at = now() + make_interval(secs => ${seconds(next)}), updated_at = now()
         where ${heldBy(job)}`,
  );
}

/**
 * A job stopped with its process (a conversion killed by a stop): queued again as it was, this
 * attempt not counted, for the next process to take at once.
 */
export async function releaseJob(db: Db, job: Held) {
  await db.execute(
    sql`update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), locked_until = null,
                        locked_by = null, updated_at = now()
         where ${heldBy(job)}`,
  );
}

/** A recurring job's first run, asked for by every process at its start; kept when one exists. */
export async function ensureRecurring(db: Db, kind: string, everyMs: number, firstInMs: number) {
  await db.execute(
    sql`insert into jobs (kind, key, payload, max_attempts, every_ms, run_at)
        values (${kind}, ${`recurring:${kind}`}, '{}'::jsonb, 1, ${everyMs},
                now() + make_interval(secs => ${seconds(firstInMs)}))
        on conflict (key) do update set every_ms = excluded.every_ms,
          -- A shorter period than the one recorded (a new setting) takes effect from now.
          run_at = least(jobs.run_at, excluded.run_at)
        where jobs.every_ms is distinct from excluded.every_ms`,
  );
}

/** Brings a recurring job's next run to now (tests, and an owner's 'run now'). */
export async function dueNow(db: Db, kind: string) {
  await db.execute(
    sql`update jobs set run_at = now() where key = ${`recurring:${kind}`} and status = 'queued'`,
  );
}

/** Failed jobs, newest first: what the owner should know did not happen. */
export async function findFailed(db: Db, limit: number): Promise<JobRow[]> {
  return queryRows<JobRow>(
    db,
    sql`select ${COLUMNS} from jobs where status = 'failed' order by updated_at desc, id desc limit ${limit}`,
  );
}

/** Finished jobs older than `maxAgeMs` (failed ones too, once long past): the table stays small. */
export async function deleteOldJobs(db: Db, doneMaxAgeMs: number, failedMaxAgeMs: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from jobs
         where (status = 'done' and updated_at < now() - make_interval(secs => ${seconds(doneMaxAgeMs)}))
            or (status = 'failed' and updated_at < now() - make_interval(secs => ${seconds(failedMaxAgeMs)}))
        returning id`,
  );
  return rows.length;
}

/** Which of these keys name a job still to run (waiting, or held by a process). */
export async function findPendingKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select key from jobs where key in ${keys} and status in ('queued', 'running')`,
  );
  return new Set(rows.map((row) => row.key));
}
