import { buffer } from 'node:stream/consumers';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from '@souk/domain/order-status';
import { INT4_MAX } from '@souk/domain/primitives';
import { whatsappLink } from '@souk/domain/shop';
import { howToWriteAmount } from '@souk/domain/typed-amount';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_status_history, orders, product_variants } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { addProduct, seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { describeOnPostgres } from '../../test/describe-on-postgres.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { apiAs } from '../../test/upload-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';
import { exportOrders } from './admin-orders.service.ts';
import type { OrderRow } from './orders.repository.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Listed = { order_number: string; status: OrderStatus; client: { name: string } };

const statusOf = async (t: TestApp, id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
const historyOf = (t: TestApp, id: number) =>
  t.db.select().from(order_status_history).where(eq(order_status_history.order_id, id));
const stockOf = async (t: TestApp, id: number) =>
  (await t.db.select().from(product_variants).where(eq(product_variants.id, id)))[0]?.stock_quantity;

/** A product with a variant counted at `stock` and one sold without counting. */
async function stockedProduct(t: TestApp, categoryId: number, stock: number) {
  const p = await addProduct(
    t.db,
    { name: `Huile ${Math.random()}`, category_id: categoryId, base_price: 5000 },
    [
      { name: '10 ml', price: 5000, stock_quantity: stock },
      { name: '30 ml', price: 12000, stock_quantity: null },
    ],
  );
  const [counted, unlimited] = p.variants.map((v) => v?.id as number) as [number, number];
  return { product: p.product, counted, unlimited };
}

describe.each(engines)('admin order workflow on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    categoryId = (await seedCatalog(t.db)).cremes.id;
    admin = await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' });
  });
  afterAll(() => t?.close());

  const { call } = apiAs(() => ({ app: t.app, auth: admin.auth }));
  // A cancellation carries the owner's reason (the customer is told why).
  const setStatus = (
    id: number,
    status: unknown,
    reason = status === 'annulée' ? 'Rupture de stock' : undefined,
  ) => call('PUT', `/admin/orders/${id}/status`, { status, reason });

  it('is for admins only', async () => {
    const order = await addOrder(t.db);
    const client = await signedInUser(t.db);
    const asClient = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order.id}/status`,
      headers: client.auth,
      payload: { status: 'acceptée' },
    });
    expect(asClient.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/orders' });
    expect(anonymous.statusCode).toBe(401);
    expect(await statusOf(t, order.id)).toBe('en_attente');
  });

  // Every from/to pair of the six statuses: the transitions table and nothing else.
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const allowed = ORDER_TRANSITIONS[from].includes(to);
      it(`${from} → ${to}: ${allowed ? 'done and recorded' : '409, nothing changed'}`, async () => {
        const { product, counted } = await stockedProduct(t, categoryId, 10);
        const order = await addOrder(t.db, {
          status: from,
          items: [{ product_id: product.id, variant_id: counted, unit_price: 5000, quantity: 3 }],
        });
        const before = await historyOf(t, order.id);
        const res = await setStatus(order.id, to);
        if (allowed) {
          expect(res.statusCode).toBe(200);
          expect(res.json().message).toBe(
            to === 'annulée'
              ? 'Commande annulée, son stock remis en vente'
              : 'Statut de la commande mis à jour',
          );
          const answered = res.json().data.order;
          expect(answered.status).toBe(to);
          expect(answered.history.at(-1)).toEqual({
            id: expect.any(Number),
            event: 'status',
            from_status: from,
            to_status: to,
            changed_by: { id: admin.user.id, name: 'Admin Souk', role: 'admin' },
            note: to === 'annulée' ? 'Rupture de stock' : null,
            created_at: expect.any(String),
          });
          expect(answered.cancellation).toEqual(
            to === 'annulée' ? { by: 'shop', reason: 'Rupture de stock' } : null,
          );
          expect(await statusOf(t, order.id)).toBe(to);
          expect(await historyOf(t, order.id)).toHaveLength(before.length + 1);
          // Only a cancellation gives the 3 units back.
          expect(await stockOf(t, counted)).toBe(to === 'annulée' ? 13 : 10);
        } else {
          expect(res.statusCode).toBe(409);
          expect(res.json()).toEqual({
            success: false,
            message:
              from === to
                ? `La commande est déjà « ${ORDER_STATUS_LABELS[from]} »`
                : `Impossible de passer une commande « ${ORDER_STATUS_LABELS[from]} » à « ${ORDER_STATUS_LABELS[to]} »`,
          });
          expect(await statusOf(t, order.id)).toBe(from);
          expect(await historyOf(t, order.id)).toHaveLength(before.length);
          expect(await stockOf(t, counted)).toBe(10);
        }
      });
    }
  }

  it('cancelling gives counted stock back once; unlimited and deleted variants are left as they are', async () => {
    const { product, counted, unlimited } = await stockedProduct(t, categoryId, 3);
    const order = await addOrder(t.db, {
      items: [
        { product_id: product.id, variant_id: counted, unit_price: 5000, quantity: 2 },
        { product_id: product.id, variant_id: unlimited, unit_price: 12000, quantity: 1 },
        // A variant deleted since the order: its id was set to null.
        { product_name: 'Ancienne variante', variant_id: null, unit_price: 1000, quantity: 4 },
      ],
    });
    expect((await setStatus(order.id, 'annulée')).statusCode).toBe(200);
    expect(await stockOf(t, counted)).toBe(5);
    expect(await stockOf(t, unlimited)).toBeNull();

    const again = await setStatus(order.id, 'annulée');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La commande est déjà « Annulée »');
    expect(await stockOf(t, counted)).toBe(5);
  });

  it('cancelling stops at the int4 ceiling rather than overflow when the stock was raised since', async () => {
    const { product, counted } = await stockedProduct(t, categoryId, 0);
    const order = await addOrder(t.db, {
      items: [{ product_id: product.id, variant_id: counted, unit_price: 5000, quantity: 3 }],
    });
    await t.db
      .update(product_variants)
      .set({ stock_quantity: INT4_MAX - 1 })
      .where(eq(product_variants.id, counted));
    expect((await setStatus(order.id, 'annulée')).statusCode).toBe(200);
    expect(await stockOf(t, counted)).toBe(INT4_MAX);
  });

  it('the customer sees the new status on their next read', async () => {
    const customer = await signedInUser(t.db);
    const order = await addOrder(t.db, { user_id: customer.user.id });
    for (const status of ['acceptée', 'prête', 'en_cours', 'disponible'] as const)
      expect((await setStatus(order.id, status)).statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders', headers: customer.auth });
    expect(mine.json().data.orders).toEqual([
      expect.objectContaining({ id: order.id, status: 'disponible' }),
    ]);
    const detail = await call('GET', `/admin/orders/${order.id}`);
    expect(
      detail
        .json()
        .data.order.history.map(
          (h: { from_status: string | null; to_status: string; changed_by: { name: string } | null }) => [
            h.from_status,
            h.to_status,
            h.changed_by?.name,
          ],
        ),
    ).toEqual([
      [null, 'en_attente', customer.user.name],
      ['en_attente', 'acceptée', 'Admin Souk'],
      ['acceptée', 'prête', 'Admin Souk'],
      ['prête', 'en_cours', 'Admin Souk'],
      ['en_cours', 'disponible', 'Admin Souk'],
    ]);
  });

  it('refuses an unknown status or order, changing nothing', async () => {
    const order = await addOrder(t.db);
    for (const status of ['livrée', '', null, 3, ['acceptée']]) {
      const res = await setStatus(order.id, status);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.status).toEqual(['Statut de commande inconnu']);
    }
    expect(await statusOf(t, order.id)).toBe('en_attente');
    const missing = await setStatus(999_999, 'acceptée');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Commande non trouvée' });
    expect((await call('GET', '/admin/orders/999999')).statusCode).toBe(404);
  });

  it('shows one order with its client, items and history', async () => {
    const customer = await signedInUser(t.db, { name: 'Mariama Diallo' });
    const order = await addOrder(t.db, {
      user_id: customer.user.id,
      contact_name: 'Mariama Diallo',
      contact_phone: '+221775550011',
      contact_email: 'mariama@exemple.sn',
      items: [{ product_name: 'Savon au karité', variant_name: '100 g', unit_price: 1500, quantity: 4 }],
    });
    const res = await call('GET', `/admin/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data.order).toMatchObject({
      id: order.id,
      order_number: order.order_number,
      status: 'en_attente',
      total_amount: 6000,
      client: {
        id: customer.user.id,
        name: 'Mariama Diallo',
        email: 'mariama@exemple.sn',
        whatsapp_phone: '+221775550011',
      },
      items: [
        expect.objectContaining({
          product_name: 'Savon au karité',
          variant_name: '100 g',
          unit_price: 1500,
          quantity: 4,
          total_price: 6000,
        }),
      ],
      items_summary: { items_count: 1, total_items: 4 },
      history: [expect.objectContaining({ from_status: null, to_status: 'en_attente' })],
    });
    expect(whatsappLink(res.json().data.order.client.whatsapp_phone)).toBe('https://wa.me/221775550011');
  });
});

