import { redirect } from 'react-router';
import { adminAccess } from '~/lib/session.server';
import type { Route } from './+types/download-admin-orders';

// 'Exporter' on the orders screen (a download, not a page): the session is checked here first, so
// an admin gets the API's CSV (GET /api/admin/orders/export, streamed, with its own admin check)
// and anyone else the orders screen with its notice (spec §6, §8) — never an error saved as the file.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  const access = await adminAccess(request, context);
  if (access.refusal) throw redirect(`/admin/orders${search}`);
  return redirect(`/api/admin/orders/export${search}`);
}
