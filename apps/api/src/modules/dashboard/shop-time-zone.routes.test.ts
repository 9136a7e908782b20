import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { apiAs } from '../../test/upload-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;
/** The day in Douala (UTC+1, no summer time) at an instant: '2026-11-26'. */
const doualaDay = (ms: number) => new Date(ms + HOUR).toISOString().slice(0, 10);

// A shop in Douala (SHOP_TIME_ZONE=Africa/Douala): its days start at 23:00 UTC. An order placed at
// 23:30 UTC is the next day's, in every figure and list and in what the owner reads.
describe.each(engines)('a shop in Douala counts its days from its own midnight (%s)', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let late: { id: number; order_number: string };
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SHOP_TIME_ZONE: 'Africa/Douala' } });
    admin = await signedInUser(t.db, { role: 'admin' });
    // 23:30 UTC on the 25th: 00:30 on the 26th in Douala.
    late = await addOrder(t.db, {
      created_at: '2026-11-25T23:30:00.000Z',
      items: [{ product_name: 'Savon noir', unit_price: 2500, quantity: 2 }],
    });
  });
  afterAll(() => t?.close());
  const { call } = apiAs(() => ({ app: t.app, auth: admin.auth }));

  it("counts the order in the next day's figures", async () => {
    const report = async (day: string) =>
      (await call('GET', `/admin/dashboard/report?from=${day}&to=${day}`)).json().data;
    expect((await report('2026-11-26')).totals).toEqual({
      orders: 1,
      items: 2,
      revenue: 5000,
      collected: 0,
      to_refund: 0,
    });
    expect((await report('2026-11-25')).totals).toEqual({
      orders: 0,
      items: 0,
      revenue: 0,
      collected: 0,
      to_refund: 0,
    });
  });

  it("finds it under the next day's date filter, and writes its time in Douala", async () => {
    const numbers = async (query: string) =>
      ((await call('GET', `/admin/orders?${query}`)).json().data.orders as { order_number: string }[]).map(
        (o) => o.order_number,
      );
    expect(await numbers('date_from=2026-11-26&date_to=2026-11-26')).toEqual([late.order_number]);
    expect(await numbers('date_from=2026-11-25&date_to=2026-11-25')).toEqual([]);
    const csv = (await call('GET', '/admin/orders/export?date_from=2026-11-26&date_to=2026-11-26')).body;
    expect(csv).toContain(`${late.order_number};26/11/2026 00:30;`);
  });

  it("keeps 'today' from Douala's midnight", async () => {
    // Around the current Douala day's midnight; done again if that midnight passes meanwhile (the
    // day read before and after the call then differ), which can happen once at most.
    for (;;) {
      const day = doualaDay(Date.now());
      const midnight = Date.parse(`${day}T00:00:00Z`) - HOUR;
      const after = await addOrder(t.db, { created_at: new Date(midnight + HOUR / 2).toISOString() });
      const before = await addOrder(t.db, { created_at: new Date(midnight - HOUR / 2).toISOString() });
      const today = (
        (await call('GET', '/admin/orders?period=today')).json().data.orders as { id: number }[]
      ).map((o) => o.id);
      if (doualaDay(Date.now()) !== day) continue;
      expect(today).toContain(after.id);
      expect(today).not.toContain(before.id);
      return;
    }
  });

  it('numbers a new order with the Douala day (CMD-YYYYMMDD-…)', async () => {
    const c = await seedCatalog(t.db);
    const sessionId = 'douala-panier-0001';
    await putInCart(
      t.db,
      { sessionId },
      { productId: c.argan.product.id, variantId: c.argan.variants[0]?.id, quantity: 1 },
    );
    const before = doualaDay(Date.now());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      payload: { name: 'Client Douala', whatsapp_phone: '+237 6 71 23 45 67', session_id: sessionId },
    });
    const after = doualaDay(Date.now());
    expect(res.statusCode, res.body).toBe(201);
    const day = res.json().data.order.order_number.slice(4, 12);
    // Read around the call, in case Douala's midnight passes during it.
    expect([before, after].map((d) => d.replaceAll('-', ''))).toContain(day);
  });
});
