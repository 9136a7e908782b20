import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A lock held by a process for its life: the file `file` holding its pid. A lock left by a process
 * that died (a crash, SIGKILL) is taken over; one held by a live process is not, and its pid is
 * returned instead.
 */
export function tryLockFile(file: string): { release: () => void } | { owner: number } {
  mkdirSync(path.dirname(file), { recursive: true });
  // The pid is written to a file of this process's own, then linked to the lock's name, which
  // fails if the lock exists: the lock never exists without its owner's pid in it.
  const own = `${file}.${process.pid}`;
  writeFileSync(own, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        linkSync(own, file);
        return { release: () => rmSync(file, { force: true }) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number(readFileSync(file, 'utf8'));
        if (owner && owner !== process.pid && isAlive(owner)) return { owner };
        rmSync(file, { force: true }); // stale lock left by a crash
      }
    }
  } finally {
    rmSync(own, { force: true });
  }
  throw new Error(`Impossible de verrouiller ${file}`);
}

/** PGlite has one writer: a second process on the same DATA_DIR would corrupt it, so refuse it. */
export function lockDataDir(dataDir: string): () => void {
  const lock = tryLockFile(path.join(dataDir, 'souk.lock'));
  if ('release' in lock) return lock.release;
  throw new Error(
    `Le dossier de données ${dataDir} est déjà utilisé par le processus ${lock.owner}. ` +
      'Arrêtez-le ou choisissez un autre DATA_DIR.',
  );
}
