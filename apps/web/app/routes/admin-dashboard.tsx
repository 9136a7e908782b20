import { ErrorState } from '~/components/ui/error-state';
import { LOAD_ERROR_TITLE, SessionExpiredState } from '~/components/ui/session-expired-state';
import { readCachedDashboard } from '~/features/admin-dashboard/dashboard-cache';
import {
  DashboardLoadError,
  DashboardScreen,
  lastUpdate,
  ReportLink,
  useDashboard,
} from '~/features/admin-dashboard/dashboard-screen';
import { AdminPage } from '~/features/admin-layout/admin-page';
import { api, dataOrThrow } from '~/lib/api.server';
import { localStore } from '~/lib/local-copies';
import { requireAdmin } from '~/lib/session.server';
import type { Route } from './+types/admin-dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Tableau de bord — Administration Souk' }];

/** A page load (or a visit without a fresh local copy): the server's figures. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { dashboard: dataOrThrow(await api(context).get('/admin/dashboard')), fromCache: false };
}

/**
 * A visit from another back-office page: the local copy at once when
 * it is under 10 minutes old (the screen fetches the server's 1 s later), else the server's. A
 * full page load never comes here: it renders the loader's fresh figures.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const storage = localStore();
  const cached = storage ? readCachedDashboard(storage, Date.now()) : null;
  if (cached) return { dashboard: cached, fromCache: true };
  return serverLoader();
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, refreshError, expired, denied } = useDashboard(
    loaderData.dashboard,
    loaderData.fromCache,
  );
  if (expired) return <SessionExpiredState />;
  // Refused by the API (blocked, no longer an admin): the copy's figures leave the screen too.
  if (denied) return <ErrorState title={LOAD_ERROR_TITLE} hint={denied} />;
  return (
    <AdminPage title="Tableau de bord" subtitle={lastUpdate(dashboard)} actions={<ReportLink />}>
      <DashboardScreen dashboard={dashboard} refreshError={refreshError} />
    </AdminPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DashboardLoadError error={error} from="/admin" />;
}
