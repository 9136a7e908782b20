import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { createTestDatabase, engines } from '../../test/database.ts';
import { describeOnPostgres } from '../../test/describe-on-postgres.ts';
import {
  createJobRunner,
  JOB_CANCELLED,
  JOB_STOPPING,
  type JobHandler,
  jobRetryDelay,
} from './job-runner.ts';
import { claimNext, failAttempt, finishJob, type JobRow, renewLease } from './jobs.repository.ts';
import { enqueueJob, listFailedJobs } from './jobs.service.ts';

const quiet = { log: () => {}, warn: () => {} };

describe.each(engines)('jobs on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.close());
  beforeEach(() => database.db.delete(jobs));

  const rowsOf = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind));

  it('runs a queued job once, with its payload, and keeps it done', async () => {
    const seen: unknown[] = [];
    const runner = createJobRunner({
      db: database.db,
      ...quiet,
      handlers: { note: async (payload) => void seen.push(payload) },
    });
    await enqueueJob(database.db, 'note', { text: 'bonjour' });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ text: 'bonjour' }]);
    expect(await rowsOf('note')).toMatchObject([{ status: 'done', attempts: 1, last_error: null }]);
  });

  it('queues the same keyed work once, however often it is asked for', async () => {
    expect(await enqueueJob(database.db, 'note', {}, { key: 'commande-7' })).toBe(true);
    expect(await enqueueJob(database.db, 'note', {}, { key: 'commande-7' })).toBe(false);
    expect(await rowsOf('note')).toHaveLength(1);
  });

  it('tries a failing job again, up to its bound, then keeps it failed with its error', async () => {
    let calls = 0;
    const runner = createJobRunner({
      db: database.db,
      ...quiet,
      retryDelay: () => 0,
      handlers: {
        flaky: async () => {
          calls += 1;
          if (calls < 3) throw new Error(`panne n° ${calls}`);
        },
        broken: async () => {
          throw new Error('serveur de mail injoignable');
        },
      },
    });
    await enqueueJob(database.db, 'flaky', {}, { maxAttempts: 5 });
    await enqueueJob(database.db, 'broken', {}, { maxAttempts: 3 });
    await runner.runDue();
    expect(await rowsOf('flaky')).toMatchObject([{ status: 'done', attempts: 3 }]);
    expect(await rowsOf('broken')).toMatchObject([
      { status: 'failed', attempts: 3, last_error: 'serveur de mail injoignable' },
    ]);
    expect((await listFailedJobs(database.db)).map((j) => j.kind)).toEqual(['broken']);
  });

  it('waits longer after each failed attempt, up to an hour', async () => {
    expect([1, 2, 3, 4].map(jobRetryDelay)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(jobRetryDelay(20)).toBe(3_600_000);
    const runner = createJobRunner({
      db: database.db,
      ...quiet,
      handlers: {
        broken: async () => {
          throw new Error('non');
        },
      },
    });
    await enqueueJob(database.db, 'broken', {});
    expect(await runner.runDue()).toBe(1); // not tried again at once: its retry is 30 s away
    const [row] = await rowsOf('broken');
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    const wait = Date.parse(row?.run_at as string) - Date.parse(row?.updated_at as string);
    expect(wait).toBeGreaterThanOrEqual(29_000);
    expect(wait).toBeLessThanOrEqual(31_000);
  });

  it("leaves a job another process holds alone, and takes it over once that process's lease ran out", async () => {
    const ran: string[] = [];
    const runner = createJobRunner({
      db: database.db,
      ...quiet,
      handlers: { note: async () => void ran.push('note') },
    });
    await enqueueJob(database.db, 'note', {});
    // Another process took it, then died without a word.
    expect(await claimNext(database.db, ['note'], 60_000, 'un-autre-processus')).toMatchObject({
      status: 'running',
    });
    expect(await runner.runDue()).toBe(0);
    await database.db.execute(sql`update jobs set locked_until = now() - interval '1 second'`);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['note']);
    expect(await rowsOf('note')).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('takes only the kinds it knows (a newer process may queue kinds an older one has no handler for)', async () => {
    const runner = createJobRunner({ db: database.db, ...quiet, handlers: { note: async () => {} } });
    await enqueueJob(database.db, 'from-the-future', {});
    expect(await runner.runDue()).toBe(0);
    expect(await rowsOf('from-the-future')).toMatchObject([{ status: 'queued', attempts: 0 }]);
  });

  it('stops without letting go of a job still under way: it is recorded when it ends', async () => {
    const { promise: running, resolve: started } = Promise.withResolvers<void>();
    const { promise: finished, resolve: finish } = Promise.withResolvers<void>();
    const hang: JobHandler = () => {
      started();
      return finished;
    };
    const runner = createJobRunner({ db: database.db, ...quiet, stopWaitMs: 0, handlers: { hang } });
    await enqueueJob(database.db, 'hang', {});
    const draining = runner.runDue();
    await running;
    await runner.close();
    // Still held: no other process may start it while it may still be running here.
    expect(await rowsOf('hang')).toMatchObject([{ status: 'running', attempts: 1 }]);
    const other = createJobRunner({ db: database.db, ...quiet, handlers: { hang: async () => {} } });
    expect(await other.runDue()).toBe(0);
    finish();
    await draining;
    expect(await rowsOf('hang')).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('leaves a hung job running under its lease and moves on; once taken over, the first holder writes nothing', async () => {
    const { promise: hung, resolve: finishFirst } = Promise.withResolvers<void>();
    const first = createJobRunner({
      db: database.db,
      ...quiet,
      timeoutMs: 0,
      handlers: {
        note: () => hung,
        next: async () => {},
      },
    });
    await enqueueJob(database.db, 'note', {});
    await enqueueJob(database.db, 'next', {});
    // Past its timeout the first process moves on to the next job, leaving the hung one running.
    expect(await first.runDue()).toBe(2);
    expect(await rowsOf('note')).toMatchObject([{ status: 'running', attempts: 1 }]);
    expect(await rowsOf('next')).toMatchObject([{ status: 'done' }]);
    finishFirst();

    // The same at the rows: a claim whose lease ran out and was taken over writes nothing.
    await enqueueJob(database.db, 'late', {});
    const stale = (await claimNext(database.db, ['late'], 60_000, 'premier')) as JobRow;
    await database.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where kind = 'late'`,
    );
    const second = createJobRunner({ db: database.db, ...quiet, handlers: { late: async () => {} } });
    expect(await second.runDue()).toBe(1);
    await failAttempt(database.db, { ...stale, claim: 'premier' }, 'trop tard', 0);
    await finishJob(database.db, { ...stale, claim: 'premier' });
    await renewLease(database.db, { ...stale, claim: 'premier' }, 60_000);
    expect(await rowsOf('late')).toMatchObject([
      { status: 'done', attempts: 2, last_error: null, locked_until: null },
    ]);
  });

  it('runs lanes side by side: a long job of one lane never holds back the other', async () => {
    const { promise: running, resolve: started } = Promise.withResolvers<void>();
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    const runner = createJobRunner({
      db: database.db,
      ...quiet,
      handlers: {
        slow: {
          lane: 'video',
          run: () => {
            started();
            return released;
          },
        },
        note: async () => {},
      },
    });
    await enqueueJob(database.db, 'slow', {});
    await enqueueJob(database.db, 'note', {});
    const all = runner.runDue();
    await running;
    // While the slow one runs, the other lane has done its job.
    await vi.waitFor(async () => expect(await rowsOf('note')).toMatchObject([{ status: 'done' }]), {
      timeout: 10_000,
    });
    expect(await rowsOf('slow')).toMatchObject([{ status: 'running' }]);
    release();
    expect(await all).toBe(2);
  });

  it('aborts a job by its key, and queues again, uncounted, one that stops with its process', async () => {
    const reasons: unknown[] = [];
    let start = Promise.withResolvers<void>();
    const expectStart = () => {
      start = Promise.withResolvers<void>();
    };
    const runner = createJobRunner({
      db: database.db,
      ...quiet,
      handlers: {
        convert: {
          abortOnStop: true,
          run: (_payload, { signal }) =>
            new Promise<void>((resolve, reject) => {
              start.resolve();
              signal.addEventListener('abort', () => {
                reasons.push(signal.reason);
                // Cancelled: nothing left to do. Stopped: back to the queue.
                if (signal.reason === JOB_CANCELLED) resolve();
                else reject(signal.reason);
              });
            }),
        },
      },
    });
    expectStart();
    await enqueueJob(database.db, 'convert', {}, { key: 'video:1' });
    const first = runner.runDue();
    await start.promise;
    runner.abort('video:2'); // another key: nothing happens
    runner.abort('video:1');
    await first;
    expect(reasons).toEqual([JOB_CANCELLED]);
    expect(await rowsOf('convert')).toMatchObject([{ key: 'video:1', status: 'done' }]);

    expectStart();
    await enqueueJob(database.db, 'convert', {}, { key: 'video:3' });
    const second = runner.runDue();
    await start.promise;
    await runner.close();
    await second;
    expect(reasons).toEqual([JOB_CANCELLED, JOB_STOPPING]);
    expect((await rowsOf('convert')).find((r) => r.key === 'video:3')).toMatchObject({
      status: 'queued',
      attempts: 0,
    });
  });

  it('runs a recurring job and queues it again for its next period', async () => {
    let runs = 0;
    const runner = createJobRunner({
      db: database.db,
      ...quiet,
      handlers: {
        tick: async () => {
          runs += 1;
        },
      },
      recurring: [{ kind: 'tick', everyMs: 600_000 }],
    });
    await runner.schedule();
    await runner.schedule(); // a second start: still one row
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(1);
    const [row] = await rowsOf('tick');
    expect(row).toMatchObject({ status: 'queued', every_ms: 600_000, attempts: 0 });
    expect(Date.parse(row?.run_at as string) - Date.parse(row?.updated_at as string)).toBe(600_000);
    expect(await runner.runDue()).toBe(0);
  });
});

describeOnPostgres('jobs shared by several processes on postgres', () => {
  let databases: Database[] = [];
  afterAll(async () => {
    for (const d of databases) await d.close();
  });

  it('runs a recurring job once for three processes asking at the same time', async () => {
    const first = await createTestDatabase('postgres');
    databases = [first];
    let runs = 0;
    // Three processes: three runners on the same database, each with its own pool connections.
    const runners = [1, 2, 3].map(() =>
      createJobRunner({
        db: first.db,
        ...quiet,
        handlers: {
          tick: async () => {
            runs += 1;
          },
        },
        recurring: [{ kind: 'tick', everyMs: 3_600_000 }],
      }),
    );
    await Promise.all(runners.map((r) => r.schedule()));
    await Promise.all(runners.map((r) => r.runDue()));
    expect(runs).toBe(1);
    // Many jobs at once: each taken by exactly one of them.
    const done: number[] = [];
    const workers = [1, 2, 3].map(() =>
      createJobRunner({
        db: first.db,
        ...quiet,
        handlers: { note: async (payload) => void done.push(payload.n as number) },
      }),
    );
    for (let n = 0; n < 30; n += 1) await enqueueJob(first.db, 'note', { n });
    await Promise.all(workers.map((w) => w.runDue()));
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });
});
