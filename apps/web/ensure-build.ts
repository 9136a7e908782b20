import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { tryLockFile } from '@souk/api/db/data-dir-lock';
import { buildIsCurrent } from './build-stamp.ts';

const webRoot = import.meta.dirname;
const LOCK_FILE = path.join(webRoot, 'build.lock');
/** How often a start waiting for another's build looks again, and for how long at most. */
const BUILD_WAIT_MS = 500;
const BUILD_WAIT_MAX_MS = 10 * 60 * 1000;

/**
 * Builds the web app when no build exists for the sources at hand, and only then: a process
 * started beside others serving the same build leaves their files alone. Two starts that both
 * find no build make it once: the second waits for the first's.
 */
export async function ensureBuild(log: (line: string) => void): Promise<void> {
  if (buildIsCurrent()) return;
  // A service whose code is read-only (systemd's ProtectSystem): the build is the deployment's step.
  try {
    accessSync(webRoot, constants.W_OK);
  } catch {
    throw new Error(
      `Aucune version construite pour ces sources, et ${webRoot} n'est pas modifiable : lancez npm run build.`,
    );
  }
  const giveUpAt = Date.now() + BUILD_WAIT_MAX_MS;
  let waitingFor = 0;
  for (;;) {
    const lock = tryLockFile(LOCK_FILE);
    if ('owner' in lock) {
      if (Date.now() > giveUpAt) {
        throw new Error(
          `La construction du processus ${lock.owner} dure depuis plus de 10 minutes : arrêtez-le, ou supprimez ${LOCK_FILE} s'il ne construit pas.`,
        );
      }
      if (waitingFor !== lock.owner) log(`Construction en cours par le processus ${lock.owner} : attente…`);
      waitingFor = lock.owner;
      await wait(BUILD_WAIT_MS);
      continue;
    }
    try {
      if (buildIsCurrent()) return;
      log('Aucune version construite pour ces sources : construction (npm run build)…');
      const build = spawnSync('npm', ['run', 'build'], {
        cwd: path.join(webRoot, '../..'),
        stdio: 'inherit',
      });
      if (build.status !== 0) throw new Error("La construction de l'application a échoué (npm run build).");
      return;
    } finally {
      lock.release();
    }
  }
}
