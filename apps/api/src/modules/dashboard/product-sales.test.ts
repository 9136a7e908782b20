import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { order_items, orders, products } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { addProduct, seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addOrder } from '../../test/order-fixtures.ts';

type Sales = { product_id: number; product_name: string; quantity: number; revenue: number };

// product_sales is kept by triggers (migration 0011): whatever writes orders and their articles,
// it must always equal the sum over the articles of the orders not cancelled.
describe.each(engines)('product_sales on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    categoryId = (await seedCatalog(t.db)).cremes.id;
  });
  afterAll(() => t?.close());

  const kept = () =>
    queryRows<Sales>(
      t.db,
      sql`select product_id, product_name, quantity::int as quantity, revenue::int as revenue
            from product_sales where quantity <> 0 or revenue <> 0 order by 1, 2`,
    );
  const recomputed = () =>
    queryRows<Sales>(
      t.db,
      sql`select coalesce(i.product_id, 0) as product_id, i.product_name, sum(i.quantity)::int as quantity, sum(i.total_price)::int as revenue
            from order_items i join orders o on o.id = i.order_id
           where o.status <> 'annulée' group by 1, 2 order by 1, 2`,
    );

  it('equals the articles of the orders not cancelled after every kind of write', async () => {
    const savon = await addProduct(t.db, {
      name: 'Savon au miel',
      category_id: categoryId,
      base_price: 2000,
    });
    const huile = await addProduct(t.db, {
      name: "Huile d'argan",
      category_id: categoryId,
      base_price: 9000,
    });
    const line = (p: typeof savon, quantity: number) => ({
      product_id: p.product.id,
      product_name: p.product.name,
      unit_price: p.product.base_price,
      quantity,
    });
    const first = await addOrder(t.db, { items: [line(savon, 2), line(huile, 1)] });
    const second = await addOrder(t.db, { items: [line(savon, 3)] });
    await addOrder(t.db, { status: 'annulée', items: [line(huile, 5)] });
    expect(await kept()).toEqual(await recomputed());
    expect((await kept()).find((s) => s.product_id === savon.product.id)?.quantity).toBe(5);

    // Cancelled, then (by hand) back: out, then in again.
    await t.db.update(orders).set({ status: 'annulée' }).where(eq(orders.id, second.id));
    expect((await kept()).find((s) => s.product_id === savon.product.id)?.quantity).toBe(2);
    await t.db.update(orders).set({ status: 'acceptée' }).where(eq(orders.id, second.id));
    expect(await kept()).toEqual(await recomputed());

    // An article changed, one removed, a product deleted (its articles keep only their name).
    await t.db
      .update(order_items)
      .set({ quantity: 4, total_price: 8000 })
      .where(eq(order_items.order_id, second.id));
    await t.db.delete(order_items).where(eq(order_items.product_id, huile.product.id));
    await t.db.delete(products).where(eq(products.id, savon.product.id));
    expect(await kept()).toEqual(await recomputed());
    expect((await kept()).find((s) => s.product_name === 'Savon au miel')).toMatchObject({
      product_id: 0,
      quantity: 6,
    });

    // An order deleted takes its articles out, once.
    await t.db.delete(orders).where(eq(orders.id, first.id));
    expect(await kept()).toEqual(await recomputed());
  });
});
