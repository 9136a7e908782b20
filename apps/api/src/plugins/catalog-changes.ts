import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import type { CacheTag } from './response-cache.ts';

/** The channel the catalogue's triggers announce their changes on (migration 0013). */
export const CATALOG_CHANNEL = 'souk_catalog';

// A write's answer waits this long at most for its own change to come back: past it the caches
// are told to forget everything rather than risk showing the writer what it just changed.
const SYNC_TIMEOUT_MS = 2000;
const SYNC_PREFIX = 'sync:';

export type CatalogChanges = {
  /**
   * Resolves once every change committed before the call has reached this process's caches: a
   * write's answer waits for it, so that the writer's next page shows what it wrote.
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
};

export type CatalogChangeHandlers = {
  /** A change concerning `tag`. */
  changed(tag: CacheTag): void;
  /** Changes may have been missed (a write's own did not come back in time): forget everything. */
  forgetAll(): void;
  /** Changes may be missed from now on (connection lost). */
  lost(error: Error): void;
  /** Changes are heard again; what was missed meanwhile is unknown. */
  resumed(): void;
};

/**
 * Follows the catalogue's changes as the database announces them, from whichever process made
 * them: every process hears every commit, within the time NOTIFY takes to travel.
 */
export async function followCatalogChanges(
  database: Database,
  handlers: CatalogChangeHandlers,
): Promise<CatalogChanges> {
  const waiting = new Map<string, () => void>();
  let listening = true;
  const stop = await database.listen(CATALOG_CHANNEL, {
    message(payload) {
      if (payload.startsWith(SYNC_PREFIX)) waiting.get(payload)?.();
      else handlers.changed(payload);
    },
    lost(error) {
      listening = false;
      handlers.lost(error);
    },
    resumed() {
      listening = true;
      handlers.resumed();
    },
  });
  return {
    async sync() {
      // Not listening: the caches keep nothing meanwhile, there is nothing to wait for.
      if (!listening) return;
      // Notifications arrive in the order their transactions committed: once this one is heard,
      // every change committed before it has been too.
      const token = `${SYNC_PREFIX}${randomUUID()}`;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // One deadline for the whole wait, a pool connection for the NOTIFY included.
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      });
      const heard = new Promise<boolean>((resolve) => waiting.set(token, () => resolve(true)));
      const sent = database.notify(CATALOG_CHANNEL, token).then(
        () => heard,
        // The write itself is done: its answer must not turn into an error. Forgetting
        // everything (below) keeps the caches true.
        () => false,
      );
      try {
        if (await Promise.race([sent, late])) return;
      } finally {
        clearTimeout(timer);
        waiting.delete(token);
      }
      handlers.forgetAll();
    },
    stop,
  };
}
