import { ORDER_NOTES_MAX_LENGTH } from '@souk/domain/limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, order_status_history, orders, product_variants } from '../../db/schema.ts';
import { createTestApp, jsonCaller } from '../../test/app.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { addProduct, seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { addUser, PASSWORD, signedInUser } from '../../test/user-fixtures.ts';

// The order as a conversation (docs/decisions/0027): the note kept through registration, the customer's
// own cancellation, the payment the owner records, and the figures that follow it.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
const NO_ORDER_LIMITS = { perIdentifier: { max: 1_000_000 }, perIp: { max: 1_000_000 } };
const NOTE = 'Livraison à Cocody svp, appelez avant';

describe.each(engines)('the order as a conversation on %s', (engine) => {
  let t: TestApp;
  let categoryId: number;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(engine, { orderRateLimits: NO_ORDER_LIMITS });
    categoryId = (await seedCatalog(t.db)).cremes.id;
    admin = await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' });
  });
  afterAll(() => t?.close());

  const call = jsonCaller(() => t.app);
  const guest = (sessionId: string) => ({ 'x-session-id': sessionId });
  const stockOf = async (id: number) =>
    (await t.db.select().from(product_variants).where(eq(product_variants.id, id)))[0]?.stock_quantity;
  const rowOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
  const historyOf = (id: number) =>
    t.db.select().from(order_status_history).where(eq(order_status_history.order_id, id));

  /** A product with a variant counted at `stock`. */
  async function stocked(stock: number) {
    const p = await addProduct(
      t.db,
      { name: `Huile ${Math.random()}`, category_id: categoryId, base_price: 5000 },
      [{ name: '10 ml', price: 5000, stock_quantity: stock }],
    );
    return { productId: p.product.id, variantId: p.variants[0]?.id as number };
  }

  /** A guest's cart with one line: its session id as the API issued it. */
  async function guestCart() {
    const { productId, variantId } = await stocked(10);
    const fresh = await call('GET', '/cart');
    const sessionId = fresh.body.data.session_id as string;
    const added = await call('POST', '/cart', guest(sessionId), {
      product_id: productId,
      variant_id: variantId,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    return added.body.data.session_id as string;
  }

  describe('the note', () => {
    it("survives a guest's quick registration, goes with her order, and leaves the cart after", async () => {
      const sessionId = await guestCart();
      const saved = await call('PUT', '/cart/notes', guest(sessionId), { notes: `  ${NOTE} ` });
      expect(saved.status).toBe(200);
      expect(saved.body.data.notes).toBe(NOTE);
      expect(saved.body.message).toBe('Note enregistrée');
      expect((await call('GET', '/cart', guest(sessionId))).body.data.notes).toBe(NOTE);

      const registered = await call('POST', '/auth/quick-register', guest(sessionId), {
        name: 'Awa Koné',
        whatsapp_phone: '+225 07 07 12 34 56',
        password: 'motdepasse',
      });
      expect(registered.status).toBe(201);
      const auth = { authorization: `Bearer ${registered.body.data.token}` };
      const cart = (await call('GET', '/cart', auth)).body.data;
      expect(cart.notes).toBe(NOTE);
      expect(cart.items).toHaveLength(1);

      const ordered = await call('POST', '/orders', auth, { notes: cart.notes });
      expect(ordered.status).toBe(201);
      expect(ordered.body.data.order.notes).toBe(NOTE);
      expect((await call('GET', '/cart', auth)).body.data.notes).toBeNull();
    });

    it("follows a guest who logs in to her account, replacing the account's older note", async () => {
      const user = await addUser(t.db, { whatsapp_phone: '+221771230001' });
      const mine = await signedInUser(t.db);
      const { productId } = await stocked(5);
      await putInCart(t.db, { userId: mine.user.id }, { productId, quantity: 1 });
      await call('PUT', '/cart/notes', mine.auth, { notes: 'Ancienne note' });
      const sessionId = await guestCart();
      await call('PUT', '/cart/notes', guest(sessionId), { notes: NOTE });
      const login = await call('POST', '/auth/login', guest(sessionId), {
        email: '77 123 00 01',
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
      expect(login.body.data.user.id).toBe(user.id);
      const auth = { authorization: `Bearer ${login.body.data.token}` };
      expect((await call('GET', '/cart', auth)).body.data.notes).toBe(NOTE);
      // Another account's note is its own.
      expect((await call('GET', '/cart', mine.auth)).body.data.notes).toBe('Ancienne note');
    });

    it('is refused to a guest without a cart, and makes none', async () => {
      const fresh = (await call('GET', '/cart')).body.data.session_id as string;
      const cartsBefore = (await t.db.select().from(carts)).length;
      const res = await call('PUT', '/cart/notes', guest(fresh), { notes: NOTE });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Votre panier est vide');
      // No cart under that id, nor under a new one the answer would have had to carry.
      expect(await t.db.select().from(carts)).toHaveLength(cartsBefore);
    });

    it('is removed when emptied, and refused in French when too long, changing nothing', async () => {
      const sessionId = await guestCart();
      await call('PUT', '/cart/notes', guest(sessionId), { notes: NOTE });
      const tooLong = await call('PUT', '/cart/notes', guest(sessionId), {
        notes: 'x'.repeat(ORDER_NOTES_MAX_LENGTH + 1),
      });
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.errors.notes).toEqual([
        `Les notes ne peuvent pas dépasser ${ORDER_NOTES_MAX_LENGTH} caractères`,
      ]);
      expect((await call('GET', '/cart', guest(sessionId))).body.data.notes).toBe(NOTE);
      const emptied = await call('PUT', '/cart/notes', guest(sessionId), { notes: '   ' });
      expect(emptied.body.data.notes).toBeNull();
      expect((await call('GET', '/cart', guest(sessionId))).body.data.notes).toBeNull();
    });
  });

  describe("the customer's cancellation", () => {
    /** A customer's pending order holding 3 units of a variant counted at 7 left. */
    async function pendingOrder() {
      const customer = await signedInUser(t.db, { name: 'Mariama Diallo' });
      const { productId, variantId } = await stocked(7);
      const order = await addOrder(t.db, {
        user_id: customer.user.id,
        items: [{ product_id: productId, variant_id: variantId, unit_price: 5000, quantity: 3 }],
      });
      return { customer, order, variantId };
    }
    const cancel = (id: number, headers: Headers) => call('POST', `/orders/${id}/cancel`, headers);

    it('cancels her own pending order once: stock back, history by the client, the owner sees it', async () => {
      const { customer, order, variantId } = await pendingOrder();
      const pending = async () =>
        (await call('GET', '/admin/notifications', admin.auth)).body.data.pending_orders as number;
      const waiting = await pending();
      const res = await cancel(order.id, customer.auth);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Votre commande a été annulée');
      expect(res.body.data.order).toMatchObject({ id: order.id, status: 'annulée' });
      expect(await stockOf(variantId)).toBe(10);

      const detail = await call('GET', `/admin/orders/${order.id}`, admin.auth);
      expect(detail.body.data.order.history.at(-1)).toMatchObject({
        event: 'status',
        from_status: 'en_attente',
        to_status: 'annulée',
        changed_by: { id: customer.user.id, name: 'Mariama Diallo', role: 'client' },
      });
      // The bell counts one order less, and the waiting list no longer holds it.
      expect(await pending()).toBe(waiting - 1);
      const listed = await call('GET', '/admin/orders?status=en_attente&per_page=100', admin.auth);
      expect(listed.body.data.orders.map((o: { id: number }) => o.id)).not.toContain(order.id);

      const again = await cancel(order.id, customer.auth);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: 'Cette commande est déjà annulée' });
      expect(await stockOf(variantId)).toBe(10);
      expect(await historyOf(order.id)).toHaveLength(2);
    });

    it("answers someone else's order as unknown, and needs a session, changing nothing", async () => {
      const { order, variantId } = await pendingOrder();
      const other = await signedInUser(t.db);
      for (const [headers, status] of [
        [other.auth, 404],
        [{}, 401],
      ] as const) {
        const res = await cancel(order.id, headers);
        expect(res.status).toBe(status);
      }
      expect((await cancel(order.id, other.auth)).body).toEqual({
        success: false,
        message: 'Commande non trouvée',
      });
      expect((await rowOf(order.id))?.status).toBe('en_attente');
      expect(await stockOf(variantId)).toBe(7);
    });

    it('is refused on a pending order the shop has been paid for: the refund is arranged with the shop', async () => {
      const { customer, order, variantId } = await pendingOrder();
      await call('PUT', `/admin/orders/${order.id}/payment`, admin.auth, { paid: true });
      const res = await cancel(order.id, customer.auth);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'Cette commande est déjà payée : écrivez-nous sur WhatsApp pour l’annuler.',
      );
      expect((await rowOf(order.id))?.status).toBe('en_attente');
      expect(await stockOf(variantId)).toBe(7);
    });

    it('is refused once the shop has accepted the order', async () => {
      const { customer, order, variantId } = await pendingOrder();
      expect(
        (await call('PUT', `/admin/orders/${order.id}/status`, admin.auth, { status: 'acceptée' })).status,
      ).toBe(200);
      const res = await cancel(order.id, customer.auth);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'Cette commande ne peut plus être annulée : elle est « Acceptée ». Écrivez-nous sur WhatsApp.',
      );
      expect((await rowOf(order.id))?.status).toBe('acceptée');
      expect(await stockOf(variantId)).toBe(7);
    });

    it("racing the owner's 'Accepter', one of the two wins and the stock follows it", async () => {
      for (let round = 0; round < 5; round += 1) {
        const { customer, order, variantId } = await pendingOrder();
        const [cancelled, accepted] = await Promise.all([
          cancel(order.id, customer.auth),
          call('PUT', `/admin/orders/${order.id}/status`, admin.auth, { status: 'acceptée' }),
        ]);
        expect([cancelled.status, accepted.status].sort()).toEqual([200, 409]);
        const status = (await rowOf(order.id))?.status;
        expect(status).toBe(cancelled.status === 200 ? 'annulée' : 'acceptée');
        expect(await stockOf(variantId)).toBe(status === 'annulée' ? 10 : 7);
        expect(await historyOf(order.id)).toHaveLength(2);
      }
    });
  });

  describe('the payment the owner records', () => {
    const pay = (id: number, body: object, headers: Headers = admin.auth) =>
      call('PUT', `/admin/orders/${id}/payment`, headers, body);

    it("records 'Paiement reçu' with who and when, once, and the customer sees it paid", async () => {
      const customer = await signedInUser(t.db);
      const order = await addOrder(t.db, { user_id: customer.user.id });
      const res = await pay(order.id, { paid: true });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Paiement enregistré');
      const answered = res.body.data.order;
      expect(Date.parse(answered.paid_at)).not.toBeNaN();
      expect(answered.history.at(-1)).toEqual({
        id: expect.any(Number),
        event: 'paid',
        from_status: 'en_attente',
        to_status: 'en_attente',
        changed_by: { id: admin.user.id, name: 'Admin Souk', role: 'admin' },
        note: null,
        created_at: answered.paid_at,
      });
      const mine = await call('GET', `/orders/${order.id}`, customer.auth);
      expect(mine.body.data.order.paid_at).toBe(answered.paid_at);

      const twice = await pay(order.id, { paid: true });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('Le paiement de cette commande est déjà enregistré');
      expect(await historyOf(order.id)).toHaveLength(2);
    });

    it('is undone by an admin only with a reason, kept in the history', async () => {
      const order = await addOrder(t.db, { paid_at: new Date().toISOString() });
      for (const body of [{ paid: false }, { paid: false, reason: ' ' }]) {
        const refused = await pay(order.id, body);
        expect(refused.status).toBe(422);
        expect(refused.body.errors.reason).toEqual(['Indiquez pourquoi le paiement est annulé']);
      }
      const client = await signedInUser(t.db);
      expect((await pay(order.id, { paid: false, reason: 'Erreur' }, client.auth)).status).toBe(403);
      expect((await rowOf(order.id))?.paid_at).not.toBeNull();

      const undone = await pay(order.id, { paid: false, reason: 'Capture Orange Money illisible' });
      expect(undone.status).toBe(200);
      expect(undone.body.message).toBe('Paiement annulé');
      expect(undone.body.data.order.paid_at).toBeNull();
      expect(undone.body.data.order.history.at(-1)).toMatchObject({
        event: 'unpaid',
        note: 'Capture Orange Money illisible',
        changed_by: { id: admin.user.id },
      });
      const again = await pay(order.id, { paid: false, reason: 'Encore' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("Aucun paiement n'est enregistré pour cette commande");
    });

    it('is refused on a cancelled order, and for an unknown one', async () => {
      const order = await addOrder(t.db, { status: 'annulée' });
      const res = await pay(order.id, { paid: true });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Impossible d'enregistrer le paiement d'une commande annulée");
      expect((await rowOf(order.id))?.paid_at).toBeNull();
      expect((await pay(999_999, { paid: true })).status).toBe(404);
    });

    it("records the owner's 'continue without payment' on an unpaid order, so she is asked once", async () => {
      const [unasked, confirmed, paid] = [
        await addOrder(t.db),
        await addOrder(t.db),
        await addOrder(t.db, { paid_at: new Date().toISOString() }),
      ];
      const confirmedOf = async (id: number) =>
        (await call('GET', `/admin/orders/${id}`, admin.auth)).body.data.order.unpaid_confirmed;
      const accept = (id: number, body: object = {}) =>
        call('PUT', `/admin/orders/${id}/status`, admin.auth, { status: 'acceptée', ...body });
      expect(await confirmedOf(confirmed.id)).toBe(false);
      // Moved on without the question (a form posted before the page's script): nothing to remember.
      expect((await accept(unasked.id)).status).toBe(200);
      expect(await confirmedOf(unasked.id)).toBe(false);
      expect((await accept(confirmed.id, { confirmed_unpaid: true })).status).toBe(200);
      expect(await confirmedOf(confirmed.id)).toBe(true);
      // A paid order is not moved on unpaid, whatever the form said.
      expect((await accept(paid.id, { confirmed_unpaid: true })).status).toBe(200);
      expect(await confirmedOf(paid.id)).toBe(false);
      const refused = await accept((await addOrder(t.db)).id, { confirmed_unpaid: 'oui' });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.confirmed_unpaid).toEqual(['Confirmation invalide']);
    });

    it('moves the collected revenue, not the ordered one, on the dashboard and the orders screen', async () => {
      const figures = async () => {
        const dashboard = (await call('GET', '/admin/dashboard', admin.auth)).body.data.stats;
        const list = (await call('GET', '/admin/orders', admin.auth)).body.data.summary;
        expect(list.total_revenue).toBe(dashboard.total_revenue);
        expect(list.collected_revenue).toBe(dashboard.collected_revenue);
        return { ordered: dashboard.total_revenue, collected: dashboard.collected_revenue };
      };
      const before = await figures();
      const order = await addOrder(t.db, { items: [{ unit_price: 12_500, quantity: 2 }] });
      const placed = await figures();
      expect(placed).toEqual({ ordered: before.ordered + 25_000, collected: before.collected });
      await pay(order.id, { paid: true });
      expect(await figures()).toEqual({
        ordered: before.ordered + 25_000,
        collected: before.collected + 25_000,
      });
      await pay(order.id, { paid: false, reason: 'Paiement non reçu finalement' });
      expect(await figures()).toEqual(placed);
    });
  });
});
