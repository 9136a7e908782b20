import { AdminOrderListQuerySchema } from '@souk/domain/admin-orders';
import { describe, expect, it } from 'vitest';
import {
  clearFiltersHref,
  exportHref,
  hasPanelFilters,
  isFiltered,
  orderListQuery,
  readOrderScreen,
} from './order-params';

const read = (search: string) => readOrderScreen(new URLSearchParams(search));

describe('the orders screen read from its URL', () => {
  it('has defaults: page 1, every order, no details open', () => {
    const screen = read('');
    expect(screen).toEqual({
      page: 1,
      search: undefined,
      status: undefined,
      period: undefined,
      dateFrom: undefined,
      dateTo: undefined,
      minAmount: undefined,
      customerId: undefined,
      details: null,
      overview: false,
    });
    expect(isFiltered(screen)).toBe(false);
    expect(hasPanelFilters(screen)).toBe(false);
    expect(orderListQuery(screen)).toEqual({
      page: 1,
      per_page: 20,
      search: undefined,
      status: undefined,
      period: undefined,
      date_from: undefined,
      date_to: undefined,
      min_amount: undefined,
      paid_with: undefined,
      customer_id: undefined,
    });
  });

  it('reads every value of the URL, and the API takes the query built from it', () => {
    const screen = read(
      'page=3&search=+Awa+&status=accept%C3%A9e&period=week&date_from=2026-11-01&date_to=2026-11-30&min_amount=15000&customer_id=7&details=42&overview=1',
    );
    expect(screen).toEqual({
      page: 3,
      search: 'Awa',
      status: 'acceptée',
      period: 'week',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      minAmount: 15000,
      customerId: 7,
      details: 42,
      overview: true,
    });
    expect(isFiltered(screen)).toBe(true);
    expect(hasPanelFilters(screen)).toBe(true);
    const query = orderListQuery(screen);
    expect(query).toEqual({
      page: 3,
      per_page: 20,
      search: 'Awa',
      status: 'acceptée',
      period: 'week',
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      min_amount: 15000,
      paid_with: undefined,
      customer_id: 7,
    });
    expect(AdminOrderListQuerySchema.safeParse(query).success).toBe(true);
    expect(orderListQuery(screen, 1).page).toBe(1);
  });

  it("honours the bell's link: the orders waiting", () => {
    const screen = read('status=en_attente');
    expect(screen.status).toBe('en_attente');
    expect(isFiltered(screen)).toBe(true);
    expect(hasPanelFilters(screen)).toBe(false);
  });

  it('falls back to the default on an unknown or broken value, never to an error', () => {
    expect(
      read(
        'page=0&search=%20%20&status=livr%C3%A9e&period=year&date_from=2026-02-30&date_to=demain&min_amount=-5&customer_id=abc&details=0x10',
      ),
    ).toEqual(read(''));
    expect(read('min_amount=12.5').minAmount).toBeUndefined();
    // The amount as the shop writes it, sent by the text field as typed.
    expect(read('min_amount=3+500').minAmount).toBe(3500);
    expect(read('min_amount=3.500').minAmount).toBe(3500);
    expect(read('customer_id=99999999999').customerId).toBeUndefined();
    expect(read('date_from=25/11/2026').dateFrom).toBeUndefined();
    // The empty fields a GET form sends are no filter.
    expect(read('search=&status=&period=&date_from=&date_to=&min_amount=')).toEqual(read(''));
    expect(read(`search=${'a'.repeat(300)}`).search).toHaveLength(100);
  });

  it('reads dates typed the wrong way round as the days between them, which the API accepts', () => {
    const screen = read('date_from=2026-11-30&date_to=2026-11-01');
    expect([screen.dateFrom, screen.dateTo]).toEqual(['2026-11-01', '2026-11-30']);
    expect(AdminOrderListQuerySchema.safeParse(orderListQuery(screen)).success).toBe(true);
  });
});

describe("'Exporter'", () => {
  it("downloads every order the screen's filters keep, whatever the page or the open details", () => {
    expect(exportHref(read(''))).toBe('/admin/orders/export');
    expect(exportHref(read('page=2&details=4&status=prête&search=Awa&min_amount=5000'))).toBe(
      '/admin/orders/export?search=Awa&status=pr%C3%AAte&min_amount=5000',
    );
  });
});

describe("'Effacer les filtres'", () => {
  it('clears every filter, keeping one customer’s orders theirs unless nothing else is set', () => {
    expect(clearFiltersHref(read('status=annul%C3%A9e&period=week&page=3'))).toBe('?');
    expect(clearFiltersHref(read('customer_id=7&search=Awa&min_amount=500'))).toBe('?customer_id=7');
    expect(clearFiltersHref(read('customer_id=7'))).toBe('?');
  });
});
