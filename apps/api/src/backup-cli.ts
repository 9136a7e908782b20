// `npm run backup -- FILE`: the whole shop (database and media) into one archive, from the command
// line. PostgreSQL: while the shop runs. PGlite: only while the shop is stopped (one process owns
// its DATA_DIR); a running shop's owner downloads it from the back office ('Sauvegarde').
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { takeBackup } from './modules/backup/backup.service.ts';

const USAGE = 'Utilisation : npm run backup -- FICHIER.tar.gz';

async function main() {
  const target = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!target) throw new Error(USAGE);
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (!config.DATABASE_URL && /déjà utilisé/.test(String(error)))
      throw new Error(
        `${(error as Error).message}\nLa boutique tourne sur la base embarquée : téléchargez la sauvegarde depuis le back-office (Sauvegarde), ou arrêtez la boutique puis relancez cette commande.`,
      );
    throw error;
  }
  // Written beside its final name, then renamed: a stop half-way leaves no file that looks whole.
  const partial = `${path.resolve(target)}.partiel`;
  try {
    const backup = await takeBackup(
      {
        db: database.db,
        mediaDir: config.mediaDir,
        workDir: config.tmpDir,
        publicUrl: config.publicUrl,
        keys: config.backupKeys,
        log: () => {},
      },
      { source: 'cli', userId: null },
    );
    // Recorded ('Dernière sauvegarde') once the file is written whole under its final name; a
    // full disk fails the copy, which stops the packing, and records nothing.
    const { bytes, media, tables } = await backup.delivered(
      pipeline(backup.stream, createWriteStream(partial)).then(() => rename(partial, path.resolve(target))),
    );
    console.info(`Sauvegarde écrite dans ${target} : ${tables} tables, ${media} fichiers, ${bytes} octets.`);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
