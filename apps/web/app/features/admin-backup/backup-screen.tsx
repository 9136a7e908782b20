import {
  BACKUP_DOWNLOAD_LABEL,
  BACKUP_PROTECTED,
  BACKUP_UNPROTECTED,
  formatBytes,
  type LastBackup,
  NO_BACKUP_YET,
} from '@souk/domain/admin-backup';
import { formatDateTime } from '@souk/domain/dates';
import { buttonClass } from '~/components/ui/button';

/** Where 'Télécharger une sauvegarde' posts: the admin is checked, then sent on to the API's archive. */
export const BACKUP_DOWNLOAD_ACTION = '/admin/backup/download';

/**
 * 'Sauvegarde': what a backup holds, when the last one was taken, the download, and where to keep
 * it. The download is a plain form post (a backup is taken on a POST only, docs/decisions/0035),
 * not React Router's: the browser saves the archive as it streams, with or without the page's script.
 */
export function BackupScreen({ last, protected: sealed }: LastBackup) {
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
        <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-stone-900">
          <p className="font-semibold">À garder comme un mot de passe</p>
          <p className="mt-1">
            Le fichier contient les coordonnées et les commandes de tous vos clients, leurs mots de passe
            (brouillés), les paniers des visiteurs, et toutes les images et vidéos. Ne le partagez pas, ne
            l'envoyez ni par WhatsApp ni par e-mail.
          </p>
        </div>
        {sealed ? (
          <p className="mt-4 text-sm text-stone-800">{BACKUP_PROTECTED}</p>
        ) : (
          <div className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-stone-900">
            <p className="font-semibold">Sauvegardes non protégées</p>
            <p className="mt-1">{BACKUP_UNPROTECTED}</p>
          </div>
        )}
        <form method="post" action={BACKUP_DOWNLOAD_ACTION} className="mt-4">
          <button type="submit" className={buttonClass('primary', 'md')}>
            {BACKUP_DOWNLOAD_LABEL}
          </button>
        </form>
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
          <li>Après une restauration, tout le monde se reconnecte : vous, votre équipe et vos clients.</li>
        </ul>
      </section>
    </div>
  );
}
