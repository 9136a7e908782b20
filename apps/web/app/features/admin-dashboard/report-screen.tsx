import { formatDay, type Report } from '@souk/domain/admin-dashboard';
import { COLLECTED_LABEL } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import { REFUND_STATE_LABELS } from '@souk/domain/order-status';
import { Form, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { StatCards } from '~/components/ui/stat-cards';
import { RevenueChart, StatusChart } from './charts';
import { Panel, ProductRanking } from './dashboard-parts';
import { reportExportHref, reportPresets } from './report-params';

const PERIOD_ERROR_ID = 'period-error';
const FIELD = 'min-h-11 rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900';

/** The period picker: two days, 'Afficher', and the last 7, 30 and 90 days one click away. */
function PeriodPicker({
  period,
  today,
  refused,
}: {
  period: { from?: string; to?: string };
  today: string;
  /** The API refused these days: the fields say so and point to the reason (PERIOD_ERROR_ID). */
  refused: boolean;
}) {
  const presets = reportPresets(today);
  const invalid = refused ? { 'aria-invalid': true, 'aria-describedby': PERIOD_ERROR_ID } : {};
  return (
    <Panel id="period" title="Période">
      <ul className="flex flex-wrap gap-2">
        {presets.map((preset) => {
          const current = preset.period.from === period.from && preset.period.to === period.to;
          return (
            <li key={preset.days}>
              <Link
                to={preset.href}
                aria-current={current ? 'page' : undefined}
                className={buttonClass(current ? 'primary' : 'secondary', 'sm')}
              >
                {preset.label}
              </Link>
            </li>
          );
        })}
      </ul>
      {/* A GET form: the period goes to the URL, so it can be reloaded, bookmarked and shared. */}
      <Form method="get" key={`${period.from}-${period.to}`} className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          Du
          <input type="date" name="from" defaultValue={period.from} required className={FIELD} {...invalid} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          Au
          <input type="date" name="to" defaultValue={period.to} required className={FIELD} {...invalid} />
        </label>
        <button type="submit" className={buttonClass('primary', 'md')}>
          Afficher
        </button>
      </Form>
    </Panel>
  );
}

/**
 * 'Rapport complet': the period's totals, revenue per day, orders by status and most ordered
 * products, and its CSV; or, for days the API refuses, why.
 */
export function ReportScreen({
  report,
  error,
  asked,
  today,
}: {
  report: Report | null;
  error: string | null;
  asked: { from?: string; to?: string };
  today: string;
}) {
  return (
    <>
      <PeriodPicker period={report?.period ?? asked} today={today} refused={Boolean(error)} />
      {error && (
        <p
          id={PERIOD_ERROR_ID}
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          {error}
        </p>
      )}
      {report && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-stone-700">
              Du {formatDay(report.period.from)} au {formatDay(report.period.to)} — mis à jour le{' '}
              {formatDateTime(report.generated_at)}
            </p>
            <a href={reportExportHref(report.period)} className={buttonClass('secondary', 'md')}>
              Télécharger le CSV
            </a>
          </div>
          <StatCards
            className="grid-cols-2 sm:grid-cols-4"
            items={[
              { label: 'Commandes', value: report.totals.orders },
              { label: 'Articles vendus', value: report.totals.items },
              { label: "Chiffre d'affaires", value: formatFcfa(report.totals.revenue) },
              { label: COLLECTED_LABEL, value: formatFcfa(report.totals.collected) },
            ]}
          />
          {/* Money taken for orders cancelled since: what she owes back, until 'Remboursé'. */}
          {report.totals.to_refund > 0 && (
            <p
              role="note"
              className="rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
            >
              {REFUND_STATE_LABELS.due} : {formatFcfa(report.totals.to_refund)} (commandes payées puis
              annulées)
            </p>
          )}
          <RevenueChart id="report-revenue" title="Chiffre d'affaires par jour" days={report.days} />
          <div className="grid gap-4 lg:grid-cols-2">
            <StatusChart id="report-status" title="Commandes par statut" counts={report.orders_by_status} />
            <ProductRanking
              id="report-products"
              title="Produits les plus commandés"
              products={report.top_products}
            />
          </div>
        </>
      )}
    </>
  );
}
