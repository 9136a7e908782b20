import { orderStatusMessage } from '@souk/domain/order-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_status_history, orders, product_variants } from '../../db/schema.ts';
import { createTestApp, jsonCaller } from '../../test/app.ts';
import { addProduct, seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

// No order is stuck (docs/decisions/0038): the owner cancels an order that has not left the shop,
// with a reason the customer reads; a paid one is 'À rembourser' until its refund is recorded; an
// order the shop released unpaid comes back when its payment arrives late, while its stock allows.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
const PAID_AT = '2026-11-20T10:00:00.000Z';

describe.each(engines)('cancelling, refunding and reinstating orders on %s', (engine) => {
  let t: TestApp;
  let categoryId: number;
  let admin: Headers;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { UNPAID_ORDER_TIMEOUT: '72h' } });
    categoryId = (await seedCatalog(t.db)).cremes.id;
    admin = (await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' })).auth;
  });
  afterAll(() => t?.close());

  const call = jsonCaller(() => t.app);
  const cancel = (id: number, reason?: string) =>
    call('PUT', `/admin/orders/${id}/status`, admin, { status: 'annulée', reason });
  const stockOf = async (id: number) =>
    (await t.db.select().from(product_variants).where(eq(product_variants.id, id)))[0]?.stock_quantity;
  const rowOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
  const historyOf = (id: number) =>
    t.db.select().from(order_status_history).where(eq(order_status_history.order_id, id));
  /** The e-mails sent to `email` once the queued jobs have run. */
  const mailsTo = async (email: string) => {
    await t.app.jobs.runDue();
    return t.mail.to(email);
  };

  /** A customer's order of 3 units of a variant counted at `stock` (already taken from it). */
  async function placed(stock: number, more: Parameters<typeof addOrder>[1] = {}) {
    const p = await addProduct(
      t.db,
      { name: `Savon ${Math.random()}`, category_id: categoryId, base_price: 2500 },
      [{ name: '100 g', price: 2500, stock_quantity: stock }],
    );
    const variantId = p.variants[0]?.id as number;
    const customer = await signedInUser(t.db, { name: 'Awa Diop' });
    const email = `awa-${Math.random().toString(36).slice(2)}@exemple.sn`;
    const order = await addOrder(t.db, {
      user_id: customer.user.id,
      contact_name: 'Awa Diop',
      contact_email: email,
      items: [
        {
          product_id: p.product.id,
          variant_id: variantId,
          product_name: 'Savon noir',
          variant_name: '100 g',
          unit_price: 2500,
          quantity: 3,
        },
      ],
      ...more,
    });
    return { order, variantId, customer, email };
  }

  for (const from of ['acceptée', 'prête'] as const) {
    it(`the owner cancels an order '${from}' with a reason: stock back once, history, the customer told why`, async () => {
      const { order, variantId, customer, email } = await placed(4, { status: from });
      const res = await cancel(order.id, 'Client injoignable depuis 3 jours');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Commande annulée, son stock remis en vente');
      expect(res.body.data.order).toMatchObject({
        status: 'annulée',
        cancellation: { by: 'shop', reason: 'Client injoignable depuis 3 jours' },
        refund: null,
      });
      expect(await stockOf(variantId)).toBe(7);
      expect((await historyOf(order.id)).at(-1)).toMatchObject({
        from_status: from,
        to_status: 'annulée',
        note: 'Client injoignable depuis 3 jours',
      });
      // Told by e-mail, in the words the orders screen offers for WhatsApp.
      const [mail] = await mailsTo(email);
      expect(mail?.text).toContain('nous avons dû annuler votre commande');
      expect(mail?.text).toContain('Raison : Client injoignable depuis 3 jours');
      expect(mail?.text).toBe(orderStatusMessage(res.body.data.order, t.config.shopContact));
      // 'Mes Commandes' says who and why.
      const mine = await call('GET', `/orders/${order.id}`, customer.auth);
      expect(mine.body.data.order.cancellation).toEqual({
        by: 'shop',
        reason: 'Client injoignable depuis 3 jours',
      });

      const again = await cancel(order.id, 'Encore');
      expect(again.status).toBe(409);
      expect(await stockOf(variantId)).toBe(7);
      expect(await mailsTo(email)).toHaveLength(1);
    });
  }

  it('a cancellation without a reason is refused, nothing changed', async () => {
    const { order, variantId, email } = await placed(4, { status: 'acceptée' });
    for (const reason of [undefined, '', '  ', 'ok']) {
      const res = await cancel(order.id, reason);
      expect(res.status).toBe(422);
      expect(res.body.errors.reason).toEqual([
        "Indiquez la raison de l'annulation : elle est dite au client",
      ]);
    }
    expect((await rowOf(order.id))?.status).toBe('acceptée');
    expect(await stockOf(variantId)).toBe(4);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('an order that has left the shop is not cancelled', async () => {
    for (const from of ['en_cours', 'disponible'] as const) {
      const { order, variantId } = await placed(4, { status: from });
      const res = await cancel(order.id, 'Trop tard');
      expect(res.status).toBe(409);
      expect((await rowOf(order.id))?.status).toBe(from);
      expect(await stockOf(variantId)).toBe(4);
    }
  });

  it("a paid order cancelled is 'À rembourser' until the owner records the refund and how", async () => {
    const { order, customer, email } = await placed(4, { status: 'prête', paid_at: PAID_AT });
    const cancelled = await cancel(order.id, 'Rupture chez notre fournisseur');
    expect(cancelled.body.data.order.refund).toEqual({ state: 'due', refunded_at: null, method: null });
    const [told] = await mailsTo(email);
    expect(told?.text).toMatch(/Vous l'aviez payée : nous vous remboursons 7\s500\sFCFA/u);

    const refund = (body: object) => call('PUT', `/admin/orders/${order.id}/refund`, admin, body);
    const missing = await refund({ method: ' ' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.method).toEqual([
      'Indiquez comment la commande a été remboursée (Orange Money, espèces à l’agence…)',
    ]);
    expect((await rowOf(order.id))?.refunded_at).toBeNull();

    const done = await refund({ method: 'Orange Money, réf. MP241128' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Remboursement enregistré');
    expect(done.body.data.order.refund).toEqual({
      state: 'done',
      refunded_at: expect.any(String),
      method: 'Orange Money, réf. MP241128',
    });
    expect(done.body.data.order.history.at(-1)).toMatchObject({
      event: 'refunded',
      note: 'Orange Money, réf. MP241128',
      changed_by: { name: 'Admin Souk' },
    });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toMatch(
      /Nous vous avons remboursé 7\s500\sFCFA \(Orange Money, réf\. MP241128\)\./u,
    );
    const mine = await call('GET', `/orders/${order.id}`, customer.auth);
    expect(mine.body.data.order.refund.state).toBe('done');

    const twice = await refund({ method: 'Espèces' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Le remboursement de cette commande est déjà enregistré');
    // Nor can its payment be undone once refunded.
    const undo = await call('PUT', `/admin/orders/${order.id}/payment`, admin, {
      paid: false,
      reason: 'Erreur',
    });
    expect(undo.status).toBe(409);
  });

  it('only a paid order cancelled is refunded', async () => {
    const unpaidCancelled = (await placed(4, { status: 'annulée' })).order;
    const paidGoing = (await placed(4, { status: 'acceptée', paid_at: PAID_AT })).order;
    for (const order of [unpaidCancelled, paidGoing]) {
      const res = await call('PUT', `/admin/orders/${order.id}/refund`, admin, { method: 'Orange Money' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        "Cette commande n'est pas à rembourser : seule une commande payée puis annulée l'est",
      );
      expect((await rowOf(order.id))?.refunded_at).toBeNull();
    }
  });

  it('an order the shop released unpaid is reinstated when its payment arrives late: paid, waiting, its stock taken again', async () => {
    const { order, variantId, customer, email } = await placed(4, {
      status: 'annulée',
      cancelled_by: 'system',
    });
    const res = await call('POST', `/admin/orders/${order.id}/reinstate`, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Commande rétablie, paiement enregistré');
    expect(res.body.data.order).toMatchObject({
      status: 'en_attente',
      paid_at: expect.any(String),
      cancellation: null,
      // Paid: the shop will not release it again.
      release_at: null,
    });
    expect(await stockOf(variantId)).toBe(1);
    expect(res.body.data.order.history.slice(-2)).toMatchObject([
      {
        event: 'status',
        from_status: 'annulée',
        to_status: 'en_attente',
        changed_by: { name: 'Admin Souk' },
      },
      { event: 'paid', changed_by: { name: 'Admin Souk' } },
    ]);
    const [mail] = await mailsTo(email);
    expect(mail?.text).toMatch(/nous avons bien reçu votre commande .* et son paiement de 7\s500\sFCFA/u);
    expect(mail?.text).not.toContain('annulée');
    const mine = await call('GET', `/orders/${order.id}`, customer.auth);
    expect(mine.body.data.order).toMatchObject({ status: 'en_attente', cancellation: null });

    const again = await call('POST', `/admin/orders/${order.id}/reinstate`, admin);
    expect(again.status).toBe(409);
    expect(await stockOf(variantId)).toBe(1);
  });

  it('an order is not reinstated past its stock, nor one the customer or the owner cancelled', async () => {
    const short = await placed(2, { status: 'annulée', cancelled_by: 'system' });
    const res = await call('POST', `/admin/orders/${short.order.id}/reinstate`, admin);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Stock insuffisant pour « Savon noir – 100 g » : 2 disponible(s)');
    expect(await rowOf(short.order.id)).toMatchObject({
      status: 'annulée',
      paid_at: null,
      cancelled_by: 'system',
    });
    expect(await stockOf(short.variantId)).toBe(2);

    for (const by of ['customer', 'shop'] as const) {
      const { order, variantId } = await placed(4, { status: 'annulée', cancelled_by: by });
      const refused = await call('POST', `/admin/orders/${order.id}/reinstate`, admin);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'Seule une commande annulée par la boutique faute de paiement peut être rétablie',
      );
      expect(await stockOf(variantId)).toBe(4);
    }
    expect((await call('POST', '/admin/orders/999999/reinstate', admin)).status).toBe(404);
  });

  it("the customer's own cancellation racing the owner's: one wins, the stock comes back once, the who is the winner's", async () => {
    const { order, variantId, customer } = await placed(4);
    const [hers, owners] = await Promise.all([
      call('POST', `/orders/${order.id}/cancel`, customer.auth),
      cancel(order.id, 'Doublon de commande'),
    ]);
    expect([hers.status, owners.status].sort()).toEqual([200, 409]);
    expect(await stockOf(variantId)).toBe(7);
    const row = await rowOf(order.id);
    expect(row?.cancelled_by).toBe(hers.status === 200 ? 'customer' : 'shop');
    expect((await historyOf(order.id)).filter((h) => h.to_status === 'annulée')).toHaveLength(1);
  });

  it("the customer's own cancellation says it was hers", async () => {
    const { order, customer } = await placed(4);
    const res = await call('POST', `/orders/${order.id}/cancel`, customer.auth);
    expect(res.body.data.order.cancellation).toEqual({ by: 'customer', reason: null });
    const admins = await call('GET', `/admin/orders/${order.id}`, admin);
    expect(orderStatusMessage(admins.body.data.order, t.config.shopContact)).toContain(
      "nous avons bien pris en compte l'annulation de votre commande",
    );
  });
});
