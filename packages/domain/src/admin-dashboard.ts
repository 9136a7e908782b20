import { z } from 'zod';
import { AdminSearchResultsSchema } from './admin-catalog.ts';
import { daySchema, PerStatusSchema } from './admin-orders.ts';

// The back office's dashboard ('Tableau de bord') and its full report
// ('Rapport complet'): every figure summed by the database over all the shop's orders, never over
// a page of them (docs/decisions/0021-dashboard.md).

/** The 5 newest orders, the 7 most ordered products. */
export const DASHBOARD_RECENT_ORDERS = 5;
export const DASHBOARD_POPULAR_PRODUCTS = 7;
/** The dashboard's revenue chart: today and the 29 days before it. */
export const DASHBOARD_CHART_DAYS = 30;
/** The report's products, its periods one click away, and its longest period. */
export const REPORT_TOP_PRODUCTS = 10;
export const REPORT_PRESET_DAYS = [7, 30, 90] as const;
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_MAX_DAYS = 366;

// ---- Days in the shop's time zone ('2026-11-25') ----

const DAY_MS = 24 * 60 * 60 * 1000;

/** `day` moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** How many days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
/** '2026-11-25' → '25/11/2026' (fr-FR), from the day's own digits: no time zone can shift it. */
export const formatDay = (day: string) => day.split('-').reverse().join('/');
/** The last `days` days up to `today`, today included. */
export const lastDays = (days: number, today: string) => ({ from: addDays(today, 1 - days), to: today });

// ---- 'Activité récente' ----

/**
 * This week against last week, in whole per cent ('+15 %'); null when last week had nothing to
 * compare with (a change from zero is no percentage).
 */
export function weekChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

// ---- Answers ----

/** An order of the 'Commandes récentes' list (as the header search lists orders). */
export const RecentOrderSchema = AdminSearchResultsSchema.shape.orders.element;

/**
 * A product and what its non-cancelled orders hold of it. `product_id` is null for a product
 * deleted since (its name is the one the orders kept).
 */
export const ProductSalesSchema = z.object({
  product_id: z.number().nullable(),
  name: z.string(),
  quantity: z.number(),
  revenue: z.number(),
});
export type ProductSales = z.infer<typeof ProductSalesSchema>;

/**
 * One day of the shop ('2026-11-25'): the orders placed, of each status, the articles and revenue
 * of those not cancelled (ordered), and of it what was paid (collected). A day without orders is
 * there with zeros.
 */
export const DayFiguresSchema = z.object({
  day: z.string(),
  orders: z.number(),
  items: z.number(),
  revenue: z.number(),
  collected: z.number(),
  /** Of the day's orders, those cancelled after they were paid whose refund is not recorded ('À rembourser'). */
  to_refund: z.number(),
  by_status: PerStatusSchema,
});
export type DayFigures = z.infer<typeof DayFiguresSchema>;

const WeekComparisonSchema = z.object({
  this_week: z.number(),
  last_week: z.number(),
  /** Whole per cent; null when last week is zero. */
  change_percent: z.number().nullable(),
});
export type WeekComparison = z.infer<typeof WeekComparisonSchema>;

/** GET /admin/dashboard */
export const DashboardSchema = z.object({
  /** When the figures were read: the 'Dernière mise à jour' the screen shows. */
  generated_at: z.string(),
  stats: z.object({
    total_products: z.number(),
    /** Customer accounts (role client) not blocked. */
    active_customers: z.number(),
    total_orders: z.number(),
    /** Ordered: every order but the cancelled ones. */
    total_revenue: z.number(),
    /** Collected: of those, the orders whose payment the shop recorded. */
    collected_revenue: z.number(),
    /** The same, by how it was paid: through Wave, Orange Money, or recorded by hand. */
    collected_by_method: z.object({ wave: z.number(), orange_money: z.number(), manual: z.number() }),
  }),
  recent_orders: z.array(RecentOrderSchema),
  popular_products: z.array(ProductSalesSchema),
  /** Weeks start on Monday, in the shop's time zone; `week_start` is this week's Monday. */
  activity: z.object({
    week_start: z.string(),
    orders: WeekComparisonSchema,
    revenue: WeekComparisonSchema,
    new_customers: z.number(),
  }),
  /** The last DASHBOARD_CHART_DAYS days, oldest first. */
  revenue_by_day: z.array(DayFiguresSchema),
  /** Every order of the shop, by status. */
  orders_by_status: PerStatusSchema,
});
export type Dashboard = z.infer<typeof DashboardSchema>;

// ---- The report's period ----

const DATES_REVERSED = 'La date de début doit précéder la date de fin';
export const PERIOD_TOO_LONG = `La période ne peut dépasser ${REPORT_MAX_DAYS} jours`;

/**
 * GET /admin/dashboard/report and its CSV: whole days, both included; without them, the last
 * REPORT_DEFAULT_DAYS days.
 */
export const ReportQuerySchema = z
  .object({
    from: daySchema('La date de début est invalide').optional(),
    to: daySchema('La date de fin est invalide').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: DATES_REVERSED, path: ['from'] })
  .refine((q) => !q.from || !q.to || daysIn(q.from, q.to) <= REPORT_MAX_DAYS, {
    error: PERIOD_TOO_LONG,
    path: ['from'],
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/**
 * The period a report covers: the days asked; one end alone stands for REPORT_DEFAULT_DAYS days
 * from it (or up to it); none, the last REPORT_DEFAULT_DAYS days up to today.
 */
export function reportPeriod(query: ReportQuery, today: string): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: addDays(query.from, REPORT_DEFAULT_DAYS - 1) };
  return lastDays(REPORT_DEFAULT_DAYS, query.to ?? today);
}

export const ReportSchema = z.object({
  generated_at: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  totals: z.object({
    orders: z.number(),
    items: z.number(),
    revenue: z.number(),
    collected: z.number(),
    to_refund: z.number(),
  }),
  /** Every day of the period, oldest first. */
  days: z.array(DayFiguresSchema),
  top_products: z.array(ProductSalesSchema),
  orders_by_status: PerStatusSchema,
});
export type Report = z.infer<typeof ReportSchema>;
