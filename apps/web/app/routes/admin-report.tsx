import { shopDay } from '@souk/domain/dates';
import { DashboardLoadError } from '~/features/admin-dashboard/dashboard-screen';
import { readReportQuery } from '~/features/admin-dashboard/report-params';
import { ReportScreen } from '~/features/admin-dashboard/report-screen';
import { AdminPage } from '~/features/admin-layout/admin-page';
import { api, dataOrThrow } from '~/lib/api.server';
import type { Route } from './+types/admin-report';

export const meta: Route.MetaFunction = () => [{ title: 'Rapport complet — Administration Souk' }];

/**
 * 'Rapport complet' over the days the URL names (the last 30 without them). Days the API refuses
 * (422) show why above the period picker, not an error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = readReportQuery(new URL(request.url).searchParams);
  const result = await api(context).get('/admin/dashboard/report', { query: asked });
  const today = shopDay(new Date());
  if (!result.ok && result.status === 422) {
    const error = Object.values(result.errors ?? {})[0]?.[0] ?? result.message;
    return { report: null, error, asked, today };
  }
  return { report: dataOrThrow(result), error: null, asked, today };
}

export default function AdminReport({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Rapport complet" subtitle="Chiffre d'affaires, commandes et produits sur une période">
      <ReportScreen {...loaderData} />
    </AdminPage>
  );
}

/** The dashboard's own error state and words: the report is its full view. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DashboardLoadError error={error} from="/admin/report" />;
}
