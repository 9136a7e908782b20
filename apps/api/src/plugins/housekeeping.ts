import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { purgeExpiredOnce } from '../modules/housekeeping/housekeeping.service.ts';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** Another process's purge this recent counts as this hour's: timers of several processes drift. */
const HOUSEKEEPING_MIN_GAP_MS = HOUSEKEEPING_INTERVAL_MS - 5 * 60 * 1000;

/**
 * Purges dead sessions, old reset links and abandoned guest carts shortly after start, then every
 * `intervalMs`, once for all the shop's processes (the one that claims the run does it). The
 * timer never keeps the process alive and stops with the app; a failed run is logged and tried
 * again next time.
 */
export function scheduleHousekeeping(app: FastifyInstance, db: Db, intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= purgeExpiredOnce(db, HOUSEKEEPING_MIN_GAP_MS)
      .then((purged) => {
        if (purged) app.log.info({ purged }, 'nettoyage des données expirées');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'nettoyage des données expirées : échec'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 5_000).unref();
  const timer = setInterval(run, intervalMs).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
