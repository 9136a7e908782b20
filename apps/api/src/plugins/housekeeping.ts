import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { purgeExpired } from '../modules/housekeeping/housekeeping.service.ts';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Purges dead sessions, old reset links and abandoned guest carts shortly after start, then every
 * `intervalMs`. The timer never keeps the process alive and stops with the app; a failed run is
 * logged and tried again next time.
 */
export function scheduleHousekeeping(app: FastifyInstance, db: Db, intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= purgeExpired(db)
      .then((purged) => app.log.info({ purged }, 'nettoyage des données expirées'))
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
