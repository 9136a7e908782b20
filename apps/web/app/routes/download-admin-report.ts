import { adminDownload } from '~/lib/admin-download.server';
import type { Route } from './+types/download-admin-report';

// 'Télécharger le CSV' on the report: GET /api/admin/dashboard/report/export; anyone but an admin
// gets the report page, which sends them on.
export const loader = (args: Route.LoaderArgs) =>
  adminDownload(args, '/admin/report', '/api/admin/dashboard/report/export');
