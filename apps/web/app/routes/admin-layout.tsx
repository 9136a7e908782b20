import { Outlet } from 'react-router';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { LOAD_ERROR_TITLE, SessionExpiredState } from '~/components/ui/session-expired-state';
import { AdminShell } from '~/features/admin-layout/admin-shell';
import { api } from '~/lib/api.server';
import { accountPageHeaders } from '~/lib/no-store';
import { showsAccessNotice } from '~/lib/notice-pages';
import { pageAddressOf } from '~/lib/page-address';
import { adminAccess, requireAdmin } from '~/lib/session.server';
import type { Route } from './+types/admin-layout';
import '~/admin.css';

export const headers: Route.HeadersFunction = accountPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: 'Administration — Souk' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // A page that tells a guest or a client why it sends them away (lib/notice-pages): this loader
  // runs beside its own, so for it this one must not redirect at once; it steps aside (no frame,
  // no admin data) and lets the page show its notice.
  // The page's address, not its data request's ('/admin/orders.data' when navigating in the browser).
  const user = showsAccessNotice(pageAddressOf(request).split('?')[0] ?? '')
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
 * The dashboard's error state: 'Erreur de chargement' with 'Réessayer'; an expired session
 * (401) also offers 'Se reconnecter'.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { status, message } = routeErrorInfo(error, 'Une erreur est survenue');
  return status === 401 ? (
    <SessionExpiredState />
  ) : (
    <ErrorState title={LOAD_ERROR_TITLE} hint={message} back={{ to: '/admin', label: 'Tableau de bord' }} />
  );
}
