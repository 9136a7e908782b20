import type { AdminCustomer, AdminCustomerDetail, CustomerStats } from '@souk/domain/admin-customers';
import { whatsappLink } from '@souk/domain/shop';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password_reset_tokens, sessions, users } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { apiAs } from '../../test/upload-fixtures.ts';
import { addUser, PASSWORD, signedInUser } from '../../test/user-fixtures.ts';
import { BLOCKED_MESSAGE } from '../auth/auth.service.ts';
import { WELCOME_LINK_TTL_MS } from './customers.service.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An order of `amount` FCFA (one line) for a customer. */
const order = (t: TestApp, userId: number, amount: number, extra: Parameters<typeof addOrder>[1] = {}) =>
  addOrder(t.db, {
    user_id: userId,
    items: [{ product_name: 'Savon noir', unit_price: amount, quantity: 1 }],
    ...extra,
  });

const setCreatedAt = (t: TestApp, id: number, iso: string) =>
  t.db.update(users).set({ created_at: iso }).where(eq(users.id, id));

describe.each(engines)('customer figures on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const { call } = apiAs(() => ({ app: t.app, auth: admin.auth }));
  const ids: Record<string, number> = {};

  // A known shop: five customers (one blocked), an admin, a guest order.
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' });
    const startOfMonth = new Date();
    startOfMonth.setUTCDate(1);
    startOfMonth.setUTCHours(0, 0, 0, 0);
    const lastMonth = new Date(startOfMonth.getTime() - 1000).toISOString();
    for (const name of ['Aïcha Diop', 'Bineta Fall', 'Cheikh Ndiaye', 'Dame Sarr', 'Eva Ba']) {
      ids[name] = (
        await addUser(t.db, {
          name,
          status: name === 'Eva Ba' ? 'blocked' : 'active',
          ...(name === 'Bineta Fall' ? { whatsapp_phone: '+221771234567' } : {}),
        })
      ).id;
    }
    // Registered last month: Aïcha, Bineta and the admin; the other three this month.
    for (const id of [ids['Aïcha Diop'], ids['Bineta Fall'], admin.user.id])
      await setCreatedAt(t, id as number, lastMonth);
    // Aïcha: five small orders → VIP by count.
    for (let i = 0; i < 5; i += 1) await order(t, ids['Aïcha Diop'] as number, 1000);
    // Bineta: one large order → VIP by amount, paid.
    await order(t, ids['Bineta Fall'] as number, 250_000, { paid_at: new Date().toISOString() });
    // Cheikh: two orders → Régulier; a third, cancelled, counts nowhere.
    await order(t, ids['Cheikh Ndiaye'] as number, 3000, { created_at: '2026-01-10T10:00:00.000Z' });
    await order(t, ids['Cheikh Ndiaye'] as number, 5000, {
      created_at: '2026-02-10T10:00:00.000Z',
      paid_at: '2026-02-11T10:00:00.000Z',
    });
    // Paid, then cancelled: refunded, so not collected either.
    await order(t, ids['Cheikh Ndiaye'] as number, 90_000, {
      status: 'annulée',
      paid_at: '2026-02-11T10:00:00.000Z',
    });
    // Dame: one order and three cancelled → Nouveau.
    await order(t, ids['Dame Sarr'] as number, 7000);
    for (let i = 0; i < 3; i += 1) await order(t, ids['Dame Sarr'] as number, 1000, { status: 'annulée' });
    // A guest's and an admin's orders are not customers' orders.
    await addOrder(t.db, { items: [{ unit_price: 9999, quantity: 1 }] });
    await order(t, admin.user.id, 8888);
  });
  afterAll(() => t?.close());

  it('answers the statistics over every customer and their orders, ordered and collected', async () => {
    const res = await call('GET', '/admin/customers/stats');
    expect(res.statusCode).toBe(200);
    const stats: CustomerStats = res.json().data;
    expect(stats).toEqual({
      total_clients: 5,
      active_clients: 4,
      blocked_clients: 1,
      new_clients_this_month: 3,
      active_percentage: 80,
      // 5 + 1 + 2 + 1 orders not cancelled: 5 000 + 250 000 + 8 000 + 7 000 FCFA.
      total_orders: 9,
      total_revenue: 270_000,
      // Of those, Bineta's and Cheikh's second were paid.
      collected_revenue: 255_000,
      avg_order_value: 30_000,
      // Of the four who ordered, Aïcha and Cheikh came back.
      retention_rate: 50,
    });
    // The second path, /admin/clients, answers the same.
    expect((await call('GET', '/admin/clients/stats')).json().data).toEqual(stats);
  });

  it('lists customers with their figures and tiers, admins aside', async () => {
    const res = await call('GET', '/admin/customers?per_page=25');
    expect(res.statusCode).toBe(200);
    const { clients, pagination } = res.json().data as {
      clients: AdminCustomer[];
      pagination: { total: number };
    };
    expect(pagination.total).toBe(5);
    const byName = Object.fromEntries(clients.map((c) => [c.name, c]));
    expect(Object.keys(byName)).not.toContain('Admin Souk');
    expect(byName['Aïcha Diop']).toMatchObject({
      orders_count: 5,
      total_spent: 5000,
      total_paid: 0,
      tier: 'vip',
      avg_order_value: 1000,
    });
    expect(byName['Bineta Fall']).toMatchObject({
      orders_count: 1,
      total_spent: 250_000,
      total_paid: 250_000,
      tier: 'vip',
    });
    expect(byName['Cheikh Ndiaye']).toMatchObject({
      orders_count: 2,
      total_spent: 8000,
      total_paid: 5000,
      tier: 'regular',
      last_order_at: '2026-02-10T10:00:00.000Z',
    });
    expect(byName['Dame Sarr']).toMatchObject({ orders_count: 1, total_spent: 7000, tier: 'new' });
    expect(byName['Eva Ba']).toMatchObject({
      orders_count: 0,
      total_spent: 0,
      tier: 'new',
      status: 'blocked',
      last_order_at: null,
      avg_order_value: null,
    });
  });

  it('searches by name (accents aside), e-mail and phone, and filters by status', async () => {
    const names = async (query: string) =>
      ((await call('GET', `/admin/customers?${query}`)).json().data.clients as AdminCustomer[]).map(
        (c) => c.name,
      );
    expect(await names('search=aicha')).toEqual(['Aïcha Diop']);
    const [bineta] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, ids['Bineta Fall'] as number));
    expect(await names(`search=${encodeURIComponent(bineta?.email?.toUpperCase() ?? '')}`)).toEqual([
      'Bineta Fall',
    ]);
    // Her number (+221771234567) in every form the owner may type it: whole, local, with 00, or a part.
    expect(bineta?.whatsapp_phone).toBe('+221771234567');
    for (const typed of [
      '+221 77 123 45 67',
      '77 123 45 67',
      '00221 77 123 45 67',
      '221771234567',
      '77 123',
    ]) {
      expect(await names(`search=${encodeURIComponent(typed)}`), typed).toEqual(['Bineta Fall']);
    }
    expect(await names('status=blocked')).toEqual(['Eva Ba']);
    expect(await names('status=active&search=zzz')).toEqual([]);
  });

  it('sorts by orders, name or e-mail, both ways, and pages without overlap', async () => {
    const names = async (query: string) =>
      ((await call('GET', `/admin/customers?${query}`)).json().data.clients as AdminCustomer[]).map(
        (c) => c.name,
      );
    expect(await names('sort_by=orders_count&sort_order=desc')).toEqual([
      'Aïcha Diop',
      'Cheikh Ndiaye',
      // Ties (one order each) by id, newest first.
      'Dame Sarr',
      'Bineta Fall',
      'Eva Ba',
    ]);
    expect(await names('sort_by=name&sort_order=asc')).toEqual([
      'Aïcha Diop',
      'Bineta Fall',
      'Cheikh Ndiaye',
      'Dame Sarr',
      'Eva Ba',
    ]);
    expect(await names('sort_by=name&sort_order=desc')).toEqual([
      'Eva Ba',
      'Dame Sarr',
      'Cheikh Ndiaye',
      'Bineta Fall',
      'Aïcha Diop',
    ]);
    // Every customer has an e-mail here: by address, both ways, each the other's reverse.
    const byEmail = await names('sort_by=email&sort_order=asc');
    expect(await names('sort_by=email&sort_order=desc')).toEqual([...byEmail].reverse());
    const first = await call('GET', '/admin/customers?per_page=10&sort_by=name&sort_order=asc&page=1');
    expect(first.json().data.pagination).toMatchObject({
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 5,
      from: 1,
      to: 5,
    });
  });

  it('shows the same figures whichever the sort, customers without orders included', async () => {
    const listed = async (query: string) =>
      (
        (await call('GET', `/admin/customers?per_page=50&${query}`)).json().data.clients as AdminCustomer[]
      ).sort((a, b) => a.id - b.id);
    const byDate = await listed('');
    expect(await listed('sort_by=orders_count')).toEqual(byDate);
    expect(await listed('sort_by=orders_count&sort_order=asc&status=blocked')).toEqual(
      byDate.filter((c) => c.status === 'blocked'),
    );
  });

  it('refuses a page size other than 10, 25 or 50, and an unknown sort, in French', async () => {
    for (const query of [
      'per_page=20',
      'per_page=abc',
      'sort_by=password_hash',
      'sort_order=up',
      'status=admin',
    ]) {
      const res = await call('GET', `/admin/customers?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(/invalide|inconnu/);
    }
  });

  it('shows a profile with the five latest orders and its statistics', async () => {
    const res = await call('GET', `/admin/customers/${ids['Dame Sarr']}`);
    expect(res.statusCode).toBe(200);
    const client: AdminCustomerDetail = res.json().data.client;
    expect(client.recent_orders).toHaveLength(4);
    expect(client.statistics.status_breakdown).toMatchObject({ en_attente: 1, annulée: 3, acceptée: 0 });
    expect(client.statistics.top_products).toEqual([{ name: 'Savon noir', quantity: 1 }]);
    const aicha = (await call('GET', `/admin/clients/${ids['Aïcha Diop']}`)).json().data
      .client as AdminCustomerDetail;
    expect(aicha.recent_orders).toHaveLength(5);
    expect(aicha.tier).toBe('vip');
    // An admin is not a customer; an unknown id neither.
    for (const id of [admin.user.id, 999_999]) {
      const missing = await call('GET', `/admin/customers/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Client non trouvé');
    }
  });
});

