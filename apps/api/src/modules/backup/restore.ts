import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileExists } from '#shared/file-exists.ts';
import type { Config } from '../../config.ts';
import { type Database, migrateWithin, migrationsFolder } from '../../db/client.ts';
import { openConfiguredDatabase } from '../../db/open-configured.ts';
import { dropEverything, isEmptyDatabase, loadDatabase, TableLoadError } from '../../db/snapshot.ts';
import { BackupRejectedError } from './backup-errors.ts';
import { type StagedBackup, stageBackup } from './backup-staging.ts';

export const NEWER_BACKUP =
  "Cette sauvegarde vient d'une version plus récente de Souk : mettez Souk à jour avant de la restaurer";
export const DATABASE_NOT_EMPTY =
  "La base de données n'est pas vide : arrêtez la boutique, puis relancez avec --force pour la remplacer par la sauvegarde";
export const mediaNotEmpty = (dir: string) =>
  `Le dossier ${dir} contient déjà des images : relancez avec --force pour les remplacer par celles de la sauvegarde`;
/** A restore that failed once the target was opened: why, in a few words, and that nothing changed. */
export const restoreFailed = (why: string) =>
  `La restauration a échoué (${why}) : la boutique est restée telle qu'elle était.`;
export const oldFilesLeft = (dir: string, files: number) =>
  `Restauration faite, mais ${files} fichier(s) de l'ancienne boutique n'ont pas pu être retirés de ${dir} : supprimez-les à la main.`;

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

/** Moves a staged file into place; copied when DATA_DIR/media is another file system. */
async function moveInto(from: string, to: string) {
  await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EXDEV') throw error;
    await copyFile(from, to, fsConstants.COPYFILE_EXCL);
  });
}

/**
 * Replaces the shop with the staged archive, whole or not at all (docs/decisions/0044): the
 * archive's media files are put beside the current ones, then in one transaction the database is
 * emptied, migrated to the archive's level, loaded and migrated the rest of the way. Any failure
 * rolls the database back and takes away the files it added: the shop is as it was. Once
 * committed, the files the archive does not hold go (what could not be removed is said, the
 * restore done). Sessions are not in an archive: every one ends.
 */
async function replaceShop(
  database: Database,
  staged: StagedBackup,
  mediaDir: string,
  workDir: string,
): Promise<string[]> {
  const { count } = staged.manifest.migrations;
  const placed: string[] = [];
  let step = 'les images mises en place';
  try {
    await mkdir(mediaDir, { recursive: true });
    for (const name of staged.mediaFiles) {
      const target = path.join(mediaDir, name);
      // A name is a random key written once: the same name here is the same file.
      if (await fileExists(target)) continue;
      await moveInto(path.join(staged.mediaDir, name), target);
      placed.push(target);
    }
    step = 'la base vidée';
    await database.db.transaction(async (tx) => {
      await dropEverything(tx);
      step = 'la base mise au niveau de la sauvegarde';
      if (count > 0) await migrateWithin(tx, await migrationsUpTo(count, path.join(workDir, 'migrations')));
      step = 'les lignes chargées';
      await loadDatabase(tx, staged.databaseDir, staged.tables);
      step = 'la base mise au niveau de cette version de Souk';
      await migrateWithin(tx);
    });
  } catch (error) {
    await Promise.all(placed.map((file) => rm(file, { force: true })));
    if (error instanceof BackupRejectedError) throw error;
    // Never the driver's message: it quotes the statement, and a load's statement holds rows.
    const why = error instanceof TableLoadError ? `table ${error.table} : ${error.reason}` : step;
    throw new BackupRejectedError(restoreFailed(why), { cause: error });
  }
  const kept = new Set(staged.mediaFiles);
  const left: string[] = [];
  for (const name of await readdir(mediaDir).catch(() => []))
    if (!kept.has(name))
      await rm(path.join(mediaDir, name), { recursive: true, force: true }).catch(() => left.push(name));
  return left.length ? [oldFilesLeft(mediaDir, left.length)] : [];
}

/**
 * Restores an archive into the configured database (DATABASE_URL, else DATA_DIR's PGlite, which
 * must not be in use) and DATA_DIR/media. Checked whole first (stageBackup: its seal with
 * `config.backupKeys`, unless `unsigned`); then a database that is not empty, or a media folder
 * with the shop's files, is refused unless `force`: nothing is changed until then. Then the shop
 * is replaced in one step (replaceShop), under the same lock as a start's migrations.
 */
export async function restoreBackup(
  input: Readable,
  config: Config,
  options: { force: boolean; unsigned?: boolean },
) {
  const staging = path.join(config.tmpDir, `restore-${randomBytes(6).toString('hex')}`);
  const staged = await stageBackup(input, staging, {
    keys: config.backupKeys,
    unsigned: options.unsigned ?? false,
  });
  try {
    const { count, last } = staged.manifest.migrations;
    const known = await journalEntries();
    if (count > known.length || (count > 0 && known[count - 1]?.when !== last))
      throw new BackupRejectedError(NEWER_BACKUP);
    const database = await openConfiguredDatabase(config);
    let warnings: string[] = [];
    try {
      if (!options.force && !(await isEmptyDatabase(database.db)))
        throw new BackupRejectedError(DATABASE_NOT_EMPTY);
      const existingMedia = await readdir(config.mediaDir).catch(() => []);
      if (existingMedia.length > 0 && !options.force)
        throw new BackupRejectedError(mediaNotEmpty(config.mediaDir));
      warnings = await database.exclusive(() => replaceShop(database, staged, config.mediaDir, staging));
    } finally {
      await database.close();
    }
    return {
      warnings,
      shop: staged.manifest.shop,
      created_at: staged.manifest.created_at,
      rows: staged.tables.reduce((sum, t) => sum + t.rows, 0),
      media: staged.mediaFiles.length,
      verified: staged.verified,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
