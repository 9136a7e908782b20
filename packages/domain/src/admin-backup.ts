import { z } from 'zod';

// The back office's 'Sauvegarde' (docs/decisions/0035): one archive of the whole shop, and when
// the last one was taken.

export const BACKUP_TITLE = 'Sauvegarde';
export const BACKUP_DOWNLOAD_LABEL = 'Télécharger une sauvegarde';
export const NO_BACKUP_YET = "Aucune sauvegarde n'a encore été faite.";
/** Without BACKUP_KEY (docs/decisions/0044): what the owner risks, and who can change it. */
export const BACKUP_UNPROTECTED =
  "Vos sauvegardes ne sont pas protégées : si quelqu'un modifie un fichier de sauvegarde (par exemple pour y ajouter un compte administrateur), rien ne le signalera à la restauration. Demandez à la personne qui gère le serveur de définir BACKUP_KEY (voir le README, section « Backups »).";
export const BACKUP_PROTECTED =
  'Vos sauvegardes sont signées : un fichier modifié après coup sera refusé à la restauration. La clé (BACKUP_KEY) se garde ailleurs que les sauvegardes.';

export const LastBackupSchema = z.object({
  /** Whether the shop seals its archives (BACKUP_KEY): a changed archive is then refused at restore. */
  protected: z.boolean(),
  last: z
    .object({
      taken_at: z.string(),
      bytes: z.number(),
      /** 'admin': downloaded from the back office; 'cli': `npm run backup`. */
      source: z.enum(['admin', 'cli']),
    })
    .nullable(),
});
export type LastBackup = z.infer<typeof LastBackupSchema>;

/** '12,4 Mo', '850 Ko': an archive's size as the owner reads it. */
export function formatBytes(bytes: number): string {
  const units = ['octets', 'Ko', 'Mo', 'Go'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** The archive's file name: the shop's host and the shop's date and time ('souk-boutique-sn-202611271403.tar.gz'). */
export const backupFileName = (host: string, stamp: string) =>
  `souk-${
    host
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'boutique'
  }-${stamp}.tar.gz`;
