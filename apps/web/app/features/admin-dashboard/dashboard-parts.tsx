import {
  type Dashboard,
  formatDay,
  type ProductSales,
  type WeekComparison,
} from '@souk/domain/admin-dashboard';
import { formatDateTime } from '@souk/domain/dates';
import { formatCount, formatFcfa } from '@souk/domain/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { OrderStatusBadge } from '~/components/ui/status-badge';

/** A titled block of the dashboard or the report. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The most ordered products, with their quantity and revenue. */
export function ProductRanking({
  id,
  title,
  products,
}: {
  id: string;
  title: string;
  products: ProductSales[];
}) {
  return (
    <Panel id={id} title={title}>
      {products.length === 0 ? (
        <EmptyState title="Aucun produit commandé" headingLevel={3} />
      ) : (
        <ol className="flex flex-col divide-y divide-stone-100">
          {products.map((p, i) => (
            <li key={`${p.product_id ?? 'x'}-${p.name}`} className="flex items-center gap-3 py-2 text-sm">
              <span aria-hidden="true" className="w-5 shrink-0 text-right font-semibold text-stone-500">
                {i + 1}
              </span>
              <span className="min-w-0 flex-1 break-words font-medium text-stone-900">{p.name}</span>
              <span className="shrink-0 text-right">
                <span className="block font-semibold text-stone-900">
                  {formatCount(p.quantity)} vendu{p.quantity > 1 ? 's' : ''}
                </span>
                <span className="block text-xs text-stone-600">{formatFcfa(p.revenue)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The 5 newest orders, each opening its details on the orders screen. */
export function RecentOrders({ orders }: { orders: Dashboard['recent_orders'] }) {
  return (
    <Panel id="recent-orders" title="Commandes récentes">
      {orders.length === 0 ? (
        <EmptyState title="Aucune commande pour le moment" headingLevel={3} />
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100">
          {orders.map((order) => (
            <li
              key={order.id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm"
            >
              <span className="min-w-0">
                <Link
                  to={`/admin/orders?details=${order.id}`}
                  className="font-semibold text-emerald-800 underline-offset-2 hover:underline"
                >
                  {order.order_number}
                </Link>
                <span className="block break-words text-stone-700">{order.client_name}</span>
                <span className="block text-xs text-stone-500">{formatDateTime(order.created_at)}</span>
              </span>
              <span className="flex flex-col items-end gap-1">
                <span className="font-semibold text-stone-900">{formatFcfa(order.total_amount)}</span>
                <OrderStatusBadge status={order.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** '+15 %', '−20 %', 'stable'; null when last week had nothing to compare with. */
export function formatChange(percent: number | null): string | null {
  if (percent === null) return null;
  if (percent === 0) return 'stable';
  return `${percent > 0 ? '+' : '−'}${formatCount(Math.abs(percent))}\u00a0%`;
}

function WeekFigure({
  label,
  week,
  format,
}: {
  label: string;
  week: WeekComparison;
  format: (n: number) => string;
}) {
  const change = formatChange(week.change_percent);
  const tone =
    week.change_percent === null || week.change_percent === 0
      ? 'text-stone-600'
      : week.change_percent > 0
        ? 'text-emerald-800'
        : 'text-red-700';
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-xl font-bold text-stone-900">{format(week.this_week)}</dd>
      <dd className="text-xs text-stone-600">
        {change && <span className={`font-semibold ${tone}`}>{change} </span>}
        (semaine dernière : {format(week.last_week)})
      </dd>
    </div>
  );
}

/** 'Activité récente': this week (from Monday) against last week, and the customers new this week. */
export function WeekActivity({ activity }: { activity: Dashboard['activity'] }) {
  return (
    <Panel id="activity" title="Activité récente">
      <p className="text-sm text-stone-600">
        Cette semaine (depuis le lundi {formatDay(activity.week_start)})
      </p>
      <dl className="flex flex-col gap-3">
        <WeekFigure label="Commandes" week={activity.orders} format={formatCount} />
        <WeekFigure label="Chiffre d'affaires" week={activity.revenue} format={formatFcfa} />
        <div className="flex flex-col gap-0.5">
          <dt className="text-sm text-stone-600">Nouveaux clients</dt>
          <dd className="text-xl font-bold text-stone-900">{formatCount(activity.new_customers)}</dd>
        </div>
      </dl>
    </Panel>
  );
}
