import type { Dashboard, DayFigures } from '@souk/domain/admin-dashboard';
import type { PerStatus } from '@souk/domain/admin-orders';

// A dashboard of the API's shape, and a local storage in memory, for the feature's unit tests.

export const perStatus = (n = 0): PerStatus => ({
  en_attente: n,
  acceptée: n,
  prête: n,
  en_cours: n,
  disponible: n,
  annulée: n,
});

export const dayFigures = (day: string, revenue: number): DayFigures => ({
  day,
  orders: revenue ? 1 : 0,
  items: revenue ? 1 : 0,
  revenue,
  collected: 0,
  to_refund: 0,
  by_status: perStatus(),
});

export const sampleDashboard = (): Dashboard => ({
  generated_at: '2026-11-25T09:00:00.000Z',
  stats: {
    total_products: 12,
    active_customers: 40,
    total_orders: 3,
    total_revenue: 2_000_000_000,
    collected_revenue: 1_500_000_000,
    collected_by_method: { wave: 0, orange_money: 0, manual: 1_500_000_000 },
  },
  recent_orders: [
    {
      id: 7,
      order_number: 'CMD-0007',
      client_name: 'Khady Diop',
      status: 'en_attente',
      total_amount: 12_500,
      created_at: '2026-11-25T08:30:00.000Z',
    },
  ],
  popular_products: [{ product_id: 1, name: 'Savon noir', quantity: 4, revenue: 10_000 }],
  activity: {
    week_start: '2026-11-23',
    orders: { this_week: 3, last_week: 0, change_percent: null },
    revenue: { this_week: 12_500, last_week: 0, change_percent: null },
    new_customers: 1,
  },
  revenue_by_day: [dayFigures('2026-11-24', 0), dayFigures('2026-11-25', 12_500)],
  orders_by_status: perStatus(1),
});

/** Local storage in memory; `items` to look inside. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}
