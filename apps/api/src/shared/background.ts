/**
 * Work done after the answer has gone (mail for a forgotten password, so known and unknown accounts
 * answer alike). Failures are logged, never thrown at a caller; `settled` waits for what is under
 * way (tests, and a clean shutdown).
 */
export type Background = {
  run(task: () => Promise<void>): void;
  settled(): Promise<void>;
};

/** Work waiting or running at once; past it, a task is dropped and logged (a flood, or a hung SMTP). */
export const BACKGROUND_MAX_PENDING = 200;

export function createBackground(
  log: (line: string) => void,
  maxPending = BACKGROUND_MAX_PENDING,
): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(task) {
      if (pending.size >= maxPending) {
        log(`[tâche de fond] ${pending.size} tâches en cours : celle-ci est abandonnée`);
        return;
      }
      const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log(`[tâche de fond] échec : ${String(error)}`))
        .finally(() => pending.delete(work));
      pending.add(work);
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/** For tests: tasks wait until `flush` runs them, so a test sees the answer before the work. */
export function createManualBackground(): Background & { flush(): Promise<void>; queued(): number } {
  const queue: (() => Promise<void>)[] = [];
  return {
    run: (task) => void queue.push(task),
    async flush() {
      while (queue.length) await (queue.shift() as () => Promise<void>)();
    },
    settled: async () => {},
    queued: () => queue.length,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's after-the-answer work (buildApi); tests await `settled()` before reading its effects. */
    background: Background;
  }
}
