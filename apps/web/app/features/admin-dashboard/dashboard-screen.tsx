import type { Dashboard } from '@souk/domain/admin-dashboard';
import { COLLECTED_LABEL } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import { PAID_WITH, PAID_WITH_LABELS, type PaidWith } from '@souk/domain/payments';
import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { LOAD_ERROR_TITLE, SessionExpiredState } from '~/components/ui/session-expired-state';
import { StatCards } from '~/components/ui/stat-cards';
import { browserApi } from '~/lib/api.client';
import { type ApiResult, CONNECTION_ERROR, failureMessage } from '~/lib/api-client';
import { localStore } from '~/lib/local-copies';
import { RevenueChart, StatusChart } from './charts';
import { cacheDashboard, clearCachedDashboard, refreshLater } from './dashboard-cache';
import { ProductRanking, RecentOrders, WeekActivity } from './dashboard-parts';

// The dashboard's load failure, with the API's reason.
export const loadErrorHint = (message: string) => `Erreur lors du chargement des données: ${message}`;

/**
 * The dashboard or its report could not load: 'Erreur de chargement', why, and
 * 'Réessayer' (reloads); an expired session offers 'Se reconnecter' instead.
 */
export function DashboardLoadError({ error, from }: { error: unknown; from: string }) {
  const { status, message } = routeErrorInfo(error, 'Une erreur est survenue');
  if (status === 401) return <SessionExpiredState from={from} />;
  return <ErrorState title={LOAD_ERROR_TITLE} hint={loadErrorHint(message)} />;
}

export type Shown = {
  dashboard: Dashboard;
  refreshError: string | null;
  /**
   * The API refused the refresh (401: the session ended; 403: blocked, no longer an admin): the
   * page asks the server again, whose access check (lib/admin-access.server.ts) says what follows.
   */
  refused: boolean;
};

type Storage = Parameters<typeof cacheDashboard>[0];

/** Figures shown as they are: no failure to tell about. */
const showing = (dashboard: Dashboard): Shown => ({
  dashboard,
  refreshError: null,
  refused: false,
});

/**
 * What a background refresh's answer does to the screen and to the local copy. Fresh figures
 * replace both. A 401 or 403 forgets the copy (it holds customers' names, and this browser is no
 * longer allowed them) and takes the figures off the screen while the server decides. Any other
 * failure keeps the copy on screen and says why.
 */
export function afterRefresh(
  shown: Shown,
  result: ApiResult<Dashboard>,
  storage: Storage | null,
  now: number,
): Shown {
  if (result.ok) {
    if (storage) cacheDashboard(storage, result.data, now);
    return showing(result.data);
  }
  if (result.status === 401 || result.status === 403) {
    if (storage) clearCachedDashboard(storage);
    return { ...shown, refused: true };
  }
  return { ...shown, refreshError: loadErrorHint(failureMessage(result, CONNECTION_ERROR)) };
}

/**
 * What the dashboard shows: the loader's data; when that was the local copy, the server's figures
 * 1 s later. Fresh figures are kept as the local copy (see afterRefresh).
 */
export function useDashboard(loaded: Dashboard, fromCache: boolean): Shown {
  const [shown, setShown] = useState(() => showing(loaded));
  const { revalidate } = useRevalidator();
  // Without its copy the page's loader asks the server, which lets the admin in or refuses.
  useEffect(() => {
    if (shown.refused) void revalidate();
  }, [shown.refused, revalidate]);
  useEffect(() => {
    setShown(showing(loaded));
    const storage = localStore();
    if (!fromCache) {
      if (storage) cacheDashboard(storage, loaded, Date.now());
      return;
    }
    const controller = new AbortController();
    const cancel = refreshLater(async () => {
      // Only a cancelled call throws (the page was left): nothing to show then.
      const result = await browserApi
        .get('/admin/dashboard', { signal: controller.signal })
        .catch(() => null);
      if (!result || controller.signal.aborted) return;
      setShown((s) => afterRefresh(s, result, storage, Date.now()));
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [loaded, fromCache]);
  return shown;
}

/** 'Rapport complet', in the page's header. */
export function ReportLink() {
  return (
    <Link to="/admin/report" className={buttonClass('primary', 'md')}>
      Rapport complet
    </Link>
  );
}

export const lastUpdate = (dashboard: Dashboard) =>
  `Dernière mise à jour : ${formatDateTime(dashboard.generated_at)}`;

/** The four cards, the two charts, the recent orders, the popular products and the week's activity. */
export function DashboardScreen({
  dashboard,
  refreshError,
}: {
  dashboard: Dashboard;
  refreshError: string | null;
}) {
  const { stats } = dashboard;
  return (
    <>
      {refreshError && (
        <p
          role="alert"
          className="rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {refreshError}
        </p>
      )}
      {/* Revenue ordered (cancelled orders aside) beside what the shop has been paid of it. */}
      <StatCards
        className="grid-cols-2 lg:grid-cols-5"
        items={[
          { label: 'Total Produits', value: stats.total_products },
          { label: 'Clients Actifs', value: stats.active_customers },
          { label: 'Commandes', value: stats.total_orders },
          { label: "Chiffre d'Affaires", value: formatFcfa(stats.total_revenue) },
          { label: COLLECTED_LABEL, value: formatFcfa(stats.collected_revenue) },
        ]}
      />
      <CollectedByMethod byMethod={stats.collected_by_method} />
      <div className="grid gap-4 lg:grid-cols-2">
        <RevenueChart
          id="revenue-chart"
          title="Chiffre d'affaires des 30 derniers jours"
          days={dashboard.revenue_by_day}
        />
        <StatusChart id="status-chart" title="Commandes par statut" counts={dashboard.orders_by_status} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <RecentOrders orders={dashboard.recent_orders} />
        <ProductRanking
          id="popular-products"
          title="Produits populaires"
          products={dashboard.popular_products}
        />
        <WeekActivity activity={dashboard.activity} />
      </div>
    </>
  );
}

/**
 * 'Encaissé' by how it was paid, once a provider has taken some of it (before, it was all by hand
 * and the card says it all): what the owner reconciles with each wallet.
 */
function CollectedByMethod({ byMethod }: { byMethod: Record<PaidWith, number> }) {
  if (byMethod.wave === 0 && byMethod.orange_money === 0) return null;
  const parts = PAID_WITH.filter((method) => byMethod[method] > 0).map(
    (method) => `${PAID_WITH_LABELS[method]} ${formatFcfa(byMethod[method])}`,
  );
  return (
    <p className="text-sm text-stone-700">
      {COLLECTED_LABEL} par moyen de paiement : {parts.join(' · ')}
    </p>
  );
}
