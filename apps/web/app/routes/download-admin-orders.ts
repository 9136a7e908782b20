import { adminDownload } from '~/lib/admin-download.server';
import type { Route } from './+types/download-admin-orders';

// 'Exporter' on the orders screen: GET /api/admin/orders/export, streamed; anyone but an admin
// gets the orders screen with its notice.
export const loader = (args: Route.LoaderArgs) =>
  adminDownload(args, '/admin/orders', '/api/admin/orders/export');
