/** A stop signal repeated within this is the same request, not a second one. */
export const SAME_REQUEST_MS = 1000;

type OnSignal = (signal: NodeJS.Signals) => void;

/**
 * `stop` on the first of `signals`, `force` on a later one (someone insists). The same request
 * can arrive twice at once: a Ctrl-C reaches every process of the terminal's group, and
 * `npm start` forwards it to the server as well; a second signal within SAME_REQUEST_MS of the
 * first is that echo and is ignored.
 */
export function onStopSignals(
  stop: OnSignal,
  force: OnSignal,
  signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): void {
  let firstAt: number | null = null;
  for (const signal of signals) {
    process.on(signal, () => {
      const now = Date.now();
      if (firstAt === null) {
        firstAt = now;
        stop(signal);
      } else if (now - firstAt >= SAME_REQUEST_MS) {
        force(signal);
      }
    });
  }
}
