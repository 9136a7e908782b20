import { type DayFigures, formatDay } from '@souk/domain/admin-dashboard';
import type { PerStatus } from '@souk/domain/admin-orders';
import { formatFcfa } from '@souk/domain/money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@souk/domain/order-status';
import type { ReactNode } from 'react';
import { Panel } from './dashboard-parts';

// The dashboard's and the report's charts, drawn as plain SVG and HTML by the server: nothing to
// download, nothing to run in the browser, the same picture before and after hydration
// (docs/decisions/0021-dashboard.md). Each has its figures in a table behind it, with a caption,
// for screen readers and for anyone who wants the numbers.

/** A titled chart and, one click away, the table of its figures. */
function ChartPanel({
  id,
  title,
  chart,
  table,
}: {
  id: string;
  title: string;
  chart: ReactNode;
  table: { caption: string; columns: readonly string[]; rows: readonly (readonly ReactNode[])[] };
}) {
  return (
    <Panel id={id} title={title}>
      {chart}
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-semibold text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-800">
          Voir le tableau<span className="sr-only"> : {title}</span>
        </summary>
        {/* Scrolls on its own (a year of days): reachable by keyboard, named for screen readers. */}
        <div
          className="mt-2 max-h-80 overflow-auto"
          tabIndex={0}
          role="region"
          aria-label={`Tableau : ${table.caption}`}
        >
          <table className="w-full text-left">
            <caption className="sr-only">{table.caption}</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                {table.columns.map((column, i) => (
                  <th
                    key={column}
                    scope="col"
                    className={`py-1 pr-2 font-semibold ${i > 0 ? 'text-right' : ''}`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map(([head, ...cells]) => (
                <tr key={String(head)} className="border-b border-stone-100">
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {head}
                  </th>
                  {cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                    <td key={i} className="py-1 pr-2 text-right tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Panel>
  );
}

const WIDTH = 600;
const HEIGHT = 220;
const TOP = 28;
const BOTTOM = 28;
const PLOT = HEIGHT - TOP - BOTTOM;

/** '2026-11-25' → '25/11' under the bars. */
const shortDay = (day: string) => formatDay(day).slice(0, 5);

/**
 * Revenue per day as columns, the highest day's amount over the plot and a few days under it; it
 * scales to its box (viewBox), so it reads the same at 360 px and on a desk.
 */
export function RevenueChart({
  id,
  title,
  days,
}: {
  id: string;
  title: string;
  days: readonly DayFigures[];
}) {
  const max = Math.max(1, ...days.map((d) => d.revenue));
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.7);
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  const first = days[0];
  const last = days.at(-1);
  const chart = (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
      role="img"
      aria-label={`${title} : ${formatFcfa(total)} du ${first ? formatDay(first.day) : ''} au ${last ? formatDay(last.day) : ''}, le tableau ci-dessous donne chaque jour`}
    >
      <text x="0" y="18" className="fill-stone-600" fontSize="18">
        {total ? `max. ${formatFcfa(max)}` : 'Aucune vente sur ces jours'}
      </text>
      <line x1="0" x2={WIDTH} y1={TOP + PLOT} y2={TOP + PLOT} className="stroke-stone-300" />
      {days.map((d, i) => {
        const height = (d.revenue / max) * PLOT;
        return (
          <rect
            key={d.day}
            x={i * slot + (slot - bar) / 2}
            y={TOP + PLOT - height}
            width={bar}
            height={height}
            rx={Math.min(3, bar / 3)}
            className="fill-emerald-700"
          >
            <title>{`${formatDay(d.day)} : ${formatFcfa(d.revenue)}`}</title>
          </rect>
        );
      })}
      {days.map((d, i) =>
        labelled.has(i) ? (
          <text
            key={d.day}
            x={Math.min(WIDTH - 30, Math.max(30, i * slot + slot / 2))}
            y={HEIGHT - 6}
            textAnchor="middle"
            fontSize="18"
            className="fill-stone-600"
          >
            {shortDay(d.day)}
          </text>
        ) : null,
      )}
    </svg>
  );
  return (
    <ChartPanel
      id={id}
      title={title}
      chart={chart}
      table={{
        caption: `${title}, par jour`,
        columns: ['Jour', 'Commandes', "Chiffre d'affaires"],
        rows: days.map((d) => [formatDay(d.day), d.orders.toLocaleString('fr-FR'), formatFcfa(d.revenue)]),
      }}
    />
  );
}

/** Orders of each status as horizontal bars, each with its label and count in words. */
export function StatusChart({ id, title, counts }: { id: string; title: string; counts: PerStatus }) {
  const max = Math.max(1, ...ORDER_STATUSES.map((s) => counts[s]));
  const total = ORDER_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const chart = (
    <ul className="flex flex-col gap-2" aria-hidden="true">
      {ORDER_STATUSES.map((status) => (
        <li key={status} className="flex flex-col gap-1 text-sm">
          <span className="flex justify-between gap-2">
            <span className="text-stone-700">{ORDER_STATUS_LABELS[status]}</span>
            <span className="font-semibold tabular-nums text-stone-900">
              {counts[status].toLocaleString('fr-FR')}
            </span>
          </span>
          <span className="h-2.5 rounded-full bg-stone-100">
            <span
              className="block h-full rounded-full bg-emerald-700"
              style={{ width: `${(counts[status] / max) * 100}%` }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
  const share = (n: number) => (total ? `${Math.round((n / total) * 100)} %` : '0 %');
  return (
    <ChartPanel
      id={id}
      title={title}
      chart={chart}
      table={{
        caption: `${title} (${total.toLocaleString('fr-FR')} au total)`,
        columns: ['Statut', 'Commandes', 'Part'],
        rows: ORDER_STATUSES.map((s) => [
          ORDER_STATUS_LABELS[s],
          counts[s].toLocaleString('fr-FR'),
          share(counts[s]),
        ]),
      }}
    />
  );
}
