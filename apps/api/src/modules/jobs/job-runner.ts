import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import * as repo from './jobs.repository.ts';

// The shop's work after the answer (docs/decisions/0034): rows of `jobs`, taken by lease, one at a
// time per lane and per process. What a job does is its handler's; the runner only takes, retries
// and lets go.

/** What a job's handler is given besides its payload. */
export type JobContext = {
  db: Db;
  attempt: number;
  /** This attempt is the job's last: a handler that keeps a state of its own records the failure. */
  lastAttempt: boolean;
  log: (line: string) => void;
  /**
   * Aborted when the job is cancelled (`abort(key)`: what it works on was deleted), when it runs
   * past its kind's time, or, for a kind that stops with the process, on `close`: its reason is
   * then JOB_STOPPING, and the handler throws it so the job goes back to the queue.
   */
  signal: AbortSignal;
};
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

/** A kind of job with its own settings; a bare handler is a short job of the main lane. */
export type JobKind = {
  run: JobHandler;
  /**
   * Jobs of one lane run one at a time per process; lanes run side by side, so a video's
   * conversion (minutes of ffmpeg) never holds back a new order's mail.
   */
  lane?: string;
  /** JOB_TIMEOUT_MS unless the work is long by nature (a conversion). */
  timeoutMs?: number;
  /** Aborted at once on `close`, and queued again for the next process, rather than awaited. */
  abortOnStop?: boolean;
};

/** Work on a period, done by one process of the shop for all of them. */
export type RecurringJob = { kind: string; everyMs: number; firstInMs?: number };

/** How long a lease lasts (renewed four times as often while its job runs). */
export const JOB_LEASE_MS = 60_000;
/** How often a process looks for due work: a new order's mail leaves within about this. */
export const JOB_POLL_MS = 1000;
/** A job taking longer than this has hung (a mail server that never answers). */
export const JOB_TIMEOUT_MS = 50_000;
/** A stop waits this long for the job under way; past it, its lease is left to run out. */
export const JOB_STOP_WAIT_MS = 10_000;
/** The abort reason of a job stopped with its process (`abortOnStop`). */
export const JOB_STOPPING = new Error('arrêt du serveur');
/** The abort reason of a job cancelled by `abort(key)`. */
export const JOB_CANCELLED = new Error('tâche annulée');
/** The abort reason of a job past its kind's time. */
export const JOB_TIMED_OUT = new Error('délai dépassé');
/** The abort reason of a job whose lease this process lost (another process may be running it). */
export const JOB_LOST = new Error('bail perdu');

/** 30 s, 1 min, 2 min… up to an hour between attempts: a mail server down for the afternoon is waited for. */
export const jobRetryDelay = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

export type JobRunnerOptions = {
  db: Db;
  handlers: Readonly<Record<string, JobHandler | JobKind>>;
  recurring?: readonly RecurringJob[];
  log: (line: string) => void;
  warn: (line: string) => void;
  pollMs?: number;
  leaseMs?: number;
  /** The default time of a job (JOB_TIMEOUT_MS); a kind may say its own. */
  timeoutMs?: number;
  retryDelay?: (attempt: number) => number;
  /** JOB_STOP_WAIT_MS unless a test wants the stop at once. */
  stopWaitMs?: number;
};

