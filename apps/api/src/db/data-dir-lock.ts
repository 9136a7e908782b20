import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const HAS_PROC = existsSync('/proc/self/stat');

/**
 * A process killed but not yet reaped by its parent (a zombie: 'Z', or 'X' while it goes) still
 * answers a signal, but holds nothing: no file, no memory. After a SIGKILL of `npm start`'s whole
 * group, the server's parent dies with it and nobody reaps it until init does, sometimes never.
 * Linux says so in /proc; elsewhere the signal's answer stands.
 */
function isZombie(pid: number): boolean {
  if (!HAS_PROC) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // '<pid> (<command>) <state> …': the command may hold spaces and parentheses, the state follows the last ')'.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return true; // gone since it answered the signal
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * A lock held by a process for its life: the file `file` holding its pid. A lock left by a process
 * that died (a crash, SIGKILL), reaped or not, is taken over; one held by a live process is not, and its pid is
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
