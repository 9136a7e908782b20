import { Outlet } from 'react-router';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { LOAD_ERROR_TITLE, SessionExpiredState } from '~/components/ui/session-expired-state';
import { AccessNoticePage, noticeOf } from '~/features/admin-layout/access-notice';
import { AdminShell } from '~/features/admin-layout/admin-shell';
import { adminAccess, currentAdmin } from '~/lib/admin-access.server';
import { api } from '~/lib/api.server';
import { accountPageHeaders } from '~/lib/no-store';
import type { Route } from './+types/admin-layout';
import '~/admin.css';

export const headers: Route.HeadersFunction = accountPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: 'Administration — Souk' },
  { name: 'robots', content: 'noindex, nofollow' },
];

// Before any admin page's loader or action runs: the admin, or the visitor's refusal.
export const middleware: Route.MiddlewareFunction[] = adminAccess;

export async function loader({ context }: Route.LoaderArgs) {
  // Taken before the reads: a change committed while they run makes the live updates read again.
  const readAt = Date.now();
  // The bell is a convenience: if it cannot be read, the page still opens without a number.
  const notifications = await api(context).get('/admin/notifications');
  return {
    readAt,
    userName: currentAdmin(context).name,
    pendingOrders: notifications.ok ? notifications.data.pending_orders : 0,
    whatsappOutage: notifications.ok ? notifications.data.whatsapp_outage : null,
    whatsappInbox: notifications.ok ? notifications.data.whatsapp_inbox : null,
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      userName={loaderData.userName}
      pendingOrders={loaderData.pendingOrders}
      whatsappOutage={loaderData.whatsappOutage}
      whatsappInbox={loaderData.whatsappInbox}
      readAt={loaderData.readAt}
    >
      <Outlet />
    </AdminShell>
  );
}

/**
 * A visitor the middleware refused on a page that says why (the notice, then elsewhere after
 * 2 s); else 'Erreur de chargement' with 'Réessayer', and an expired session (401) also offers
 * 'Se reconnecter'.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notice = noticeOf(error);
  if (notice) return <AccessNoticePage notice={notice} />;
  const { status, message } = routeErrorInfo(error, 'Une erreur est survenue');
  return status === 401 ? (
    <SessionExpiredState />
  ) : (
    <ErrorState title={LOAD_ERROR_TITLE} hint={message} back={{ to: '/admin', label: 'Tableau de bord' }} />
  );
}
