import { Link, useLocation } from 'react-router';
import { ADMIN_SECTIONS } from '~/features/admin-layout/admin-nav';
import { AdminPage } from '~/features/admin-layout/admin-page';
import { requireAdmin } from '~/lib/session.server';
import type { Route } from './+types/admin-upcoming';

// The sections whose screens are not built yet (orders, customers, banners: "Back office" III and
// IV). The menu already leads here, behind the same admin check, and says so plainly.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: 'Administration Souk' }];

export default function AdminUpcoming() {
  const { pathname } = useLocation();
  const section = ADMIN_SECTIONS.find((s) => s.to === pathname);
  return (
    <AdminPage title={section?.label ?? 'Administration'}>
      <p className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
        Cet écran n'est pas encore disponible dans cette version de l'administration.
      </p>
      <Link to="/admin" className="font-semibold text-emerald-800 underline underline-offset-2">
        Retour au tableau de bord
      </Link>
    </AdminPage>
  );
}
