import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_POPULAR_PRODUCTS,
  DASHBOARD_RECENT_ORDERS,
  type Dashboard,
  lastDays,
  REPORT_TOP_PRODUCTS,
  type Report,
  type ReportQuery,
  reportPeriod,
  weekChange,
} from '@souk/domain/admin-dashboard';
import { shopDay } from '@souk/domain/dates';
import { csvStream } from '#shared/csv.ts';
import type { Db } from '../../db/client.ts';
import * as orderFigures from '../orders/order-figures.service.ts';
import {
  REPORT_CSV_HEADER,
  toDayFigures,
  toProductSales,
  toReportCsvRows,
  totalOf,
} from './dashboard.mapper.ts';

const comparison = (this_week: number, last_week: number) => ({
  this_week,
  last_week,
  change_percent: weekChange(this_week, last_week),
});

/**
 * 'Tableau de bord': a few aggregate queries over all the shop's data, run side by side (on
 * PostgreSQL each on its own connection), never a page of orders summed in memory. The dashboard
 * owns no table: the orders module sums them (order-figures.service.ts).
 */
export async function getDashboard(db: Db, now = new Date()): Promise<Dashboard> {
  const [counts, summary, recent, popular, days, byMethod] = await Promise.all([
    orderFigures.shopCounts(db),
    orderFigures.orderSummary(db),
    orderFigures.latestOrders(db, DASHBOARD_RECENT_ORDERS),
    orderFigures.topProducts(db, DASHBOARD_POPULAR_PRODUCTS, null),
    orderFigures.dailyFigures(db, lastDays(DASHBOARD_CHART_DAYS, shopDay(now))),
    orderFigures.collectedByMethod(db),
  ]);
  return {
    generated_at: now.toISOString(),
    stats: {
      total_products: counts.total_products,
      active_customers: counts.active_customers,
      total_orders: summary.total_orders,
      total_revenue: summary.total_revenue,
      collected_revenue: summary.collected_revenue,
      collected_by_method: byMethod,
    },
    recent_orders: recent,
    popular_products: popular.map(toProductSales),
    activity: {
      week_start: counts.week_start,
      orders: comparison(counts.orders_this_week, counts.orders_last_week),
      revenue: comparison(counts.revenue_this_week, counts.revenue_last_week),
      new_customers: counts.new_customers,
    },
    revenue_by_day: days.map(toDayFigures),
    orders_by_status: summary.status_breakdown,
  };
}

/** 'Rapport complet': the period's days, its most ordered products and its orders by status. */
export async function getReport(db: Db, query: ReportQuery, now = new Date()): Promise<Report> {
  const period = reportPeriod(query, shopDay(now));
  const [days, top] = await Promise.all([
    orderFigures.dailyFigures(db, period),
    orderFigures.topProducts(db, REPORT_TOP_PRODUCTS, period),
  ]);
  const figures = days.map(toDayFigures);
  const { by_status, ...totals } = totalOf(figures);
  return {
    generated_at: now.toISOString(),
    period,
    totals,
    days: figures,
    top_products: top.map(toProductSales),
    orders_by_status: by_status,
  };
}

/**
 * The report as CSV, with the orders export's rules (shared/csv.ts): a line per day of the period
 * (at most REPORT_MAX_DAYS: one read), then the total, and the period it covers (the route names
 * the file after it).
 */
export async function exportReport(db: Db, query: ReportQuery, now = new Date()) {
  const period = reportPeriod(query, shopDay(now));
  const days = (await orderFigures.dailyFigures(db, period)).map(toDayFigures);
  async function* lines() {
    yield toReportCsvRows(days);
  }
  return { period, body: csvStream(REPORT_CSV_HEADER, lines()) };
}
