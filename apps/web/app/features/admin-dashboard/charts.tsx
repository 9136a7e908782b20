import { type DayFigures, formatDay } from '@souk/domain/admin-dashboard';
import type { PerStatus } from '@souk/domain/admin-orders';
import { formatCount, formatFcfa } from '@souk/domain/money';
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
        <section
          className="mt-2 max-h-80 overflow-auto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take the focus for keyboards to scroll it (axe: scrollable-region-focusable)
          tabIndex={0}
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
        </section>
      </details>
    </Panel>
  );
}

/** Beyond this many days a bar per day would be a hairline on a phone: one bar per week instead. */
export const DAILY_BARS_MAX_DAYS = 90;

export type RevenueBar = { from: string; to: string; revenue: number };

/**
 * The chart's bars: a bar per day up to DAILY_BARS_MAX_DAYS days, else a bar per week (from
 * Monday, as the dashboard's weeks; the first and last may be partial and say so by their dates).
 */
export function revenueBars(days: readonly DayFigures[]): RevenueBar[] {
  if (days.length <= DAILY_BARS_MAX_DAYS)
    return days.map((d) => ({ from: d.day, to: d.day, revenue: d.revenue }));
  const weeks: RevenueBar[] = [];
  for (const d of days) {
    const week = weeks.at(-1);
    const monday = new Date(`${d.day}T00:00:00Z`).getUTCDay() === 1;
    if (!week || monday) weeks.push({ from: d.day, to: d.day, revenue: d.revenue });
    else {
      week.to = d.day;
      week.revenue += d.revenue;
    }
  }
  return weeks;
}

/** '2026-11-25' → '25/11' under the bars. */
const shortDay = (day: string) => formatDay(day).slice(0, 5);
const barDays = (bar: RevenueBar) =>
  bar.from === bar.to ? formatDay(bar.from) : `du ${formatDay(bar.from)} au ${formatDay(bar.to)}`;

const WIDTH = 600;
const HEIGHT = 160;

/**
 * Revenue per day (per week over long periods) as columns. The bars are an SVG stretched to the
 * box; the highest bar's amount and the dates are HTML text around it, so they keep the page's
 * type size on a phone instead of shrinking with the drawing.
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
  const bars = revenueBars(days);
  const weekly = bars.length < days.length;
  const max = Math.max(1, ...bars.map((b) => b.revenue));
  const slot = WIDTH / Math.max(1, bars.length);
  const width = Math.max(1, slot * 0.7);
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const first = days[0];
  const last = days.at(-1);
  const ticks = [...new Set([0, Math.floor((bars.length - 1) / 2), bars.length - 1])].flatMap((i) => {
    const bar = bars[i];
    return bar ? [bar] : [];
  });
  const chart = (
    // One picture for assistive technology: its label says what it shows, the table gives the figures.
    <div
      role="img"
      aria-label={`${title} : ${formatFcfa(total)} du ${first ? formatDay(first.day) : ''} au ${last ? formatDay(last.day) : ''}${weekly ? ', une barre par semaine' : ''}, le tableau ci-dessous donne chaque jour`}
      className="flex flex-col gap-1 text-xs text-stone-600 sm:text-sm"
    >
      <p>
        {total
          ? `max. ${formatFcfa(max)}${weekly ? ' par semaine (barres du lundi au dimanche)' : ''}`
          : 'Aucune vente sur ces jours'}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-32 w-full sm:h-40"
        aria-hidden="true"
      >
        {bars.map((b, i) => {
          const height = (b.revenue / max) * (HEIGHT - 1);
          return (
            <rect
              key={b.from}
              x={i * slot + (slot - width) / 2}
              y={HEIGHT - 1 - height}
              width={width}
              height={height}
              className="fill-emerald-700"
            >
              <title>{`${barDays(b)} : ${formatFcfa(b.revenue)}`}</title>
            </rect>
          );
        })}
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          className="stroke-stone-300"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p className="flex justify-between gap-2 tabular-nums">
        {ticks.map((b) => (
          <span key={b.from}>{shortDay(b.from)}</span>
        ))}
      </p>
    </div>
  );
  return (
    <ChartPanel
      id={id}
      title={title}
      chart={chart}
      table={{
        caption: `${title}, par jour`,
        columns: ['Jour', 'Commandes', "Chiffre d'affaires"],
        rows: days.map((d) => [formatDay(d.day), formatCount(d.orders), formatFcfa(d.revenue)]),
      }}
    />
  );
}

/**
 * Orders of each status as horizontal bars, each with its label and count in words: a list
 * anyone can read (the table behind it adds each status's share).
 */
export function StatusChart({ id, title, counts }: { id: string; title: string; counts: PerStatus }) {
  const max = Math.max(1, ...ORDER_STATUSES.map((s) => counts[s]));
  const total = ORDER_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const chart = (
    <ul className="flex flex-col gap-2">
      {ORDER_STATUSES.map((status) => (
        <li key={status} className="flex flex-col gap-1 text-sm">
          <span className="flex justify-between gap-2">
            <span className="text-stone-700">{ORDER_STATUS_LABELS[status]}</span>
            <span className="font-semibold tabular-nums text-stone-900">{formatCount(counts[status])}</span>
          </span>
          {/* The bar repeats the count beside the label: decorative. */}
          <span aria-hidden="true" className="h-2.5 rounded-full bg-stone-100">
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
        caption: `${title} (${formatCount(total)} au total)`,
        columns: ['Statut', 'Commandes', 'Part'],
        rows: ORDER_STATUSES.map((s) => [ORDER_STATUS_LABELS[s], formatCount(counts[s]), share(counts[s])]),
      }}
    />
  );
}
