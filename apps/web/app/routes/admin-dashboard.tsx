import { useEffect } from 'react';
import { AUTH_CHECKING } from '~/components/ui/auth-checking';
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
import type { Route } from './+types/admin-dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Tableau de bord — Administration Souk' }];

/** A page load (or a visit without a fresh local copy): the server's figures. */
export async function loader({ context }: Route.LoaderArgs) {
  return { dashboard: dataOrThrow(await api(context).get('/admin/dashboard')), fromCache: false };
}

/**
 * Whether the dashboard is on screen: a reading then is the page following a change (live
 * updates, docs/decisions/0042), not a visit, and goes to the server.
 */
let onScreen = false;

/**
 * A visit from another back-office page: the local copy at once when
 * it is under 10 minutes old (the screen fetches the server's 1 s later), else the server's. A
 * full page load never comes here: it renders the loader's fresh figures.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const storage = localStore();
  const cached = storage && !onScreen ? readCachedDashboard(storage, Date.now()) : null;
  if (cached) return { dashboard: cached, fromCache: true };
  return serverLoader();
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    onScreen = true;
    return () => {
      onScreen = false;
    };
  }, []);
  const { dashboard, refreshError, refused } = useDashboard(loaderData.dashboard, loaderData.fromCache);
  // The copy's figures leave the screen while the server checks the session again.
  if (refused)
    return (
      <AdminPage title="Tableau de bord">
        <p role="status">{AUTH_CHECKING}</p>
      </AdminPage>
    );
  return (
    <AdminPage title="Tableau de bord" subtitle={lastUpdate(dashboard)} actions={<ReportLink />}>
      <DashboardScreen dashboard={dashboard} refreshError={refreshError} />
    </AdminPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DashboardLoadError error={error} from="/admin" />;
}
