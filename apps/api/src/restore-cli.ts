// `npm run restore -- FILE [--force] [--unsigned]`: an archive of `npm run backup` or the back
// office's 'Sauvegarde' into the configured database (DATABASE_URL, else DATA_DIR's, with the shop
// stopped) and DATA_DIR/media. A shop already there is replaced only with --force, and only once
// the archive has loaded whole; an archive without a seal this server can check, only with
// --unsigned (docs/decisions/0044).
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { loadConfig } from './config.ts';
import { BackupRejectedError } from './modules/backup/backup-errors.ts';
import { UNSIGNED_RISK } from './modules/backup/backup-seal.ts';
import { restoreBackup } from './modules/backup/restore.ts';

const USAGE = 'Utilisation : npm run restore -- FICHIER.tar.gz [--force] [--unsigned]';
const OPTIONS = ['--force', '--unsigned'];

async function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('-'));
  if (!file) throw new BackupRejectedError(USAGE);
  const unknown = args.filter((a) => a.startsWith('-') && !OPTIONS.includes(a));
  if (unknown.length) throw new BackupRejectedError(`Option inconnue : ${unknown.join(' ')}\n${USAGE}`);
  await access(file).catch(() => {
    throw new BackupRejectedError(`Fichier introuvable : ${file}`);
  });
  const config = loadConfig();
  const restored = await restoreBackup(createReadStream(file), config, {
    force: args.includes('--force'),
    unsigned: args.includes('--unsigned'),
  });
  console.info(
    `Sauvegarde du ${new Date(restored.created_at).toLocaleString('fr-FR')} (${restored.shop}) restaurée : ${restored.rows} lignes, ${restored.media} fichiers. Toutes les sessions sont fermées : chacun se reconnecte.`,
  );
  for (const warning of restored.warnings) console.warn(warning);
  if (!restored.verified) console.warn(UNSIGNED_RISK);
}

main().catch((error: unknown) => {
  // Our own refusals and the configuration's are written for the owner; anything else is a
  // driver's or the system's, whose message may quote rows: its first line only, cut short.
  const message = error instanceof Error ? error.message : String(error);
  const ours = error instanceof BackupRejectedError || message.startsWith('Configuration invalide');
  console.error(ours ? message : `La restauration a échoué : ${message.split('\n')[0]?.slice(0, 200)}`);
  process.exitCode = 1;
});
