import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import * as repo from './jobs.repository.ts';

// The shop's work after the answer (docs/decisions/0034): rows of `jobs`, taken by lease, one at a
// time per process. What a job does is its handler's; the runner only takes, retries and lets go.

/** What a job's handler is given besides its payload. */
export type JobContext = { db: Db; attempt: number; log: (line: string) => void };
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

/** Work on a period, done by one process of the shop for all of them. */
export type RecurringJob = { kind: string; everyMs: number; firstInMs?: number };

/** How long a lease lasts (renewed four times as often while its job runs). */
export const JOB_LEASE_MS = 60_000;
/** How often a process looks for due work: a new order's mail leaves within about this. */
export const JOB_POLL_MS = 1000;
/** A job taking longer than this counts as failed (a mail server that never answers). */
export const JOB_TIMEOUT_MS = 50_000;
/** A stop waits this long for the job under way; past it, its lease is left to run out. */
export const JOB_STOP_WAIT_MS = 10_000;

/** 30 s, 1 min, 2 min… up to an hour between attempts: a mail server down for the afternoon is waited for. */
export const jobRetryDelay = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

export type JobRunnerOptions = {
  db: Db;
  handlers: Readonly<Record<string, JobHandler>>;
  recurring?: readonly RecurringJob[];
  log: (line: string) => void;
  warn: (line: string) => void;
  pollMs?: number;
  leaseMs?: number;
  timeoutMs?: number;
  retryDelay?: (attempt: number) => number;
  /** JOB_STOP_WAIT_MS unless a test wants the stop at once. */
  stopWaitMs?: number;
};

export type JobRunner = {
  /** Queues the recurring jobs' first runs (kept when another process already did). */
  schedule(): Promise<void>;
  /** Looks for due work now and every `pollMs` until `close` (tests run `runDue` themselves). */
  startPolling(): void;
  /** Runs every due job, one after the other, until none is due; answers how many ran. */
  runDue(): Promise<number>;
  /** Brings a recurring job's next run to now (then `runDue`). */
  dueNow(kind: string): Promise<void>;
  /** Stops polling and waits a bounded time for the job under way to end. */
  close(): Promise<void>;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers, log, warn } = options;
  const kinds = Object.keys(handlers);
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const timeoutMs = options.timeoutMs ?? JOB_TIMEOUT_MS;
  const retryDelay = options.retryDelay ?? jobRetryDelay;
  let draining: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  /** Records how the attempt ended, if this claim still holds the job (else another process has it). */
  async function settle(job: repo.Held & { kind: string }, outcome: { error?: unknown }) {
    if (!('error' in outcome)) return repo.finishJob(db, job);
    const message = errorText(outcome.error);
    const last = job.every_ms === null && job.attempts >= job.max_attempts;
    warn(
      last
        ? `[tâche] ${job.kind} n° ${job.id} abandonnée après ${job.attempts} essais : ${message}`
        : `[tâche] ${job.kind} n° ${job.id}, essai ${job.attempts} échoué (nouvel essai plus tard) : ${message}`,
    );
    return repo.failAttempt(db, job, message, retryDelay(job.attempts));
  }

  async function runOne(row: repo.JobRow, claim: string) {
    const job = { ...row, claim };
    const renew = setInterval(
      () => void repo.renewLease(db, job, leaseMs).catch((e) => warn(`[tâche] bail : ${errorText(e)}`)),
      leaseMs / 4,
    ).unref();
    const handler = handlers[job.kind] as JobHandler;
    const work = handler(job.payload, { db, attempt: job.attempts, log }).then(
      () => ({}),
      (error: unknown) => ({ error }),
    );
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timeout = setTimeout(() => resolve('late'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([work, late]);
      if (outcome !== 'late') {
        clearInterval(renew);
        await settle(job, outcome);
        return;
      }
      // Hung (a mail server that never answers): this process moves on and stops renewing the
      // lease, so another process may take the job once it runs out. Should the work still end
      // here first, it is recorded; once taken over, this claim writes nothing.
      clearInterval(renew);
      warn(
        `[tâche] ${job.kind} n° ${job.id} : pas de fin après ${timeoutMs / 1000} s, reprise possible ailleurs`,
      );
      void work.then((outcome) => settle(job, outcome)).catch((e) => warn(`[tâche] ${errorText(e)}`));
    } finally {
      clearTimeout(timeout);
      clearInterval(renew);
    }
  }

  async function drain() {
    let ran = 0;
    while (!closed) {
      const claim = randomUUID();
      const job = await repo.claimNext(db, kinds, leaseMs, claim);
      if (!job) break;
      await runOne(job, claim);
      ran += 1;
    }
    return ran;
  }

  const runDue = () => {
    draining ??= drain().finally(() => {
      draining = null;
    });
    return draining;
  };

  return {
    async schedule() {
      for (const r of options.recurring ?? []) {
        await repo.ensureRecurring(db, r.kind, r.everyMs, r.firstInMs ?? 0);
      }
    },
    startPolling() {
      const poll = () => {
        if (closed) return;
        runDue()
          .catch((error) => warn(`[tâche] lecture des tâches impossible : ${errorText(error)}`))
          .finally(() => {
            if (!closed) timer = setTimeout(poll, options.pollMs ?? JOB_POLL_MS).unref();
          });
      };
      poll();
    },
    runDue,
    dueNow: (kind) => repo.dueNow(db, kind),
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = draining;
      if (!current) return;
      // The job under way gets a bounded time to end and be recorded. One still running after it
      // keeps its lease, which runs out once this process has stopped renewing it: another process
      // then runs it again (handlers are idempotent), rather than twice at once.
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        current.catch(() => 0),
        new Promise((resolve) => {
          bound = setTimeout(resolve, options.stopWaitMs ?? JOB_STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(bound);
    },
  };
}
