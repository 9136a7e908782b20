import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const HAS_PROC = existsSync('/proc/self/stat');

/**
 * A process's state and start time (clock ticks since boot) from /proc/<pid>/stat, or null when
 * it has none (gone, or no /proc). '<pid> (<command>) <state> …': the command may hold spaces and
 * parentheses, so fields are counted from the last ')'; the state is the 3rd, the start time the 22nd.
 */
function processStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/** This process's lock line: its pid, and on Linux its start time. */
const ownLine = () => {
  const started = HAS_PROC ? processStat(process.pid)?.started : undefined;
  return started ? `${process.pid} ${started}` : String(process.pid);
};

/**
 * Whether the holder named by a lock line still holds it. On Linux, /proc tells two things the
 * signal cannot: a process killed but not yet reaped by its parent (a zombie, 'Z', or 'X' while it
 * goes) still answers a signal but holds nothing — after a SIGKILL of `npm start`'s whole group
 * nobody reaps the server until init does, sometimes never; and a pid given since to another
 * process (a container restarted) belongs to one that started at another time. Elsewhere the
 * signal's answer stands.
 */
function holderAlive(pid: number, started: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (!HAS_PROC) return true;
  const stat = processStat(pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  return started === undefined || stat.started === started;
}

/**
 * A lock held by a process for its life: the file `file` holding its pid (and start time). A lock
 * left by a process that died (a crash, SIGKILL), reaped or not, is taken over, as is one whose pid
 * another process has since; one held by a live process is not, and its pid is returned instead.
 */
export function tryLockFile(file: string): { release: () => void } | { owner: number } {
  mkdirSync(path.dirname(file), { recursive: true });
  // The pid is written to a file of this process's own, then linked to the lock's name, which
  // fails if the lock exists: the lock never exists without its owner's pid in it.
  const own = `${file}.${process.pid}`;
  writeFileSync(own, ownLine());
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        linkSync(own, file);
        return { release: () => rmSync(file, { force: true }) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const [pid, started] = readFileSync(file, 'utf8').trim().split(' ');
        const owner = Number(pid);
        if (owner && owner !== process.pid && holderAlive(owner, started)) return { owner };
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