describe.each(engines)('admin order list on %s', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let regular: { id: number };
  const regularOrders: string[] = [];
  let awa: OrderRow;
  let aissatou: OrderRow;
  let moussa: OrderRow;
  let formula: OrderRow;
  const at = (iso: string) => new Date(iso).toISOString();
  const DAY = 86_400_000;
  // Relative to now, for the period select: each is kept by a period when it is on or after the
  // period's start (UTC day, Monday, first of the month).
  const recentAges = [0, 1, 3, 10, 40];
  const recentDates = recentAges.map((days) => new Date(Date.now() - days * DAY - 60_000).toISOString());

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
    regular = (await signedInUser(t.db, { name: 'Client fidèle' })).user;
    const line = (amount: number) => [{ product_name: 'Coffret', unit_price: amount, quantity: 1 }];
    // March 2025: the known set for the search, dates, amount and counters.
    awa = await addOrder(t.db, {
      contact_name: 'Awa Diop',
      contact_phone: '+221771112233',
      contact_email: 'awa@exemple.sn',
      created_at: at('2025-03-10T09:00:00Z'),
      items: [
        { product_name: 'Savon noir', variant_name: '250 g', unit_price: 2500, quantity: 2 },
        { product_name: "Huile d'argan", unit_price: 4000, quantity: 1 },
      ],
    });
    aissatou = await addOrder(t.db, {
      contact_name: 'Aïssatou Ndiaye',
      contact_phone: '+221778889900',
      status: 'acceptée',
      created_at: at('2025-03-15T23:30:00Z'),
      paid_at: at('2025-03-16T08:00:00Z'),
      items: line(30000),
    });
    moussa = await addOrder(t.db, {
      contact_name: 'Moussa Fall ; "le grand"',
      contact_phone: '+221701234567',
      status: 'annulée',
      created_at: at('2025-03-31T23:59:59Z'),
      // Paid, then cancelled (and refunded): ordered and collected both leave it out.
      paid_at: at('2025-03-31T23:59:59Z'),
      items: line(100000),
    });
    await addOrder(t.db, {
      contact_name: 'Fatou Sow',
      contact_phone: null,
      status: 'disponible',
      created_at: at('2025-04-01T00:00:00Z'),
      items: line(12000),
    });
    formula = await addOrder(t.db, {
      contact_name: '=HYPERLINK("http://evil.example","x")',
      contact_phone: null,
      contact_email: '-attaque@exemple.sn',
      created_at: at('2025-04-02T10:00:00Z'),
      items: [{ product_name: '@SUM(1+1)', variant_name: '+1', unit_price: 500, quantity: 1 }],
    });
    for (const [i, created] of recentDates.entries())
      await addOrder(t.db, {
        contact_name: `Récent ${recentAges[i]}`,
        created_at: created,
        items: line(7000),
      });
    // 25 orders of one customer, a minute apart, for the pages.
    for (let i = 0; i < 25; i += 1) {
      const order = await addOrder(t.db, {
        user_id: regular.id,
        contact_name: 'Client fidèle',
        created_at: at(`2024-06-01T10:${String(i).padStart(2, '0')}:00Z`),
        items: line(1000 + i),
      });
      regularOrders.push(order.order_number);
    }
  });
  afterAll(() => t?.close());

  const { call } = apiAs(() => ({ app: t.app, auth: admin }));
  const list = async (query: string) => {
    const res = await call('GET', `/admin/orders?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      orders: Listed[];
      pagination: { current_page: number; last_page: number; per_page: number; total: number };
      summary: {
        total_orders: number;
        total_revenue: number;
        status_breakdown: Record<OrderStatus, number>;
        revenue_breakdown: Record<OrderStatus, number>;
      };
    };
  };
  const names = async (query: string) => (await list(query)).orders.map((o) => o.client.name);
  const MARCH = 'date_from=2025-03-01&date_to=2025-03-31';

  it('counts every status over the filters; revenue ordered and collected, and the average order, without cancelled orders', async () => {
    const { orders: shown, summary, pagination } = await list(MARCH);
    expect(shown.map((o) => o.client.name)).toEqual([
      'Moussa Fall ; "le grand"',
      'Aïssatou Ndiaye',
      'Awa Diop',
    ]);
    expect(pagination.total).toBe(3);
    expect(summary).toEqual({
      total_orders: 3,
      total_revenue: 39000,
      collected_revenue: 30000,
      // Two orders count (the cancelled one of 100 000 does not): 39 000 / 2.
      average_order_value: 19500,
      status_breakdown: { en_attente: 1, acceptée: 1, prête: 0, en_cours: 0, disponible: 0, annulée: 1 },
      revenue_breakdown: {
        en_attente: 9000,
        acceptée: 30000,
        prête: 0,
        en_cours: 0,
        disponible: 0,
        annulée: 100000,
      },
    });
  });

  it('the status narrows the list, not the counters', async () => {
    const { orders: shown, summary, pagination } = await list(`${MARCH}&status=acceptée`);
    expect(shown.map((o) => o.client.name)).toEqual(['Aïssatou Ndiaye']);
    expect(pagination.total).toBe(1);
    expect(summary.total_orders).toBe(3);
    expect(summary.status_breakdown.en_attente).toBe(1);
  });

  it('takes whole days, both ends included', async () => {
    expect(await names('date_from=2025-03-31&date_to=2025-03-31')).toEqual(['Moussa Fall ; "le grand"']);
    expect(await names('date_from=2025-04-01&date_to=2025-04-01')).toEqual(['Fatou Sow']);
    expect(await names('date_from=2025-03-11&date_to=2025-03-15')).toEqual(['Aïssatou Ndiaye']);
  });

  it('keeps orders of at least the minimum amount', async () => {
    expect(await names(`${MARCH}&min_amount=30000`)).toEqual(['Moussa Fall ; "le grand"', 'Aïssatou Ndiaye']);
    expect(await names(`${MARCH}&min_amount=100001`)).toEqual([]);
    // Typed the French way in the filter: '30.000', '30 000 F'.
    expect(await names(`${MARCH}&min_amount=30.000`)).toEqual([
      'Moussa Fall ; "le grand"',
      'Aïssatou Ndiaye',
    ]);
    expect(await names(`${MARCH}&min_amount=30%20000%20F`)).toEqual([
      'Moussa Fall ; "le grand"',
      'Aïssatou Ndiaye',
    ]);
  });

  it('searches the order number, the client name (accents and case aside) and the phone', async () => {
    expect(await names('search=awa')).toEqual(['Awa Diop']);
    expect(await names('search=AISSATOU')).toEqual(['Aïssatou Ndiaye']);
    expect(await names('search=cmd-20250331')).toEqual(['Moussa Fall ; "le grand"']);
    expect(await names('search=77 111 22')).toEqual(['Awa Diop']);
    expect(await names('search=%2B221 70 123')).toEqual(['Moussa Fall ; "le grand"']);
    // The whole number in the forms a customer types it.
    for (const typed of ['%2B221 70 123 45 67', '70 123 45 67', '00221701234567'])
      expect(await names(`search=${typed}`), typed).toEqual(['Moussa Fall ; "le grand"']);
    // LIKE's own characters are looked for as themselves.
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=_')).toEqual([]);
  });

  it('keeps the orders of the period: since the start of today, this week (Monday) or this month, UTC', async () => {
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const starts = {
      today,
      week: today - ((now.getUTCDay() + 6) % 7) * DAY,
      month: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
    };
    for (const [period, start] of Object.entries(starts)) {
      const expected = recentDates
        .map((created, i) => ({ created, name: `Récent ${recentAges[i]}` }))
        .filter(({ created }) => Date.parse(created) >= start)
        .map(({ name }) => name);
      expect(await names(`period=${period}`), period).toEqual(expected);
    }
  });

  it('pages by 20, newest first, for one customer', async () => {
    const first = await list(`customer_id=${regular.id}`);
    expect(first.pagination).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    const newestFirst = [...regularOrders].reverse();
    expect(first.orders.map((o) => o.order_number)).toEqual(newestFirst.slice(0, 20));
    const second = await list(`customer_id=${regular.id}&page=2`);
    expect(second.pagination).toMatchObject({ current_page: 2, from: 21, to: 25 });
    expect(second.orders.map((o) => o.order_number)).toEqual(newestFirst.slice(20));
    expect(first.summary.total_revenue).toBe(25 * 1000 + (24 * 25) / 2);
  });

  it('refuses filters it cannot read, in French', async () => {
    const refusals: [string, string, string][] = [
      ['date_from=2025-02-30', 'date_from', 'La date de début est invalide'],
      ['date_to=31/03/2025', 'date_to', 'La date de fin est invalide'],
      [
        'date_from=2025-03-31&date_to=2025-03-01',
        'date_from',
        'La date de début doit précéder la date de fin',
      ],
      ['min_amount=-5', 'min_amount', howToWriteAmount('le montant minimum')],
      ['min_amount=12,5', 'min_amount', howToWriteAmount('le montant minimum')],
      ['period=year', 'period', 'Période inconnue'],
      ['status=livrée', 'status', 'Statut de commande inconnu'],
      ['per_page=1000', 'per_page', 'Nombre de commandes par page invalide'],
    ];
    for (const [query, field, message] of refusals) {
      const res = await call('GET', `/admin/orders?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[field], query).toEqual([message]);
    }
  });

  describe('the CSV export', () => {
    const csv = async (query: string) => {
      const res = await call('GET', `/admin/orders/export?${query}`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return { res, text: res.rawPayload.toString('utf8') };
    };
    const linesOf = (text: string) =>
      text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);

    it('downloads the filtered orders for a French spreadsheet, one line per article', async () => {
      const { res, text } = await csv(`${MARCH}&status=annulée`);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="commandes-\d{12}\.csv"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(linesOf(text)).toEqual([
        'Numéro de commande;Date;Statut;Paiement;Payée le;Payée par;Transaction;Client;Téléphone;E-mail;Produit;Variante;SKU;Quantité;Prix unitaire (FCFA);Total article (FCFA);Total commande (FCFA)',
        `${moussa.order_number};31/03/2025 23:59;Annulée;Payée;31/03/2025 23:59;À la main;;"Moussa Fall ; ""le grand""";"'+221701234567";;Coffret;;;1;100000;100000;100000`,
      ]);
    });

    it('writes each article of an order on its own line, newest order first', async () => {
      const { text } = await csv(MARCH);
      const lines = linesOf(text).slice(1);
      expect(lines.map((l) => l.split(';')[0])).toEqual([
        moussa.order_number,
        aissatou.order_number,
        awa.order_number,
        awa.order_number,
      ]);
      expect(lines.slice(2)).toEqual([
        `${awa.order_number};10/03/2025 09:00;En attente;Non payée;;;;Awa Diop;"'+221771112233";awa@exemple.sn;Savon noir;250 g;;2;2500;5000;9000`,
        `${awa.order_number};10/03/2025 09:00;En attente;Non payée;;;;Awa Diop;"'+221771112233";awa@exemple.sn;Huile d'argan;;;1;4000;4000;9000`,
      ]);
    });

    it('neutralises what a spreadsheet would run', async () => {
      const { text } = await csv('date_from=2025-04-02&date_to=2025-04-02');
      expect(linesOf(text)[1]).toBe(
        `${formula.order_number};02/04/2025 10:00;En attente;Non payée;;;;"'=HYPERLINK(""http://evil.example"",""x"")";;"'-attaque@exemple.sn";"'@SUM(1+1)";"'+1";;1;500;500;500`,
      );
    });

    it('reads every order in batches, ties of the same instant included, none twice', async () => {
      const owner = await signedInUser(t.db);
      // 1 203 orders, the first 700 at the very same instant: batches of 500 must break ties by id.
      await t.db.execute(sql`
        insert into orders (order_number, user_id, status, total_amount, total_items, contact_name, created_at)
        select 'CMD-BULK-' || n, ${owner.user.id}, 'en_attente', n, 1, 'Client en masse',
               case when n <= 700 then timestamptz '2024-01-01 12:00:00+00' else timestamptz '2024-01-01 12:00:00+00' + n * interval '1 second' end
          from generate_series(1, 1203) as n`);
      const numbersOf = (text: string) =>
        linesOf(text)
          .slice(1)
          .map((l) => l.split(';')[0]);
      // Small batches (the boundaries fall inside the ties), then the route's own size.
      const batched = numbersOf(
        (await buffer(await exportOrders(t.db, { customer_id: owner.user.id }, 500))).toString('utf8'),
      );
      expect(batched).toHaveLength(1203);
      expect(new Set(batched).size).toBe(1203);
      expect(batched.slice(0, 2)).toEqual(['CMD-BULK-1203', 'CMD-BULK-1202']);
      const { text } = await csv(`customer_id=${owner.user.id}`);
      expect(numbersOf(text)).toEqual(batched);
    });

    it('is for admins only, refuses bad filters in French, and is in the OpenAPI', async () => {
      const client = await signedInUser(t.db);
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/admin/orders/export',
        headers: client.auth,
      });
      expect(refused.statusCode).toBe(403);
      const bad = await call('GET', '/admin/orders/export?date_from=2025-13-01');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.date_from).toEqual(['La date de début est invalide']);
      const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const exported = docs.paths['/api/admin/orders/export'].get;
      expect(Object.keys(exported.responses['200'].content)).toEqual(['text/csv']);
      expect(exported.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['search', 'status', 'period', 'date_from', 'date_to', 'min_amount']),
      );
    });
  });

  it('the header search finds orders by client name, number and phone', async () => {
    const search = async (q: string) =>
      (await call('GET', `/admin/search?q=${encodeURIComponent(q)}`)).json().data.orders as {
        id: number;
        client_name: string;
      }[];
    expect(await search('awa')).toEqual([
      expect.objectContaining({
        id: awa.id,
        client_name: 'Awa Diop',
        status: 'en_attente',
        total_amount: 9000,
      }),
    ]);
    expect((await search(aissatou.order_number)).map((o) => o.id)).toEqual([aissatou.id]);
    expect((await search('77 888 99')).map((o) => o.id)).toEqual([aissatou.id]);
  });
});

