// WEB_CONCURRENCY > 1: this process forks that many servers on one port with Node's cluster
// module (the primary accepts connections and hands them out in turn) and looks after them. Each
// worker is a whole shop process (server.ts); they share PostgreSQL, Redis and DATA_DIR, so
// nothing here knows about sessions, caches or jobs (docs/decisions/0033).
import cluster, { type Worker } from 'node:cluster';
import { onStopSignals } from './stop-signals.ts';

/** How long the workers have to close cleanly (theirs is CLOSE_DELAY_MS) before they are killed. */
export const STOP_DELAY_MS = 25_000;
/** A worker that died is started again after this, doubled while they keep dying, up to the max. */
const RESPAWN_MS = 1_000;
const RESPAWN_MAX_MS = 30_000;

const log = (line: string) => console.info(`[souk] ${line}`);

const exited = (worker: Worker) =>
  new Promise<void>((resolve) => {
    if (worker.isDead()) resolve();
    else worker.once('exit', () => resolve());
  });

const listening = (worker: Worker) =>
  new Promise<boolean>((resolve) => {
    worker.once('listening', () => resolve(true));
    worker.once('exit', () => resolve(false));
  });

/**
 * Starts `count` workers and keeps that many running: one that dies unasked is replaced. SIGTERM
 * or SIGINT stops them all cleanly (a second signal kills them); SIGHUP replaces them one at a
 * time, each new one listening before its predecessor stops, so the shop never stops answering.
 */
export function superviseWorkers(count: number): void {
  const retiring = new Set<Worker>();
  let stopping = false;
  let respawnDelay = RESPAWN_MS;

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      respawnDelay = RESPAWN_MS;
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping || retiring.delete(worker)) return;
    log(
      `Processus ${worker.process.pid} arrêté (${signal ?? `code ${code}`}) : relancé dans ${respawnDelay / 1000} s`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, respawnDelay);
    respawnDelay = Math.min(respawnDelay * 2, RESPAWN_MAX_MS);
  });

  const running = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));

  /** Workers sent SIGTERM (a roll's predecessors, or all at a stop): never sent a second one. */
  const signalled = new Set<Worker>();
  const terminate = (worker: Worker) => {
    if (signalled.has(worker)) return;
    signalled.add(worker);
    worker.process.kill('SIGTERM');
  };
  /** Whether every worker that ended since the stop began did so cleanly (exit code 0). */
  let clean = true;

  async function stop(signal: NodeJS.Signals) {
    stopping = true;
    log(`${signal} reçu : arrêt propre des ${running().length} processus`);
    const timer = setTimeout(() => {
      log('Des processus ne se sont pas arrêtés à temps : arrêt forcé');
      forceStop();
    }, STOP_DELAY_MS);
    const workers = running();
    for (const worker of workers) {
      worker.once('exit', (code, exitSignal) => {
        if (code === 0) return;
        clean = false;
        // Said, so that whoever reads why the stop was not clean knows which process and how.
        log(`Processus ${worker.process.pid} arrêté avec ${exitSignal ?? `le code ${code}`}`);
      });
      terminate(worker);
    }
    await Promise.all(workers.map(exited));
    clearTimeout(timer);
    // systemd (or whoever stopped us) hears whether a worker had to be cut short.
    process.exit(clean ? 0 : 1);
  }

  function forceStop() {
    for (const worker of running()) worker.process.kill('SIGKILL');
    process.exit(1);
  }

  let rolling = false;
  async function roll() {
    if (rolling || stopping) return;
    rolling = true;
    log('SIGHUP reçu : remplacement des processus un par un');
    try {
      for (const old of running()) {
        if (stopping) return;
        const next = fork();
        // Until it listens, its death is this roll's to handle, not a reason to start another.
        retiring.add(next);
        const started = await listening(next);
        retiring.delete(next);
        if (!started) {
          log('Le nouveau processus ne démarre pas : remplacement interrompu, les anciens restent');
          return;
        }
        retiring.add(old);
        terminate(old);
        await exited(old);
      }
      log('Processus remplacés');
    } finally {
      rolling = false;
    }
  }

  onStopSignals(
    (signal) => void stop(signal),
    (signal) => {
      log(`Second ${signal} : arrêt immédiat`);
      forceStop();
    },
  );
  process.on('SIGHUP', () => void roll());
  for (let i = 0; i < count; i += 1) fork();
  log(`${count} processus démarrés (WEB_CONCURRENCY)`);
}
