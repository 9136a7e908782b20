import { type AdminOrderSummary, COLLECTED_LABEL } from '@souk/domain/admin-orders';
import { formatCount, formatFcfa } from '@souk/domain/money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@souk/domain/order-status';
import { ColumnHeaders } from '~/components/ui/column-headers';
import { Dialog } from '~/components/ui/dialog';
import { statusStyle } from '~/components/ui/status-badge';

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/**
 * 'Vue d'ensemble' (its behaviour is ours: the original shop's was never described): where the
 * orders the filters keep stand, status by status — how many, their share, their amount — and the
 * revenue, as a table a screen reader reads row by row, each share also drawn as a bar in its
 * status's colour.
 */
export function OrderOverviewDialog({
  open,
  summary,
  onClose,
}: {
  open: boolean;
  summary: AdminOrderSummary;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Vue d'ensemble" size="lg" closeButton>
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {[
            ['Commandes', formatCount(summary.total_orders)],
            ["Chiffre d'affaires (hors annulées)", formatFcfa(summary.total_revenue)],
            [COLLECTED_LABEL, formatFcfa(summary.collected_revenue)],
            ['Panier moyen', formatFcfa(summary.average_order_value)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-2xl border border-stone-200 bg-stone-50 p-3">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="text-xl font-bold text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
        {/* Fits a 360 px phone as it is (a scrolling table would need its own keyboard access). */}
        <div>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Répartition des commandes par statut</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                <ColumnHeaders
                  columns={[
                    { label: 'Statut', className: 'py-2 pr-2 font-semibold' },
                    { label: 'Commandes', className: 'py-2 pr-2 text-right font-semibold' },
                    { label: 'Part', className: 'py-2 pr-2 font-semibold' },
                    { label: 'Montant', className: 'py-2 text-right font-semibold' },
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {ORDER_STATUSES.map((status) => {
                const count = summary.status_breakdown[status];
                const share = percent(count, summary.total_orders);
                return (
                  <tr key={status} className="border-b border-stone-100">
                    <th scope="row" className="py-2 pr-2 font-medium text-stone-900">
                      {ORDER_STATUS_LABELS[status]}
                    </th>
                    <td className="py-2 pr-2 text-right tabular-nums">{formatCount(count)}</td>
                    <td className="py-2 pr-2">
                      <div className="flex items-center gap-2">
                        <div
                          className="h-2 w-20 overflow-hidden rounded-full bg-stone-100 sm:w-32"
                          aria-hidden="true"
                        >
                          <div
                            className={`h-full ring-1 ${statusStyle(status)}`}
                            style={{ width: `${share}%` }}
                          />
                        </div>
                        <span className="tabular-nums">{share} %</span>
                      </div>
                    </td>
                    <td className="py-2 text-right tabular-nums">
                      {formatFcfa(summary.revenue_breakdown[status])}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="text-sm text-stone-600">
          Calculé sur toutes les commandes retenues par la recherche et les filtres (période, dates, montant),
          quel que soit le statut choisi. Les commandes annulées ne comptent pas dans le chiffre d'affaires.
        </p>
      </div>
    </Dialog>
  );
}
