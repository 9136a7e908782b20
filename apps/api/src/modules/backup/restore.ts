import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { migrationsFolder } from '../../db/client.ts';
import { openConfiguredDatabase } from '../../db/open-configured.ts';
import { dropEverything, isEmptyDatabase, loadDatabase } from '../../db/snapshot.ts';
import { BackupRejectedError } from './backup-archive.ts';
import { stageBackup } from './backup-staging.ts';

export const NEWER_BACKUP =
  "Cette sauvegarde vient d'une version plus récente de Souk : mettez Souk à jour avant de la restaurer";
export const DATABASE_NOT_EMPTY =
  "La base de données n'est pas vide : arrêtez la boutique, puis relancez avec --force pour la remplacer par la sauvegarde";
/**
 * Written in DATA_DIR before the database is emptied, removed once the restore is whole: a restore
 * cut half-way (Ctrl-C, a lost SSH session) leaves it, and the shop then refuses to start on what
 * is left rather than serve a partial or empty shop.
 */
export const RESTORE_MARKER = 'restauration-incomplete';
export const restoreInterrupted = (dataDir: string) =>
  `Une restauration a été interrompue avant la fin (${path.join(dataDir, RESTORE_MARKER)}) : la base est incomplète. Relancez npm run restore -- FICHIER --force, puis npm start.`;
export const mediaNotEmpty = (dir: string) =>
  `Le dossier ${dir} contient déjà des images : relancez avec --force pour les remplacer par celles de la sauvegarde`;

type Journal = { entries: { idx: number; when: number; tag: string }[] } & Record<string, unknown>;

/**
 * The shop's migrations up to the `count`-th, copied into `dir`: the archive's rows go into the
 * schema they were read from, and the later migrations then carry them forward as they would
 * have carried the shop itself.
 */
export async function migrationsUpTo(count: number, dir: string): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const entries = journal.entries.slice(0, count);
  await mkdir(path.join(dir, 'meta'), { recursive: true });
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    await copyFile(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

async function journalEntries() {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return journal.entries;
}

/**
 * Restores an archive into the configured database (DATABASE_URL, else DATA_DIR's PGlite, which
 * must not be in use) and DATA_DIR/media. Checked whole first (stageBackup); then a database that
 * is not empty, or a media folder with files, is refused unless `force`: nothing is changed
 * until then. Then the database is emptied, migrated to the archive's level, loaded in one
 * transaction, migrated the rest of the way; the media files go into place.
 */
export async function restoreBackup(input: Readable, config: Config, options: { force: boolean }) {
  const staging = path.join(config.tmpDir, `restore-${randomBytes(6).toString('hex')}`);
  const staged = await stageBackup(input, staging);
  try {
    const { count, last } = staged.manifest.migrations;
    const known = await journalEntries();
    if (count > known.length || (count > 0 && known[count - 1]?.when !== last))
      throw new BackupRejectedError(NEWER_BACKUP);
    const database = await openConfiguredDatabase(config);
    const marker = path.join(config.dataDir, RESTORE_MARKER);
    try {
      if (!options.force && !(await isEmptyDatabase(database.db)))
        throw new BackupRejectedError(DATABASE_NOT_EMPTY);
      const existingMedia = await readdir(config.mediaDir).catch(() => []);
      if (existingMedia.length > 0 && !options.force)
        throw new BackupRejectedError(mediaNotEmpty(config.mediaDir));
      // From here the target changes: a start of the shop meanwhile waits (the same lock as its
      // migrations), and one after a restore cut short refuses (the marker).
      await writeFile(marker, `${new Date().toISOString()}\n`);
      await database.exclusive(async () => {
        await dropEverything(database.db);
        if (count > 0) await database.migrate(await migrationsUpTo(count, path.join(staging, 'migrations')));
        await loadDatabase(database.db, staged.databaseDir, staged.manifest.tables);
        await database.migrate();
      });
    } finally {
      await database.close();
    }
    await rm(config.mediaDir, { recursive: true, force: true });
    await mkdir(path.dirname(config.mediaDir), { recursive: true });
    await rename(staged.mediaDir, config.mediaDir);
    await rm(marker, { force: true });
    return {
      shop: staged.manifest.shop,
      created_at: staged.manifest.created_at,
      rows: staged.manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      media: staged.mediaFiles,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
