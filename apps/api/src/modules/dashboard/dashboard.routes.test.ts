import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { addCategory, addProduct } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { apiAs } from '../../test/upload-fixtures.ts';
import { addUser, signedInUser } from '../../test/user-fixtures.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// The shop counts its weeks from Monday 00:00 in its time zone (UTC): the dates below are placed
// around this week's Monday, computed from the clock the test runs at.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = new Date();
const monday = Date.UTC(
  now.getUTCFullYear(),
  now.getUTCMonth(),
  now.getUTCDate() - ((now.getUTCDay() + 6) % 7),
);
const at = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number) => at(ms).slice(0, 10);
const frDay = (ms: number) => dayOf(ms).split('-').reverse().join('/');
const today = dayOf(now.getTime());

describe.each(engines)('the dashboard on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let productsBefore: number;
  const ids = { huile: 0, savon: 0, coffret: 0 };
  const orders: Record<string, { id: number; order_number: string }> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' });
    productsBefore = (await t.db.select().from(products)).length;
    const category = await addCategory(t.db, { name: 'Huiles' });
    const add = async (name: string) =>
      (await addProduct(t.db, { name, category_id: category.id, base_price: 1000 })).product.id;
    ids.huile = await add("Huile d'argan");
    ids.savon = await add('Savon noir');
    ids.coffret = await add('Coffret cadeau');

    // Customers: two active (one opened last Sunday), one blocked opened this week; admins aside.
    await addUser(t.db, { name: 'Awa Diop' });
    const older = await addUser(t.db, { name: 'Moussa Fall' });
    await t.db
      .update(users)
      .set({ created_at: at(monday - MINUTE) })
      .where(eq(users.id, older.id));
    await addUser(t.db, { name: 'Fatou Sow', status: 'blocked' });
    await addUser(t.db, { name: 'Autre Admin', role: 'admin' });

    const line = (
      product_id: number | null,
      quantity: number,
      unit_price: number,
      product_name = 'Produit',
    ) => ({
      product_id,
      product_name,
      quantity,
      unit_price,
    });
    // This week: Monday 00:00 exactly (3 000) and a cancelled order a minute later (never revenue).
    orders.monday = await addOrder(t.db, { created_at: at(monday), items: [line(ids.huile, 3, 1000)] });
    orders.cancelled = await addOrder(t.db, {
      status: 'annulée',
      created_at: at(monday + MINUTE),
      // Paid, then cancelled, its refund not recorded: never collected, 'À rembourser'.
      paid_at: at(monday + MINUTE),
      items: [line(ids.coffret, 50, 10_000)],
    });
    // Last week: Sunday 23:59 (10 000), paid: the only money collected.
    orders.sunday = await addOrder(t.db, {
      status: 'acceptée',
      created_at: at(monday - MINUTE),
      paid_at: at(monday - MINUTE),
      items: [line(ids.savon, 5, 2000)],
    });
    // The week before: a product deleted since (no id: its ordered name) and one renamed since.
    orders.older = await addOrder(t.db, {
      status: 'disponible',
      created_at: at(monday - 8 * DAY),
      items: [line(ids.huile, 1, 1000), line(null, 4, 500, 'Ancien savon')],
    });
    orders.renamed = await addOrder(t.db, {
      status: 'prête',
      created_at: at(monday - 9 * DAY),
      items: [line(ids.savon, 1, 2000, "Savon noir (nom d'avant)")],
    });
    orders.oldest = await addOrder(t.db, {
      created_at: at(monday - 10 * DAY),
      items: [line(null, 2, 2500, 'Savon au miel')],
    });
  });
  afterAll(() => t?.close());

  const { call } = apiAs(() => ({ app: t.app, auth: admin.auth }));
  const dashboard = async () => {
    const res = await call('GET', '/admin/dashboard');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json().data;
  };

  it('counts products, active customers, orders and revenue over all the data', async () => {
    const data = await dashboard();
    expect(data.stats).toEqual({
      total_products: productsBefore + 3,
      // Awa and Moussa: not the blocked customer, not the admins.
      active_customers: 2,
      total_orders: 6,
      // 3 000 + 10 000 + 3 000 + 2 000 + 5 000: the cancelled order's 500 000 left out.
      total_revenue: 23_000,
      // Sunday's, the one paid: the cancelled order's payment was given back.
      collected_revenue: 10_000,
      // All of it recorded by hand ('Paiement reçu'): no provider took any.
      collected_by_method: { wave: 0, orange_money: 0, manual: 10_000 },
    });
    expect(data.orders_by_status).toEqual({
      en_attente: 2,
      acceptée: 1,
      prête: 1,
      en_cours: 0,
      disponible: 1,
      annulée: 1,
    });
    expect(Date.parse(data.generated_at)).toBeGreaterThanOrEqual(now.getTime() - MINUTE);
  });

  it('lists the 5 newest orders, newest first', async () => {
    const data = await dashboard();
    expect(data.recent_orders.map((o: { id: number }) => o.id)).toEqual(
      [orders.cancelled, orders.monday, orders.sunday, orders.older, orders.renamed].map((o) => o?.id),
    );
    expect(data.recent_orders[1]).toEqual({
      id: orders.monday?.id,
      order_number: orders.monday?.order_number,
      client_name: expect.any(String),
      status: 'en_attente',
      total_amount: 3000,
      created_at: at(monday),
    });
  });

  it('ranks the most ordered products by quantity, cancelled orders left out', async () => {
    expect((await dashboard()).popular_products).toEqual([
      // 5 + 1 ordered under its former name: one line, under today's name.
      { product_id: ids.savon, name: 'Savon noir', quantity: 6, revenue: 12_000 },
      // 4 each: the revenue breaks the tie.
      { product_id: ids.huile, name: "Huile d'argan", quantity: 4, revenue: 4000 },
      { product_id: null, name: 'Ancien savon', quantity: 4, revenue: 2000 },
      { product_id: null, name: 'Savon au miel', quantity: 2, revenue: 5000 },
    ]);
  });

  it('compares this week (from Monday 00:00) with last week, and counts the customers new this week', async () => {
    expect((await dashboard()).activity).toEqual({
      week_start: dayOf(monday),
      // Monday's order and the cancelled one against Sunday 23:59's.
      orders: { this_week: 2, last_week: 1, change_percent: 100 },
      revenue: { this_week: 3000, last_week: 10_000, change_percent: -70 },
      // Awa and the blocked Fatou; Moussa opened his account last Sunday; admins are not customers.
      new_customers: 2,
    });
  });

  it('gives the revenue of each of the last 30 days, zeros included', async () => {
    const days = (await dashboard()).revenue_by_day as {
      day: string;
      orders: number;
      revenue: number;
      collected: number;
      by_status: Record<string, number>;
    }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.day).toBe(today);
    expect(days[0]?.day).toBe(dayOf(Date.parse(`${today}T00:00:00Z`) - 29 * DAY));
    expect(days.reduce((sum, d) => sum + d.revenue, 0)).toBe(23_000);
    expect(days.reduce((sum, d) => sum + d.collected, 0)).toBe(10_000);
    const mondayFigures = days.find((d) => d.day === dayOf(monday));
    expect(mondayFigures).toMatchObject({ orders: 2, revenue: 3000 });
    expect(mondayFigures?.by_status).toMatchObject({ en_attente: 1, annulée: 1, acceptée: 0 });
    expect(days.find((d) => d.day === dayOf(monday - MINUTE))).toMatchObject({ orders: 1, revenue: 10_000 });
    expect(days.filter((d) => d.orders > 0)).toHaveLength(5);
  });

  describe('the full report', () => {
    const report = async (query: string) => {
      const res = await call('GET', `/admin/dashboard/report?${query}`);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.json().data;
    };

    it('covers the days asked, both included', async () => {
      const data = await report(`from=${dayOf(monday - MINUTE)}&to=${dayOf(monday)}`);
      expect(data.period).toEqual({ from: dayOf(monday - MINUTE), to: dayOf(monday) });
      expect(data.days.map((d: { day: string }) => d.day)).toEqual([dayOf(monday - MINUTE), dayOf(monday)]);
      expect(data.totals).toEqual({
        orders: 3,
        items: 8,
        revenue: 13_000,
        collected: 10_000,
        to_refund: 500_000,
      });
      expect(data.top_products).toEqual([
        { product_id: ids.savon, name: 'Savon noir', quantity: 5, revenue: 10_000 },
        { product_id: ids.huile, name: "Huile d'argan", quantity: 3, revenue: 3000 },
      ]);
      expect(data.orders_by_status).toMatchObject({ en_attente: 1, acceptée: 1, annulée: 1, disponible: 0 });
    });

    it('covers the last 30 days when no day is given', async () => {
      const data = await report('');
      expect(data.period.to).toBe(today);
      expect(data.days).toHaveLength(30);
      expect(data.totals).toEqual({
        orders: 6,
        items: 16,
        revenue: 23_000,
        collected: 10_000,
        to_refund: 500_000,
      });
    });

    it('refuses days that are not days, reversed or too far apart, in French', async () => {
      const cases: [string, string, string][] = [
        ['from=2026-02-30&to=2026-03-01', 'from', 'La date de début est invalide'],
        ['from=2026-01-01&to=demain', 'to', 'La date de fin est invalide'],
        ['from=2026-03-02&to=2026-03-01', 'from', 'La date de début doit précéder la date de fin'],
        ['from=2024-01-01&to=2026-01-01', 'from', 'La période ne peut dépasser 366 jours'],
      ];
      for (const [query, field, message] of cases) {
        for (const path of ['/admin/dashboard/report', '/admin/dashboard/report/export']) {
          const res = await call('GET', `${path}?${query}`);
          expect(res.statusCode, `${path}?${query}`).toBe(422);
          expect(res.json().errors[field]).toEqual([message]);
        }
      }
    });

    it('downloads as CSV for a French spreadsheet: a line per day, then the total', async () => {
      const from = dayOf(monday - MINUTE);
      const to = dayOf(monday);
      const res = await call('GET', `/admin/dashboard/report/export?from=${from}&to=${to}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="rapport-${from}-${to}.csv"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(res.rawPayload.toString('utf8').slice(1).split('\r\n')).toEqual([
        "Date;Commandes;Articles;Chiffre d'affaires (FCFA);Encaissé (FCFA);À rembourser (FCFA);En attente;Acceptée;Prête pour la livraison;En cours de livraison;Disponible à l'agence;Annulée",
        `${frDay(monday - MINUTE)};1;5;10000;10000;0;0;1;0;0;0;0`,
        `${frDay(monday)};2;3;3000;0;500000;1;0;0;0;0;1`,
        'Total;3;8;13000;10000;500000;1;1;0;0;0;1',
        '',
      ]);
    });
  });

  it('is for admins only', async () => {
    const client = await signedInUser(t.db);
    for (const url of [
      '/api/admin/dashboard',
      '/api/admin/dashboard/report',
      '/api/admin/dashboard/report/export',
    ]) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      const asClient = await t.app.inject({ method: 'GET', url, headers: client.auth });
      expect(asClient.statusCode, url).toBe(403);
      expect(asClient.json().success).toBe(false);
    }
  });
});
