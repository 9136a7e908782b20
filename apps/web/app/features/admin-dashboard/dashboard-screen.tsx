import type { Dashboard } from '@souk/domain/admin-dashboard';
import { formatDateTime } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { ErrorState } from '~/components/ui/error-state';
import { StatCards } from '~/components/ui/stat-cards';
import { browserApi } from '~/lib/api.client';
import { CONNECTION_ERROR, failureMessage } from '~/lib/api-client';
import { RevenueChart, StatusChart } from './charts';
import { cacheDashboard, localStore, refreshLater } from './dashboard-cache';
import { ProductRanking, RecentOrders, WeekActivity } from './dashboard-parts';

// Spec §8 (dashboard).
export const LOAD_ERROR_TITLE = 'Erreur de chargement';
export const SESSION_EXPIRED = 'Session expirée. Veuillez vous reconnecter.';
export const loadErrorHint = (message: string) => `Erreur lors du chargement des données: ${message}`;

/** An expired session: the spec's words and 'Se reconnecter', back here once logged in. */
export function SessionExpired() {
  return (
    <ErrorState
      title={LOAD_ERROR_TITLE}
      hint={SESSION_EXPIRED}
      retry={false}
      back={{ to: '/auth/login?redirectTo=%2Fadmin', label: 'Se reconnecter' }}
    />
  );
}

type Shown = { dashboard: Dashboard; refreshError: string | null; expired: boolean };

/**
 * What the dashboard shows: the loader's data; when that was the local copy, the server's figures
 * 1 s later (spec §4). Fresh figures are kept as the local copy. A refresh that fails keeps the
 * copy on screen and says why; one the session no longer allows shows that the session expired.
 */
export function useDashboard(loaded: Dashboard, fromCache: boolean): Shown {
  const [shown, setShown] = useState<Shown>({ dashboard: loaded, refreshError: null, expired: false });
  useEffect(() => {
    setShown({ dashboard: loaded, refreshError: null, expired: false });
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
      if (result.ok) {
        if (storage) cacheDashboard(storage, result.data, Date.now());
        setShown({ dashboard: result.data, refreshError: null, expired: false });
      } else if (result.status === 401) setShown((s) => ({ ...s, expired: true }));
      else setShown((s) => ({ ...s, refreshError: loadErrorHint(failureMessage(result, CONNECTION_ERROR)) }));
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
      <StatCards
        className="grid-cols-2 lg:grid-cols-4"
        items={[
          { label: 'Total Produits', value: stats.total_products },
          { label: 'Clients Actifs', value: stats.active_customers },
          { label: 'Commandes', value: stats.total_orders },
          { label: "Chiffre d'Affaires", value: formatFcfa(stats.total_revenue) },
        ]}
      />
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
