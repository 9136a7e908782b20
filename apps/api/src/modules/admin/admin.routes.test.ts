import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addUser, signedInUser } from '../../test/user-fixtures.ts';

describe.each(engines)('the admin header on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: admin });

  it('the bell counts the orders waiting (en_attente) and only those', async () => {
    expect((await get('/admin/notifications')).json().data).toEqual({
      pending_orders: 0,
      whatsapp_outage: null,
      whatsapp_inbox: null,
    });
    const statuses = ['en_attente', 'en_attente', 'acceptée', 'annulée'] as const;
    await t.db.insert(orders).values(
      statuses.map((status, i) => ({
        order_number: `CMD-BELL-${engine}-${i}`,
        status,
        total_amount: 1000,
        total_items: 1,
        contact_name: 'Awa',
      })),
    );
    expect((await get('/admin/notifications')).json().data).toEqual({
      pending_orders: 2,
      whatsapp_outage: null,
      whatsapp_inbox: null,
    });
  });

  it('the search finds products and categories, inactive ones included, accents ignored', async () => {
    const res = await get(`/admin/search?q=${encodeURIComponent('creme')}`);
    expect(res.statusCode).toBe(200);
    const { products, categories } = res.json().data;
    const names = products.map((p: { name: string }) => p.name);
    expect(names).toContain("Crème hydratante à l'argan");
    // In an inactive category: hidden from the shop, found here.
    expect(names).toContain('Crème archivée');
    const ambre = (await get('/admin/search?q=ambre')).json().data.products;
    expect(ambre).toContainEqual(expect.objectContaining({ name: 'Ambre nuit', is_active: false }));
    expect(categories).toEqual([
      { id: expect.any(Number), name: 'Crèmes', is_active: true, parent_name: 'Soins du visage et du corps' },
    ]);
    const masques = (await get('/admin/search?q=masques')).json().data.categories;
    expect(masques).toEqual([expect.objectContaining({ name: 'Masques', is_active: false })]);
  });

  it('the search finds customers by name, e-mail or phone, never an admin', async () => {
    const customer = await addUser(t.db, {
      name: 'Ndèye Coumba Séne',
      email: 'ndeye.coumba@exemple.sn',
      whatsapp_phone: '221781234321',
      status: 'blocked',
    });
    await addUser(t.db, { name: 'Ndeye Admin', role: 'admin' });
    const found = {
      id: customer.id,
      name: 'Ndèye Coumba Séne',
      email: 'ndeye.coumba@exemple.sn',
      whatsapp_phone: '221781234321',
      status: 'blocked',
    };
    for (const q of ['ndeye', 'NDEYE.COUMBA@', '78 123 43']) {
      expect((await get(`/admin/search?q=${encodeURIComponent(q)}`)).json().data.customers, q).toEqual([
        found,
      ]);
    }
  });

  it('answers nothing for a search of marks only, and a French error for an empty one', async () => {
    expect((await get(`/admin/search?q=${encodeURIComponent('^')}`)).json().data).toEqual({
      products: [],
      categories: [],
      orders: [],
      customers: [],
    });
    const empty = await get('/admin/search?q=%20');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Saisissez une recherche');
  });
});
