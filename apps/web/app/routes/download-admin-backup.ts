import { redirect } from 'react-router';
import { isAdmin } from '~/lib/admin-access.server';
import type { Route } from './+types/download-admin-backup';

// 'Télécharger une sauvegarde': the 'Sauvegarde' page's form posts here (docs/decisions/0035). An
// admin is sent on to POST /api/admin/backup with a 307, which keeps the method: the browser posts
// again and saves the archive as it streams, however large. Anyone else gets the page, which says
// why, never an error saved as the file. A GET (a link followed, a page opening the address)
// builds nothing: it is sent to the page.
const PAGE = '/admin/backup';

export async function action({ request, context }: Route.ActionArgs) {
  if (!(await isAdmin(request, context))) return redirect(PAGE, 303);
  return redirect('/api/admin/backup', 307);
}

export const loader = () => redirect(PAGE);