describe.each(engines)('blocking customers on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const { call } = apiAs(() => ({ app: t.app, auth: admin.auth }));

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' });
  });
  afterAll(() => t?.close());

  const me = (auth: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
  const login = (email: string | null) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  const statusOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]?.status;
  const sessionCount = async (id: number) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.user_id, id)))[0]
      ?.n;

  it('is for admins only', async () => {
    const client = await signedInUser(t.db);
    const other = await addUser(t.db);
    for (const path of ['/admin/customers/toggle-status', '/admin/clients/toggle-status']) {
      const asClient = await t.app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: client.auth,
        payload: { client_id: other.id, action: 'block' },
      });
      expect(asClient.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/clients/stats' })).statusCode).toBe(401);
    expect(await statusOf(other.id)).toBe('active');
  });

  it('blocks a customer: sessions end at once, login says why; unblocking restores access', async () => {
    const customer = await signedInUser(t.db, { name: 'Fatou Kane' });
    expect((await me(customer.auth)).statusCode).toBe(200);
    const res = await call('POST', '/admin/customers/toggle-status', {
      client_id: customer.user.id,
      action: 'block',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Fatou Kane a été bloqué');
    expect(await statusOf(customer.user.id)).toBe('blocked');
    expect(await sessionCount(customer.user.id)).toBe(0);
    expect((await me(customer.auth)).statusCode).toBe(401);
    const refused = await login(customer.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOCKED_MESSAGE);

    const back = await call('POST', '/admin/clients/toggle-status', {
      client_id: customer.user.id,
      action: 'unblock',
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe('Fatou Kane a été débloqué');
    expect((await login(customer.user.email)).statusCode).toBe(200);
  });

  it('blocks and unblocks a selection, all or none', async () => {
    const a = await signedInUser(t.db);
    const b = await signedInUser(t.db);
    const res = await call('POST', '/admin/customers/bulk-status', {
      client_ids: [a.user.id, b.user.id],
      action: 'block',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { updated: 2 }, message: '2 clients bloqués' });
    expect([await statusOf(a.user.id), await statusOf(b.user.id)]).toEqual(['blocked', 'blocked']);
    expect((await me(a.auth)).statusCode).toBe(401);
    expect((await me(b.auth)).statusCode).toBe(401);
    expect((await login(b.user.email)).json().message).toBe(BLOCKED_MESSAGE);
    // Those already blocked are not counted again.
    const c = await signedInUser(t.db);
    const again = await call('POST', '/admin/customers/bulk-status', {
      client_ids: [a.user.id, c.user.id],
      action: 'block',
    });
    expect(again.json()).toMatchObject({ data: { updated: 1 }, message: '1 client bloqué' });
    await call('POST', '/admin/customers/bulk-status', { client_ids: [c.user.id], action: 'unblock' });

    // An unknown id in the selection: nothing changes.
    const unknown = await call('POST', '/admin/customers/bulk-status', {
      client_ids: [a.user.id, 999_999],
      action: 'unblock',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await statusOf(a.user.id)).toBe('blocked');

    const unblocked = await call('POST', '/admin/customers/bulk-status', {
      client_ids: [a.user.id, b.user.id],
      action: 'unblock',
    });
    expect(unblocked.json().message).toBe('2 clients débloqués');
    expect([await statusOf(a.user.id), await statusOf(b.user.id)]).toEqual(['active', 'active']);
  });

  it('never blocks an admin, the caller included, and changes nothing then', async () => {
    const customer = await signedInUser(t.db);
    const otherAdmin = await signedInUser(t.db, { role: 'admin' });
    for (const payload of [
      { client_id: admin.user.id, action: 'block' },
      { client_id: otherAdmin.user.id, action: 'block' },
    ]) {
      const res = await call('POST', '/admin/customers/toggle-status', payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^Impossible de modifier le statut du client/);
    }
    const mixed = await call('POST', '/admin/customers/bulk-status', {
      client_ids: [customer.user.id, otherAdmin.user.id],
      action: 'block',
    });
    expect(mixed.statusCode).toBe(409);
    expect(await statusOf(customer.user.id)).toBe('active');
    expect(await statusOf(otherAdmin.user.id)).toBe('active');
    expect((await me(otherAdmin.auth)).statusCode).toBe(200);
    expect((await me(admin.auth)).statusCode).toBe(200);
  });

  it('refuses bad input in French and changes nothing', async () => {
    const customer = await addUser(t.db);
    for (const payload of [
      { client_id: customer.id, action: 'delete' },
      { client_id: 'abc', action: 'block' },
      { client_id: customer.id },
    ]) {
      const res = await call('POST', '/admin/customers/toggle-status', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/Action inconnue|Client non trouvé/);
    }
    for (const client_ids of [[], Array.from({ length: 51 }, (_, i) => i + 1)]) {
      const res = await call('POST', '/admin/customers/bulk-status', { client_ids, action: 'block' });
      expect(res.statusCode).toBe(422);
    }
    expect(await statusOf(customer.id)).toBe('active');
  });
});

describe.each(engines)('customer accounts made and edited by the shop on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const { call } = apiAs(() => ({ app: t.app, auth: admin.auth }));

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signedInUser(t.db, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it('edits name, phone and e-mail as registration checks them, each unique', async () => {
    const customer = await addUser(t.db, { name: 'Awa Sy' });
    const other = await addUser(t.db);
    const edit = (body: object) => call('PUT', `/admin/customers/${customer.id}`, body);

    const res = await edit({
      name: 'Awa Sy Diallo',
      whatsapp_phone: '+221 77 999 88 77',
      email: 'AWA@exemple.sn',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profil du client mis à jour');
    expect(res.json().data.client).toMatchObject({
      name: 'Awa Sy Diallo',
      whatsapp_phone: '+221779998877',
      email: 'awa@exemple.sn',
    });
    // The e-mail may be removed: the phone stays a way in.
    expect(
      (await edit({ name: 'Awa Sy Diallo', whatsapp_phone: '221779998877', email: '' })).json().data.client
        .email,
    ).toBeNull();

    const taken = await edit({ name: 'Awa', whatsapp_phone: other.whatsapp_phone, email: other.email });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      email: ['Cet email est déjà utilisé'],
      whatsapp_phone: ['Ce numéro WhatsApp est déjà utilisé'],
    });
    const invalid = await edit({ name: 'A', whatsapp_phone: 'abc', email: 'pas-un-email' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['email', 'name', 'whatsapp_phone']);
    const [row] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ name: 'Awa Sy Diallo', whatsapp_phone: '+221779998877', email: null });

    expect(
      (
        await call('PUT', `/admin/customers/${admin.user.id}`, {
          name: 'X Y',
          whatsapp_phone: '221700000001',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates a customer account whose owner chooses the password through the link', async () => {
    const res = await call('POST', '/admin/customers', {
      name: 'Mariama Ba',
      whatsapp_phone: '76 123 45 67',
      email: 'mariama@exemple.sn',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Compte client créé pour Mariama Ba');
    const { client, password_link, emailed } = res.json().data;
    expect(client).toMatchObject({
      name: 'Mariama Ba',
      whatsapp_phone: '+221761234567',
      status: 'active',
      tier: 'new',
    });
    // The owner's WhatsApp button, built from the answer, reaches her in Senegal.
    expect(whatsappLink(client.whatsapp_phone)).toBe('https://wa.me/221761234567');
    expect(emailed).toBe(true);
    const [mail] = t.mail.to('mariama@exemple.sn');
    expect(mail?.text).toContain(password_link);

    // Nobody can log in before the customer has chosen a password; then the customer can.
    const token = new URL(password_link).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'nouveau-mot-de-passe', password_confirmation: 'nouveau-mot-de-passe' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '221761234567', password: 'nouveau-mot-de-passe' },
    });
    expect(login.statusCode).toBe(200);

    const again = await call('POST', '/admin/customers', { name: 'Autre', whatsapp_phone: '76 123 45 67' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Ce numéro WhatsApp est déjà utilisé');
  });

  it('gives a phone-only customer a link valid 7 days, and a new one on demand that ends the old', async () => {
    const res = await call('POST', '/admin/customers', {
      name: 'Khady Faye',
      whatsapp_phone: '221765550000',
      email: '',
    });
    expect(res.statusCode).toBe(201);
    const { client, password_link: first, emailed } = res.json().data;
    expect(emailed).toBe(false);
    expect(client.email).toBeNull();
    const [token] = await t.db
      .select()
      .from(password_reset_tokens)
      .where(eq(password_reset_tokens.user_id, client.id));
    const lifetime = new Date(token?.expires_at ?? 0).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(WELCOME_LINK_TTL_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(WELCOME_LINK_TTL_MS);

    const resent = await call('POST', `/admin/customers/${client.id}/password-link`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('Nouveau lien de mot de passe prêt');
    const second = resent.json().data.password_link as string;
    expect(second).not.toBe(first);
    const choose = (link: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: {
          token: new URL(link).searchParams.get('token'),
          password: 'mot-de-passe-khady',
          password_confirmation: 'mot-de-passe-khady',
        },
      });
    expect((await choose(first)).statusCode).toBe(422);
    expect((await choose(second)).statusCode).toBe(200);
    expect((await call('POST', `/admin/customers/${admin.user.id}/password-link`)).statusCode).toBe(404);
  });
});
