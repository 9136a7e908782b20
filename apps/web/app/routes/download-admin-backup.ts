import { adminDownload } from '~/lib/admin-download.server';
import type { Route } from './+types/download-admin-backup';

// 'Télécharger une sauvegarde': GET /api/admin/backup, streamed; anyone but an admin gets the
// 'Sauvegarde' page with its notice.
export const loader = (args: Route.LoaderArgs) => adminDownload(args, '/admin/backup', '/api/admin/backup');