// Races need real concurrent connections: PGlite has only one.
describeOnPostgres('admins changing one order at once on postgres', () => {
  let t: TestApp;
  let categoryId: number;
  const admins: Record<string, string>[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    categoryId = (await seedCatalog(t.db)).cremes.id;
    for (let i = 0; i < 8; i += 1) admins.push((await signedInUser(t.db, { role: 'admin' })).auth);
  });
  afterAll(() => t?.close());

  const change = (auth: Record<string, string>, id: number, status: OrderStatus) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${id}/status`,
      headers: auth,
      payload: { status, reason: status === 'annulée' ? 'Client injoignable' : undefined },
    });

  it('two admins cancelling the same order: one succeeds, the stock comes back once', async () => {
    const { product, counted } = await stockedProduct(t, categoryId, 0);
    const order = await addOrder(t.db, {
      items: [{ product_id: product.id, variant_id: counted, unit_price: 5000, quantity: 4 }],
    });
    const results = await Promise.all(admins.slice(0, 2).map((auth) => change(auth, order.id, 'annulée')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t, counted)).toBe(4);
    const history = await historyOf(t, order.id);
    expect(history.filter((h) => h.to_status === 'annulée')).toHaveLength(1);
  });

  // Cancelling after 'Accepter' is allowed (the order has not left the shop): an accept may land
  // and a cancel after it, never two of either, and the stock follows whichever came last.
  it('eight admins accepting or cancelling at once: one of each at most, the stock given back once', async () => {
    const { product, counted } = await stockedProduct(t, categoryId, 1);
    const order = await addOrder(t.db, {
      items: [{ product_id: product.id, variant_id: counted, unit_price: 5000, quantity: 2 }],
    });
    const wanted: OrderStatus[] = admins.map((_, i) => (i % 2 ? 'annulée' : 'acceptée'));
    const results = await Promise.all(
      admins.map((auth, i) => change(auth, order.id, wanted[i] as OrderStatus)),
    );
    const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [wanted[i]] : []));
    expect(winners.filter((w) => w === 'acceptée').length).toBeLessThanOrEqual(1);
    expect(winners.filter((w) => w === 'annulée')).toHaveLength(winners.includes('annulée') ? 1 : 0);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(8 - winners.length);
    const cancelled = winners.includes('annulée');
    expect(await statusOf(t, order.id)).toBe(cancelled ? 'annulée' : 'acceptée');
    expect(await historyOf(t, order.id)).toHaveLength(1 + winners.length);
    expect(await stockOf(t, counted)).toBe(cancelled ? 3 : 1);
  });
});
