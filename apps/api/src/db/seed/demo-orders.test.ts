import { ORDER_STATUSES } from '@souk/domain/order-status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { signedInUser } from '../../test/user-fixtures.ts';
import { queryRows } from '../client.ts';
import { product_variants } from '../schema.ts';
import { DEMO_ORDER_DAYS, seedDemoOrders } from './demo-orders.ts';
import { seedDemoShop } from './seed.ts';

// What a newcomer's first start shows in the back office: the demo shop's customers and two months
// of orders, read through the same calls as the dashboard, the report and the customers screen.
describe('the demo shop with its orders', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let stockBefore: Map<number, number | null>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { UNPAID_ORDER_TIMEOUT: '72h' }, jobs: { schedule: true } });
    // The catalogue, then its orders, as `seedDemoShop(…, { orders: true })` does in one transaction.
    await seedDemoShop(t.db, t.config.mediaDir);
    stockBefore = new Map(
      (await t.db.select().from(product_variants)).map((v) => [v.id, v.stock_quantity] as const),
    );
    await t.db.transaction((tx) => seedDemoOrders(tx));
    admin = await signedInUser(t.db, { role: 'admin' });
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin.auth });
    expect(res.statusCode, url).toBe(200);
    return res.json().data;
  };

  it("fills the dashboard's chart and figures, and its recent orders", async () => {
    const dashboard = await get('/api/admin/dashboard');
    expect(dashboard.stats.total_orders).toBeGreaterThan(150);
    expect(dashboard.stats.active_customers).toBeGreaterThanOrEqual(20);
    expect(dashboard.stats.collected_revenue).toBeGreaterThan(0);
    expect(dashboard.recent_orders).toHaveLength(5);
    expect(dashboard.popular_products.length).toBeGreaterThan(0);
    const days = dashboard.revenue_by_day.filter((d: { orders: number }) => d.orders > 0);
    expect(days.length).toBeGreaterThan(25);
  });

  it('gives the report two months of days and orders in every status', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - DEMO_ORDER_DAYS * 86_400_000).toISOString().slice(0, 10);
    const report = await get(`/api/admin/dashboard/report?from=${from}&to=${to}`);
    for (const status of ORDER_STATUSES) expect(report.orders_by_status[status], status).toBeGreaterThan(0);
    expect(report.days.filter((d: { orders: number }) => d.orders > 0).length).toBeGreaterThan(50);
    expect(report.top_products.length).toBeGreaterThan(0);
  });

  it('sorts the customers into every tier', async () => {
    const list = await get('/api/admin/customers?per_page=50');
    const tiers = new Set(list.clients.map((c: { tier: string }) => c.tier));
    expect([...tiers].sort()).toEqual(['new', 'regular', 'vip']);
  });

  it('takes from the counted stock what the orders that count took, never below zero', async () => {
    const taken = await queryRows<{ variant_id: number; units: number }>(
      t.db,
      sql`select i.variant_id, sum(i.quantity)::int as units from order_items i join orders o on o.id = i.order_id
           where o.status <> 'annulée' group by i.variant_id`,
    );
    const after = new Map(
      (await t.db.select().from(product_variants)).map((v) => [v.id, v.stock_quantity] as const),
    );
    let counted = 0;
    for (const { variant_id, units } of taken) {
      const before = stockBefore.get(variant_id);
      if (before === null || before === undefined) continue;
      counted += 1;
      expect(after.get(variant_id), `variant ${variant_id}`).toBe(before - units);
      expect(after.get(variant_id)).toBeGreaterThanOrEqual(0);
    }
    expect(counted).toBeGreaterThan(0);
  });

  it('keeps every order whole and none waiting long enough for the shop to release it at first start', async () => {
    const broken = await queryRows<{ id: number }>(
      t.db,
      sql`select o.id from orders o left join order_items i on i.order_id = o.id
           group by o.id having coalesce(sum(i.total_price), 0) <> max(o.total_amount)`,
    );
    expect(broken).toEqual([]);
    // Its cancelled orders say who cancelled them, as their history does ('Système').
    const unsaid = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from orders where status = 'annulée' and cancelled_by is distinct from 'system'`,
    );
    expect(unsaid).toEqual([{ n: 0 }]);
    await t.app.jobs.runDue();
    const released = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_status_history where to_status = 'annulée' and changed_by is null
           and created_at > now() - interval '1 minute'`,
    );
    expect(released).toEqual([{ n: 0 }]);
    const waiting = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from orders where status = 'en_attente'`,
    );
    expect(waiting[0]?.n).toBeGreaterThan(0);
  });
});
