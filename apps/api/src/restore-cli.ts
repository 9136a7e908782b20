// `npm run restore -- FILE [--force]`: an archive of `npm run backup` or the back office's
// 'Sauvegarde' into the configured database (DATABASE_URL, else DATA_DIR's, with the shop stopped)
// and DATA_DIR/media. A shop already there is replaced only with --force.
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { loadConfig } from './config.ts';
import { restoreBackup } from './modules/backup/restore.ts';

const USAGE = 'Utilisation : npm run restore -- FICHIER.tar.gz [--force]';

async function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('-'));
  if (!file) throw new Error(USAGE);
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--force');
  if (unknown.length) throw new Error(`Option inconnue : ${unknown.join(' ')}\n${USAGE}`);
  await access(file).catch(() => {
    throw new Error(`Fichier introuvable : ${file}`);
  });
  const config = loadConfig();
  const restored = await restoreBackup(createReadStream(file), config, { force: args.includes('--force') });
  console.info(
    `Sauvegarde du ${new Date(restored.created_at).toLocaleString('fr-FR')} (${restored.shop}) restaurée : ${restored.rows} lignes, ${restored.media} fichiers.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
