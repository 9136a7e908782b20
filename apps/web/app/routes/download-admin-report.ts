import { redirect } from 'react-router';
import { adminAccess } from '~/lib/session.server';
import type { Route } from './+types/download-admin-report';

// 'Télécharger le CSV' on the report (a download, not a page): the session is checked here first,
// so an admin gets the API's CSV (GET /api/admin/dashboard/report/export, with its own admin check)
// and anyone else the report page, which sends them on — never an error saved as the file.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  const access = await adminAccess(request, context);
  if (access.refusal) throw redirect(`/admin/report${search}`);
  return redirect(`/api/admin/dashboard/report/export${search}`);
}
