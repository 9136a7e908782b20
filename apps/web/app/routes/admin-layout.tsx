import { Outlet } from 'react-router';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { AdminShell } from '~/features/admin-layout/admin-shell';
import { api } from '~/lib/api.server';
import { accountPageHeaders } from '~/lib/no-store';
import { pageAddressOf } from '~/lib/page-address';
import { adminAccess, requireAdmin } from '~/lib/session.server';
import type { Route } from './+types/admin-layout';
import '~/admin.css';

export const headers: Route.HeadersFunction = accountPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: 'Administration — Souk' },
  { name: 'robots', content: 'noindex, nofollow' },
];

/**
 * Pages that tell a guest or a client why they are sent away before they are (spec §6: the orders
 * screen). This layout's loader runs beside theirs, so for them it must not redirect at once: it
 * steps aside (no frame, no admin data) and lets the page show its notice.
 */
const NOTICE_PAGES = new Set(['/admin/orders']);

const showsNotice = (request: Request) =>
  NOTICE_PAGES.has(pageAddressOf(request).split('?')[0]?.replace(/\/$/, '') ?? '');

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = showsNotice(request)
    ? (await adminAccess(request, context)).user
    : await requireAdmin(request, context);
  if (!user) return { userName: null, pendingOrders: 0 };
  // The bell is a convenience: if it cannot be read, the page still opens without a number.
  const notifications = await api(context).get('/admin/notifications');
  return { userName: user.name, pendingOrders: notifications.ok ? notifications.data.pending_orders : 0 };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  if (loaderData.userName === null) return <Outlet />;
  return (
    <AdminShell userName={loaderData.userName} pendingOrders={loaderData.pendingOrders}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * Spec (dashboard error state): 'Erreur de chargement' with 'Réessayer'; an expired session
 * (401) also offers 'Se reconnecter'.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { status, message } = routeErrorInfo(error, 'Une erreur est survenue');
  return status === 401 ? (
    <ErrorState
      title="Erreur de chargement"
      hint="Session expirée. Veuillez vous reconnecter."
      back={{ to: '/auth/login?redirectTo=%2Fadmin', label: 'Se reconnecter' }}
    />
  ) : (
    <ErrorState
      title="Erreur de chargement"
      hint={message}
      back={{ to: '/admin', label: 'Tableau de bord' }}
    />
  );
}
