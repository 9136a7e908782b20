import { ORDERS_PER_PAGE } from '@souk/domain/admin-limits';
import {
  type AdminOrderListQuery,
  AdminOrderListQuerySchema,
  type OrderPeriod,
} from '@souk/domain/admin-orders';
import type { OrderStatus } from '@souk/domain/order-status';
import type { PaidWith } from '@souk/domain/payments';
import { IdSchema, PageSchema } from '@souk/domain/primitives';
import { buildUrl } from '~/lib/api-client';
import { parsedOr, searchParam } from '~/lib/url-params';

// The orders screen's state lives in its URL (reload and the back button keep it): the page, the
// search, the status and period selects, the advanced filters (dates, minimum amount, how paid), one
// customer's orders (?customer_id=, from the customers screen) and the order whose details are open
// (?details=ID). Each value is read by the same schema the API validates it with, so a value the
// API would refuse never reaches it: it falls back to the default instead.

const field = AdminOrderListQuerySchema.shape;

export type OrderScreen = {
  page: number;
  search: string | undefined;
  status: OrderStatus | undefined;
  period: OrderPeriod | undefined;
  /** Whole days as a date input sends them ('2026-11-25'), both included. */
  dateFrom: string | undefined;
  dateTo: string | undefined;
  minAmount: number | undefined;
  /** How the orders were paid: a provider, or by hand. */
  paidWith: PaidWith | undefined;
  customerId: number | undefined;
  details: number | null;
  /** 'Vue d'ensemble' is open (?overview=1). */
  overview: boolean;
};

/** The screen's state from its URL; an unknown value falls back to the default, never to an error. */
export function readOrderScreen(params: URLSearchParams): OrderScreen {
  let dateFrom = parsedOr(field.date_from, params.get('date_from'), undefined);
  let dateTo = parsedOr(field.date_to, params.get('date_to'), undefined);
  // Dates typed the wrong way round mean the days between them (the API refuses the reversed range).
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  return {
    page: parsedOr(PageSchema, params.get('page'), 1),
    search: searchParam(params),
    status: parsedOr(field.status, params.get('status'), undefined),
    period: parsedOr(field.period, params.get('period'), undefined),
    dateFrom,
    dateTo,
    minAmount: parsedOr(field.min_amount, params.get('min_amount'), undefined),
    paidWith: parsedOr(field.paid_with, params.get('paid_with'), undefined),
    customerId: parsedOr(field.customer_id, params.get('customer_id'), undefined),
    details: parsedOr(IdSchema, params.get('details'), null),
    overview: params.get('overview') === '1',
  };
}

/** Whether a filter of the advanced panel is set (the panel then opens). */
export const hasPanelFilters = (screen: OrderScreen) =>
  screen.dateFrom !== undefined ||
  screen.dateTo !== undefined ||
  screen.minAmount !== undefined ||
  screen.paidWith !== undefined;

/** Whether the list is narrowed (the empty state then says 'Aucune commande trouvée'). */
export const isFiltered = (screen: OrderScreen) =>
  screen.search !== undefined ||
  screen.status !== undefined ||
  screen.period !== undefined ||
  screen.customerId !== undefined ||
  hasPanelFilters(screen);

/**
 * 'Effacer les filtres': every order, from the first page; one customer's orders (from the
 * customers screen) stay theirs, unless that is all there is left to clear.
 */
export function clearFiltersHref(screen: OrderScreen) {
  const { customerId } = screen;
  const othersSet = isFiltered({ ...screen, customerId: undefined });
  return customerId !== undefined && othersSet ? `?customer_id=${customerId}` : '?';
}

/** GET /admin/orders's query for the screen; `page` overrides the URL's (a page past the end). */
export function orderListQuery(screen: OrderScreen, page = screen.page): AdminOrderListQuery {
  return {
    page,
    per_page: ORDERS_PER_PAGE,
    search: screen.search,
    status: screen.status,
    period: screen.period,
    date_from: screen.dateFrom,
    date_to: screen.dateTo,
    min_amount: screen.minAmount,
    paid_with: screen.paidWith,
    customer_id: screen.customerId,
  };
}

/**
 * 'Exporter': the CSV of every order the filters keep, not only this page's. Through the
 * page's own download route (routes/download-admin-orders.ts), which checks the session first, so
 * an ended one shows this screen's notice instead of saving an error as the file.
 */
export function exportHref(screen: OrderScreen) {
  const { page: _page, per_page: _perPage, ...filters } = orderListQuery(screen);
  return buildUrl('/admin/orders/export', undefined, filters);
}
