import { backupFileName, type LastBackup } from '@souk/domain/admin-backup';
import { formatStamp } from '@souk/domain/dates';
import type { Db } from '../../db/client.ts';
import { createBackup } from './backup-archive.ts';
import * as runs from './backup-runs.repository.ts';
import type { BackupKeys } from './backup-seal.ts';

export type BackupDeps = {
  db: Db;
  mediaDir: string;
  /** Where the database's snapshot is written before it is streamed (DATA_DIR/tmp). */
  workDir: string;
  publicUrl: string;
  /** BACKUP_KEY seals the archive (none: unprotected). */
  keys: BackupKeys;
  log: (line: string) => void;
};

/**
 * A backup of the shop as a stream, named with the shop and the shop's date and time. The run is
 * recorded ('Dernière sauvegarde') by `delivered(sent)`, once the archive is packed whole and
 * `sent` has resolved: the caller's word that every byte reached its destination (the answer's
 * last byte gone to the client, the file written). A backup cut short, or that nobody received,
 * is not one: `delivered` then rejects and records nothing.
 */
export async function takeBackup(deps: BackupDeps, by: { source: 'admin' | 'cli'; userId: number | null }) {
  const host = new URL(deps.publicUrl).hostname;
  const backup = await createBackup({
    db: deps.db,
    mediaDir: deps.mediaDir,
    workDir: deps.workDir,
    shop: host,
    keys: deps.keys,
  });
  // Read by `delivered`; until the caller calls it, a failure is not an unhandled rejection.
  backup.finished.catch(() => {});
  return {
    filename: backupFileName(host, formatStamp(new Date())),
    stream: backup.stream,
    async delivered(sent: Promise<unknown>) {
      // Both settled before either is read: a packing failure (which ends the answer, so `sent`
      // rejects too) is reported as itself, once its spool is gone, not as a download cut short.
      const [packed, received] = await Promise.allSettled([backup.finished, sent]);
      if (packed.status === 'rejected') throw packed.reason;
      if (received.status === 'rejected') throw received.reason;
      const result = packed.value;
      await runs.insertRun(deps.db, { bytes: result.bytes, source: by.source, taken_by: by.userId });
      deps.log(
        `Sauvegarde prise : ${result.tables} tables, ${result.media} fichiers, ${result.bytes} octets`,
      );
      return result;
    },
  };
}

export async function lastBackup(db: Db, keys: BackupKeys): Promise<LastBackup> {
  const row = await runs.findLastRun(db);
  return {
    protected: keys.current !== null,
    last: row
      ? {
          taken_at: new Date(row.taken_at).toISOString(),
          bytes: row.bytes,
          source: row.source === 'cli' ? 'cli' : 'admin',
        }
      : null,
  };
}