export type JobRunner = {
  /** Queues the recurring jobs' first runs (kept when another process already did). */
  schedule(): Promise<void>;
  /** Looks for due work now and every `pollMs`, in each lane, until `close` (tests run `runDue`). */
  startPolling(): void;
  /** Runs every due job (each lane one after the other, the lanes side by side) until none is due. */
  runDue(): Promise<number>;
  /** Brings a recurring job's next run to now (then `runDue`). */
  dueNow(kind: string): Promise<void>;
  /** Aborts the job of `key` if this process is running it (what it works on was deleted). */
  abort(key: string): void;
  /**
   * Stops polling, aborts the jobs that stop with the process (queued again for the next one), and
   * waits a bounded time for the others to end.
   */
  close(): Promise<void>;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
const MAIN_LANE = 'main';

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, warn } = options;
  const kinds = new Map<string, Required<Pick<JobKind, 'run' | 'lane' | 'timeoutMs'>> & JobKind>(
    Object.entries(options.handlers).map(([kind, h]) => {
      const k = typeof h === 'function' ? { run: h } : h;
      return [
        kind,
        { ...k, lane: k.lane ?? MAIN_LANE, timeoutMs: k.timeoutMs ?? options.timeoutMs ?? JOB_TIMEOUT_MS },
      ];
    }),
  );
  const lanes = new Map<string, string[]>();
  for (const [kind, k] of kinds) lanes.set(k.lane, [...(lanes.get(k.lane) ?? []), kind]);
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const retryDelay = options.retryDelay ?? jobRetryDelay;
  const draining = new Map<string, Promise<number>>();
  /** The jobs this process runs, by claim (a job taken again after its lease ran out is a new claim). */
  const running = new Map<string, { key: string | null; kind: string; controller: AbortController }>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  /** Records how the attempt ended, if this claim still holds the job (else another process has it). */
  async function settle(
    job: repo.Held & { kind: string },
    outcome: { error?: unknown },
    signal: AbortSignal,
  ) {
    if (!('error' in outcome)) return repo.finishJob(db, job);
    // Stopped with its process: back to the queue, this attempt not counted.
    if (signal.aborted && signal.reason === JOB_STOPPING) return repo.releaseJob(db, job);
    // Lost to another process: its claim is gone, nothing to record.
    if (signal.aborted && signal.reason === JOB_LOST) return;
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
    const kind = kinds.get(job.kind) as JobKind & { run: JobHandler; timeoutMs: number };
    const controller = new AbortController();
    running.set(claim, { key: job.key, kind: job.kind, controller });
    // A lease that could not be renewed (taken over after a stall) stops the work here: another
    // process may be doing it.
    const renew = setInterval(
      () =>
        void repo
          .renewLease(db, job, leaseMs)
          .then((held) => void (held || controller.abort(JOB_LOST)))
          .catch((e) => warn(`[tâche] bail : ${errorText(e)}`)),
      leaseMs / 4,
    ).unref();
    const work = Promise.resolve()
      .then(() =>
        kind.run(job.payload, {
          db,
          attempt: job.attempts,
          lastAttempt: job.every_ms === null && job.attempts >= job.max_attempts,
          log,
          signal: controller.signal,
        }),
      )
      .then(
        () => ({}),
        (error: unknown) => ({ error }),
      );
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timeout = setTimeout(() => resolve('late'), kind.timeoutMs).unref();
    });
    try {
      const outcome = await Promise.race([work, late]);
      if (outcome !== 'late') {
        clearInterval(renew);
        await settle(job, outcome, controller.signal);
        return;
      }
      // Hung (a mail server that never answers): asked to stop, and this lane moves on. The lease
      // is no longer renewed, so another process may take the job once it runs out; should the
      // work still end here first, it is recorded, and once taken over this claim writes nothing.
      controller.abort(JOB_TIMED_OUT);
      clearInterval(renew);
      warn(
        `[tâche] ${job.kind} n° ${job.id} : pas de fin après ${kind.timeoutMs / 1000} s, reprise possible ailleurs`,
      );
      void work
        .then((outcome) => settle(job, outcome, controller.signal))
        .catch((e) => warn(`[tâche] ${errorText(e)}`))
        .finally(() => running.delete(claim));
    } finally {
      clearTimeout(timeout);
      clearInterval(renew);
      if (!controller.signal.aborted || controller.signal.reason !== JOB_TIMED_OUT) running.delete(claim);
    }
  }

  async function drain(laneKinds: string[]) {
    let ran = 0;
    while (!closed) {
      const claim = randomUUID();
      const job = await repo.claimNext(db, laneKinds, leaseMs, claim);
      if (!job) break;
      // Taken while the process began to stop: back to the queue at once, never started.
      if (closed) {
        await repo.releaseJob(db, { ...job, claim });
        break;
      }
      await runOne(job, claim);
      ran += 1;
    }
    return ran;
  }

  const runLane = (lane: string) => {
    let current = draining.get(lane);
    if (!current) {
      current = drain(lanes.get(lane) ?? []).finally(() => draining.delete(lane));
      draining.set(lane, current);
    }
    return current;
  };

  const runDue = async () => {
    const counts = await Promise.all([...lanes.keys()].map(runLane));
    return counts.reduce((a, b) => a + b, 0);
  };

  return {
    async schedule() {
      for (const r of options.recurring ?? []) {
        await repo.ensureRecurring(db, r.kind, r.everyMs, r.firstInMs ?? 0);
      }
    },
    startPolling() {
      for (const lane of lanes.keys()) {
        const poll = () => {
          if (closed) return;
          runLane(lane)
            .catch((error) => warn(`[tâche] lecture des tâches impossible : ${errorText(error)}`))
            .finally(() => {
              if (closed) return;
              const timer = setTimeout(() => {
                timers.delete(timer);
                poll();
              }, options.pollMs ?? JOB_POLL_MS).unref();
              timers.add(timer);
            });
        };
        poll();
      }
    },
    runDue,
    dueNow: (kind) => repo.dueNow(db, kind),
    abort(key) {
      for (const r of running.values()) if (r.key === key) r.controller.abort(JOB_CANCELLED);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const r of running.values()) if (kinds.get(r.kind)?.abortOnStop) r.controller.abort(JOB_STOPPING);
      const current = [...draining.values()];
      if (!current.length) return;
      // The others get a bounded time to end and be recorded. One still running after it keeps
      // its lease, which runs out once this process has stopped renewing it: another process then
      // runs it again (handlers are idempotent), rather than twice at once.
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(current.map((c) => c.catch(() => 0))),
        new Promise((resolve) => {
          bound = setTimeout(resolve, options.stopWaitMs ?? JOB_STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(bound);
    },
  };
}
