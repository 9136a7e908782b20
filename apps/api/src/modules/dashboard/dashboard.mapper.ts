import { type DayFigures, formatDay, type ProductSales } from '@souk/domain/admin-dashboard';
import { COLLECTED_LABEL, perStatusFigures } from '@souk/domain/admin-orders';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, REFUND_STATE_LABELS } from '@souk/domain/order-status';
import type { CsvCell } from '#shared/csv.ts';
import type { DayRow, ProductSalesRow } from '../orders/order-figures.service.ts';

/** A day's figures; a day without orders has every status at zero. */
export const toDayFigures = (row: DayRow): DayFigures => ({
  day: row.day,
  orders: row.orders,
  items: row.items,
  revenue: row.revenue,
  collected: row.collected,
  to_refund: row.to_refund,
  by_status: { ...perStatusFigures(), ...row.by_status },
});

export const toProductSales = (row: ProductSalesRow): ProductSales => ({
  product_id: row.product_id,
  name: row.name,
  quantity: row.quantity,
  revenue: row.revenue,
});

/** The days added up: a period's orders, articles, revenue ordered and collected, orders of each status. */
export function totalOf(days: DayFigures[]) {
  const total = {
    orders: 0,
    items: 0,
    revenue: 0,
    collected: 0,
    to_refund: 0,
    by_status: perStatusFigures(),
  };
  for (const day of days) {
    total.orders += day.orders;
    total.items += day.items;
    total.revenue += day.revenue;
    total.collected += day.collected;
    total.to_refund += day.to_refund;
    for (const status of ORDER_STATUSES) total.by_status[status] += day.by_status[status];
  }
  return total;
}

/** The report's columns (a count of orders for each status): a line per day, then the period's total. */
export const REPORT_CSV_HEADER = [
  'Date',
  'Commandes',
  'Articles',
  "Chiffre d'affaires (FCFA)",
  `${COLLECTED_LABEL} (FCFA)`,
  `${REFUND_STATE_LABELS.due} (FCFA)`,
  ...ORDER_STATUSES.map((s) => ORDER_STATUS_LABELS[s]),
];

const csvLine = (label: string, figures: Omit<DayFigures, 'day'>): CsvCell[] => [
  label,
  figures.orders,
  figures.items,
  figures.revenue,
  figures.collected,
  figures.to_refund,
  ...ORDER_STATUSES.map((s) => figures.by_status[s]),
];

export function toReportCsvRows(days: DayFigures[]): CsvCell[][] {
  return [...days.map((d) => csvLine(formatDay(d.day), d)), csvLine('Total', totalOf(days))];
}
