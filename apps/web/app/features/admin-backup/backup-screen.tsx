import {
  BACKUP_DOWNLOAD_LABEL,
  formatBytes,
  type LastBackup,
  NO_BACKUP_YET,
} from '@souk/domain/admin-backup';
import { formatDateTime } from '@souk/domain/dates';
import { buttonClass } from '~/components/ui/button';

/** Where 'Télécharger une sauvegarde' leads: the admin is checked, then sent on to the API's archive. */
export const BACKUP_DOWNLOAD_HREF = '/admin/backup/download';

/**
 * 'Sauvegarde': what a backup holds, when the last one was taken, the download, and where to keep
 * it. The download is a plain link: the browser saves the archive as it streams, however large.
 */
export function BackupScreen({ last }: LastBackup) {
  return (
    <div className="flex max-w-2xl flex-col gap-5">
      <section
        aria-labelledby="last-backup"
        className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
      >
        <h2 id="last-backup" className="font-semibold text-stone-900">
          Dernière sauvegarde
        </h2>
        <p className="mt-1 text-stone-800">
          {last ? (
            <>
              Le <time dateTime={last.taken_at}>{formatDateTime(last.taken_at)}</time> (
              {formatBytes(last.bytes)}
              {last.source === 'cli' ? ', en ligne de commande' : ', depuis le back-office'})
            </>
          ) : (
            NO_BACKUP_YET
          )}
        </p>
        <a href={BACKUP_DOWNLOAD_HREF} download className={`${buttonClass('primary', 'md')} mt-4`}>
          {BACKUP_DOWNLOAD_LABEL}
        </a>
      </section>
      <section aria-labelledby="backup-advice" className="text-sm text-stone-700">
        <h2 id="backup-advice" className="font-semibold text-stone-900">
          Bien garder ses sauvegardes
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            Une sauvegarde contient toute la boutique : commandes, clients, produits, catégories, bannières,
            images et vidéos. La boutique reste ouverte pendant qu'elle se fait (elle peut ralentir quelques
            secondes, le temps de lire la base).
          </li>
          <li>Faites-en une chaque semaine, et après chaque journée de nombreuses commandes.</li>
          <li>
            Gardez-la hors du serveur : sur votre ordinateur, une clé USB ou un espace en ligne. Gardez les
            quatre dernières.
          </li>
          <li>
            Elle contient les coordonnées de vos clients : ne la partagez pas et ne l'envoyez pas par
            WhatsApp.
          </li>
        </ul>
      </section>
    </div>
  );
}
