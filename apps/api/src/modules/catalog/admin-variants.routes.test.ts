import {
  BATCH_VARIANT_NAME_REQUIRED,
  NO_VALID_VARIANT,
  VARIANT_NAME_REQUIRED,
  VARIANT_PRICE_INVALID,
  VARIANT_SKU_REPEATED,
  VARIANT_SKU_TAKEN,
  VARIANT_STOCK_INVALID,
} from '@souk/domain/admin-variants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { cartLines, putInCart } from '../../test/cart-fixtures.ts';
import { addProduct, seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { fingerprint } from '../../test/db-fingerprint.ts';
import { describeOnPostgres } from '../../test/describe-on-postgres.ts';
import { refusalProblem } from '../../test/refusals.ts';
import { apiAs } from '../../test/upload-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

type Listed = { id: number; name: string; sku: string | null; is_active: boolean; sort_order: number };

describe.each(engines)('admin variants on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  let made = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      orderRateLimits: { perIp: { max: 1000 }, perIdentifier: { max: 1000 } },
    });
    catalog = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());

  const { call } = apiAs(() => ({ app: t.app, auth: admin }));
  const variantsUrl = (productId: number) => `/admin/products/${productId}/variants`;
  const list = async (productId: number) => (await call('GET', variantsUrl(productId))).json().data;
  /** A product of its own for one test, on sale, without variants. */
  const newProduct = async () => {
    made += 1;
    return (
      await addProduct(t.db, {
        name: `Savon ${engine} ${made}`,
        category_id: catalog.cremes.id,
        base_price: 3000,
      })
    ).product;
  };
  const create = async (productId: number, body: object) => call('POST', variantsUrl(productId), body);
  const created = async (productId: number, body: object) => {
    const res = await create(productId, body);
    expect(res.statusCode).toBe(201);
    return res.json().data.variant;
  };
  const publicProduct = async (ref: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/products/${typeof ref === 'number' ? ref : `slug/${ref}`}` });
  const shown = async (productId: number, slug: string) => {
    const byId = (await publicProduct(productId)).json().data.variants.map((v: Listed) => v.name);
    const bySlug = (await publicProduct(slug)).json().data.variants.map((v: Listed) => v.name);
    expect(bySlug).toEqual(byId);
    return byId;
  };
  const countOf = async (productId: number) => (await list(productId)).counters.total;

  describe('the list', () => {
    it('lists every variant, active or not, with the product and the counters', async () => {
      const { product, variants } = catalog.argan;
      const data = await list(product.id);
      expect(data.product).toEqual({ id: product.id, name: product.name, base_price: product.base_price });
      expect(data.variants.map((v: Listed) => v.name)).toEqual(['50 ml', '100 ml', '200 ml']);
      expect(data.variants[2]).toMatchObject({ id: variants[2]?.id, is_active: false, price: 22000 });
      expect(data.variants[0]).toMatchObject({ stock_quantity: null, in_stock: true });
      expect(data.counters).toEqual({ total: 3, active: 2 });
    });

    it('orders by sort order, then creation', async () => {
      const product = await newProduct();
      await created(product.id, { name: 'Troisième', price: 100, sort_order: 2 });
      await created(product.id, { name: 'Premier', price: 100 });
      await created(product.id, { name: 'Deuxième', price: 100, sort_order: 0 });
      expect((await list(product.id)).variants.map((v: Listed) => v.name)).toEqual([
        'Premier',
        'Deuxième',
        'Troisième',
      ]);
    });

    it('answers an empty list for a product without variants, and 404 for an unknown product', async () => {
      const product = await newProduct();
      expect(await list(product.id)).toMatchObject({ variants: [], counters: { total: 0, active: 0 } });
      const res = await call('GET', variantsUrl(999_999));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Produit non trouvé');
    });
  });

  describe('create', () => {
    it('creates a variant with every field, and the shop shows it at once', async () => {
      const product = await newProduct();
      const res = await create(product.id, {
        name: '  Flacon 50 ml ',
        price: 12500,
        sku: ' SAV-50 ',
        stock_quantity: 7,
        sort_order: 3,
        is_active: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('Variante créée avec succès');
      expect(res.json().data.variant).toEqual({
        id: expect.any(Number),
        product_id: product.id,
        name: 'Flacon 50 ml',
        price: 12500,
        sku: 'SAV-50',
        stock_quantity: 7,
        in_stock: true,
        is_active: true,
        sort_order: 3,
      });
      expect(await shown(product.id, product.slug)).toEqual(['Flacon 50 ml']);
    });

    it('reads a form as sent: empty stock is unlimited, empty SKU is none, the order defaults to 0', async () => {
      const product = await newProduct();
      const minimal = await created(product.id, { name: 'Minimal', price: 500 });
      expect(minimal).toMatchObject({
        sku: null,
        stock_quantity: null,
        in_stock: true,
        sort_order: 0,
        is_active: true,
      });
      const form = await created(product.id, {
        name: 'Formulaire',
        price: '1500',
        sku: '',
        stock_quantity: '',
        is_active: 'false',
      });
      expect(form).toMatchObject({
        price: 1500,
        sku: null,
        stock_quantity: null,
        sort_order: 0,
        is_active: false,
      });
      const nulls = await created(product.id, { name: 'Nuls', price: 1, sku: null, stock_quantity: null });
      expect(nulls).toMatchObject({ sku: null, stock_quantity: null });
      const empty = await created(product.id, { name: 'Épuisé', price: 1, stock_quantity: '0' });
      expect(empty).toMatchObject({ stock_quantity: 0, in_stock: false });
    });

    it('refuses what the rules refuse, with their messages, and keeps nothing', async () => {
      const product = await newProduct();
      const before = await fingerprint(t.db);
      const cases: [object, string, string][] = [
        [{ name: '   ', price: 100 }, 'name', VARIANT_NAME_REQUIRED],
        [{ price: 100 }, 'name', VARIANT_NAME_REQUIRED],
        [{ name: 'Zéro', price: 0 }, 'price', VARIANT_PRICE_INVALID],
        [{ name: 'Décimal', price: '1.5' }, 'price', VARIANT_PRICE_INVALID],
        [{ name: 'Décimal', price: 1.5 }, 'price', VARIANT_PRICE_INVALID],
        [{ name: 'Négatif', price: -1 }, 'price', VARIANT_PRICE_INVALID],
        [{ name: 'Sans prix' }, 'price', VARIANT_PRICE_INVALID],
        [{ name: 'Stock', price: 100, stock_quantity: -1 }, 'stock_quantity', VARIANT_STOCK_INVALID],
        [{ name: 'Stock', price: 100, stock_quantity: '2.5' }, 'stock_quantity', VARIANT_STOCK_INVALID],
        [{ name: 'Stock', price: 100, stock_quantity: 'abc' }, 'stock_quantity', VARIANT_STOCK_INVALID],
      ];
      for (const [body, field, message] of cases) {
        const res = await create(product.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().errors[field], JSON.stringify(body)).toEqual([message]);
      }
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it("reads a price typed the French way ('3.500', '3 500 F') as whole FCFA, creating and updating", async () => {
      const product = await newProduct();
      const variant = await created(product.id, { name: '250 ml', price: '3.500' });
      expect(variant.price).toBe(3500);
      const url = `${variantsUrl(product.id)}/${variant.id}`;
      const updated = await call('PUT', url, { price: '4\u00a0750 F' });
      expect(updated.json().data.variant.price).toBe(4750);
      const [row] = (
        await call('POST', `${variantsUrl(product.id)}/batch`, {
          variants: [{ name: '1 l', price: '12.500' }],
        })
      ).json().data.variants;
      expect(row.price).toBe(12_500);
    });

    it("refuses '3,5' with how to write the price, creating or updating, and changes nothing", async () => {
      const product = await newProduct();
      const variant = await created(product.id, { name: 'Avant', price: 100 });
      const before = await fingerprint(t.db);
      expect(VARIANT_PRICE_INVALID).toBe('Écrivez le prix en FCFA, sans centimes : 3500, 3 500 ou 3.500');
      const createdRes = await create(product.id, { name: 'Virgule', price: '3,5' });
      expect(createdRes.statusCode).toBe(422);
      expect(createdRes.json().errors).toEqual({ price: [VARIANT_PRICE_INVALID] });
      const updatedRes = await call('PUT', `${variantsUrl(product.id)}/${variant.id}`, { price: '3,5' });
      expect(updatedRes.statusCode).toBe(422);
      expect(updatedRes.json().errors).toEqual({ price: [VARIANT_PRICE_INVALID] });
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('refuses an SKU any variant of any product holds, whatever its case, and keeps nothing', async () => {
      const first = await newProduct();
      const other = await newProduct();
      await created(first.id, { name: 'Original', price: 100, sku: 'UNI-Que-1' });
      const before = await fingerprint(t.db);
      for (const [productId, sku] of [
        [other.id, 'uni-que-1'],
        [first.id, 'UNI-QUE-1'],
      ] as const) {
        const res = await create(productId, { name: 'Copie', price: 100, sku });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          message: VARIANT_SKU_TAKEN,
          errors: { sku: [VARIANT_SKU_TAKEN] },
        });
      }
      expect(await fingerprint(t.db)).toEqual(before);
      // Many variants may have no SKU.
      await created(other.id, { name: 'Sans code 1', price: 100, sku: '' });
      await created(other.id, { name: 'Sans code 2', price: 100 });
    });

    it('answers 404 for an unknown product and creates nothing', async () => {
      const before = await fingerprint(t.db);
      const res = await create(999_999, { name: 'Orpheline', price: 100 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Produit non trouvé');
      expect(await fingerprint(t.db)).toEqual(before);
    });
  });

  describe('batch', () => {
    it('creates every row in one go, with the count in its message', async () => {
      const product = await newProduct();
      const res = await call('POST', `${variantsUrl(product.id)}/batch`, {
        variants: [
          { name: '30 ml', price: 5000, sku: 'LOT-30', stock_quantity: 3 },
          { name: '60 ml', price: '9000', sku: '', stock_quantity: '', sort_order: 1 },
        ],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('2 variantes créées avec succès');
      const { variants, count } = res.json().data;
      expect(count).toBe(2);
      expect(variants).toMatchObject([
        { name: '30 ml', price: 5000, sku: 'LOT-30', stock_quantity: 3, sort_order: 0, is_active: true },
        { name: '60 ml', price: 9000, sku: null, stock_quantity: null, sort_order: 1, is_active: true },
      ]);
      expect((await list(product.id)).counters).toEqual({ total: 2, active: 2 });
      const one = await call('POST', `${variantsUrl(product.id)}/batch`, {
        variants: [{ name: '90 ml', price: 12000 }],
      });
      expect(one.json().message).toBe('1 variante créée avec succès');
      // Sort order first (the new row's is 0, like the first one's), then creation.
      expect(await shown(product.id, product.slug)).toEqual(['30 ml', '90 ml', '60 ml']);
    });

    it('refuses an empty list', async () => {
      const product = await newProduct();
      for (const body of [{ variants: [] }, {}]) {
        const res = await call('POST', `${variantsUrl(product.id)}/batch`, body);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.variants).toEqual([NO_VALID_VARIANT]);
      }
    });

    it('creates nothing when one row is invalid, and names that row', async () => {
      const product = await newProduct();
      await created(product.id, { name: 'Existante', price: 100, sku: 'LOT-PRIS' });
      const before = await fingerprint(t.db);
      const url = `${variantsUrl(product.id)}/batch`;
      const good = { name: 'Bonne', price: 100, sku: 'LOT-LIBRE' };

      const noName = await call('POST', url, { variants: [good, { name: '', price: 100 }] });
      expect(noName.statusCode).toBe(422);
      expect(noName.json().errors).toEqual({ 'variants.1.name': [BATCH_VARIANT_NAME_REQUIRED] });

      const badPrice = await call('POST', url, { variants: [{ name: 'Gratuite', price: 0 }, good] });
      expect(badPrice.json().errors).toEqual({ 'variants.0.price': [VARIANT_PRICE_INVALID] });

      const taken = await call('POST', url, {
        variants: [good, { name: 'Copie', price: 100, sku: 'lot-pris' }],
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toMatchObject({
        message: VARIANT_SKU_TAKEN,
        errors: { 'variants.1.sku': [VARIANT_SKU_TAKEN] },
      });

      const repeated = await call('POST', url, {
        variants: [good, { name: 'Autre', price: 100 }, { name: 'Jumelle', price: 100, sku: 'lot-LIBRE' }],
      });
      expect(repeated.statusCode).toBe(422);
      expect(repeated.json().errors).toEqual({
        'variants.0.sku': [VARIANT_SKU_REPEATED],
        'variants.2.sku': [VARIANT_SKU_REPEATED],
      });

      expect(await countOf(product.id)).toBe(1);
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('refuses more rows than a batch may hold, and an unknown product', async () => {
      const product = await newProduct();
      const many = Array.from({ length: 51 }, (_, i) => ({ name: `Ligne ${i}`, price: 100 }));
      const res = await call('POST', `${variantsUrl(product.id)}/batch`, { variants: many });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.variants).toEqual(['50 variantes au plus par envoi']);
      const unknown = await call('POST', `${variantsUrl(999_999)}/batch`, {
        variants: [{ name: 'Orpheline', price: 100 }],
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Produit non trouvé');
    });
  });

  describe('edit, toggle and delete', () => {
    it('changes only the fields sent', async () => {
      const product = await newProduct();
      const variant = await created(product.id, {
        name: 'Avant',
        price: 100,
        sku: 'EDIT-1',
        stock_quantity: 5,
      });
      const url = `${variantsUrl(product.id)}/${variant.id}`;
      const res = await call('PUT', url, { name: 'Après', price: '250' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Variante mise à jour avec succès');
      expect(res.json().data.variant).toEqual({
        ...variant,
        name: 'Après',
        price: 250,
      });
      // Emptied in the form: no SKU, unlimited stock.
      const emptied = (await call('PUT', url, { sku: '', stock_quantity: '' })).json().data.variant;
      expect(emptied).toMatchObject({ name: 'Après', sku: null, stock_quantity: null, in_stock: true });
      expect((await publicProduct(product.id)).json().data.variants[0]).toMatchObject({
        name: 'Après',
        price: 250,
        sku: null,
      });
    });

    it('keeps its own SKU (in any case) but refuses another variant’s', async () => {
      const product = await newProduct();
      const mine = await created(product.id, { name: 'Mienne', price: 100, sku: 'OWN-1' });
      await created(catalog.nuit.product.id, { name: 'Autre', price: 100, sku: 'OTHER-1' });
      const url = `${variantsUrl(product.id)}/${mine.id}`;
      expect((await call('PUT', url, { sku: 'OWN-1', price: 200 })).statusCode).toBe(200);
      expect((await call('PUT', url, { sku: 'own-1' })).json().data.variant.sku).toBe('own-1');
      const before = await fingerprint(t.db);
      const res = await call('PUT', url, { name: 'Renommée', sku: 'other-1' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: VARIANT_SKU_TAKEN, errors: { sku: [VARIANT_SKU_TAKEN] } });
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('refuses a bad value with the create form’s messages', async () => {
      const variant = catalog.argan.variants[0];
      const url = `${variantsUrl(catalog.argan.product.id)}/${variant?.id}`;
      const res = await call('PUT', url, { name: ' ', price: 0 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ name: [VARIANT_NAME_REQUIRED], price: [VARIANT_PRICE_INVALID] });
    });

    it('answers 404 for another product’s variant, an unknown variant or product, and changes nothing', async () => {
      const product = await newProduct();
      const foreign = catalog.argan.variants[0]?.id as number;
      const before = await fingerprint(t.db);
      for (const [url, message] of [
        [`${variantsUrl(product.id)}/${foreign}`, 'Variante non trouvée'],
        [`${variantsUrl(product.id)}/999999`, 'Variante non trouvée'],
        [`${variantsUrl(999_999)}/${foreign}`, 'Produit non trouvé'],
      ] as const) {
        for (const [method, payload] of [
          ['PUT', { is_active: false }],
          ['DELETE', undefined],
        ] as const) {
          const res = await call(method, url, payload);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json().message).toBe(message);
        }
      }
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('toggles: an inactive variant leaves the shop and the cart at once, and comes back', async () => {
      const product = await newProduct();
      const kept = await created(product.id, { name: 'Reste', price: 100, sku: 'TOG-1' });
      const toggled = await created(product.id, {
        name: 'Bascule',
        price: 200,
        sku: 'TOG-2',
        stock_quantity: 4,
      });
      const url = `${variantsUrl(product.id)}/${toggled.id}`;
      const guest = { 'x-session-id': `variants-toggle-${engine}` };
      const addToCart = (variantId: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/cart',
          headers: guest,
          payload: { product_id: product.id, variant_id: variantId, quantity: 1 },
        });
      expect(await shown(product.id, product.slug)).toEqual(['Reste', 'Bascule']);

      const off = await call('PUT', url, { is_active: false });
      expect(off.statusCode).toBe(200);
      // Only is_active changed.
      expect(off.json().data.variant).toEqual({ ...toggled, is_active: false });
      expect((await list(product.id)).counters).toEqual({ total: 2, active: 1 });
      expect(await shown(product.id, product.slug)).toEqual(['Reste']);
      expect((await t.app.inject({ method: 'GET', url: `/api/variants/${toggled.id}` })).statusCode).toBe(
        404,
      );
      const refused = await addToCart(toggled.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Produit non disponible');
      expect((await addToCart(kept.id)).statusCode).toBe(200);

      expect((await call('PUT', url, { is_active: 'true' })).json().data.variant.is_active).toBe(true);
      expect(await shown(product.id, product.slug)).toEqual(['Reste', 'Bascule']);
      expect((await addToCart(toggled.id)).statusCode).toBe(200);
    });

    it('deletes a variant: gone from the list, the shop and the carts', async () => {
      const product = await newProduct();
      const variant = await created(product.id, { name: 'Éphémère', price: 300 });
      await created(product.id, { name: 'Durable', price: 400 });
      const client = await signedInUser(t.db);
      await putInCart(t.db, { userId: client.user.id }, { productId: product.id, variantId: variant.id });
      const url = `${variantsUrl(product.id)}/${variant.id}`;
      const res = await call('DELETE', url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Variante supprimée avec succès' });
      const after = await list(product.id);
      expect(after.variants.map((v: Listed) => v.name)).toEqual(['Durable']);
      expect(after.counters).toEqual({ total: 1, active: 1 });
      expect(await shown(product.id, product.slug)).toEqual(['Durable']);
      expect(await cartLines(t.db, { userId: client.user.id })).toEqual([]);
      const again = await call('DELETE', url);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Variante non trouvée');
    });

    it('leaves past orders as they were when a variant is deactivated or deleted', async () => {
      const product = await newProduct();
      const sold = await created(product.id, { name: 'Coffret rouge', price: 4200, sku: 'ORD-1' });
      const other = await created(product.id, { name: 'Coffret vert', price: 3100, sku: 'ORD-2' });
      const client = await signedInUser(t.db);
      const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: client.auth, ...(payload ? { payload } : {}) });
      for (const [variant, quantity] of [
        [sold, 2],
        [other, 1],
      ] as const) {
        const added = await as('POST', '/api/cart', {
          product_id: product.id,
          variant_id: variant.id,
          quantity,
        });
        expect(added.statusCode).toBe(200);
      }
      const placed = await as('POST', '/api/orders', {});
      expect(placed.statusCode).toBe(201);
      const orderUrl = `/api/orders/${placed.json().data.order.id}`;
      const before = (await as('GET', orderUrl)).json().data.order;
      expect(before.total_amount).toBe(2 * 4200 + 3100);
      const line = (name: string) =>
        before.items.find((i: { variant_name: string }) => i.variant_name === name);
      expect(line('Coffret rouge')).toMatchObject({ variant_id: sold.id, sku: 'ORD-1', unit_price: 4200 });

      expect(
        (await call('PUT', `${variantsUrl(product.id)}/${other.id}`, { is_active: false })).statusCode,
      ).toBe(200);
      expect((await call('DELETE', `${variantsUrl(product.id)}/${sold.id}`)).statusCode).toBe(200);

      const res = await as('GET', orderUrl);
      expect(res.statusCode).toBe(200);
      const after = res.json().data.order;
      expect(after).toMatchObject({ total_amount: before.total_amount, total_items: 3 });
      expect(after.items).toEqual(
        before.items.map((item: { variant_id: number | null }) =>
          item.variant_id === sold.id ? { ...item, variant_id: null } : item,
        ),
      );
      const kept = after.items.find((i: { variant_name: string }) => i.variant_name === 'Coffret rouge');
      expect(kept).toMatchObject({
        product_name: product.name,
        variant_name: 'Coffret rouge',
        sku: 'ORD-1',
        unit_price: 4200,
        quantity: 2,
        total_price: 8400,
      });
      const listed = (await as('GET', '/api/orders')).json().data;
      expect(JSON.stringify(listed)).toContain('Coffret rouge');
    });
  });

  describe('strange input', () => {
    it('answers a French 4xx, never a 5xx, and changes nothing', async () => {
      const product = await newProduct();
      const variant = await created(product.id, { name: 'Cible', price: 100 });
      const before = await fingerprint(t.db);
      const base = variantsUrl(product.id);
      const requests: [string, string, unknown][] = [];
      for (const id of ['0', '-1', 'abc', '99999999999', '1.5', '%00', '1e3', '0x1']) {
        requests.push(['GET', `/admin/products/${id}/variants`, undefined]);
        requests.push(['POST', `/admin/products/${id}/variants`, { name: 'X', price: 100 }]);
        requests.push([
          'POST',
          `/admin/products/${id}/variants/batch`,
          { variants: [{ name: 'X', price: 1 }] },
        ]);
        requests.push(['PUT', `${base}/${id}`, { is_active: false }]);
        requests.push(['DELETE', `${base}/${id}`, undefined]);
        requests.push(['PUT', `/admin/products/${id}/variants/${variant.id}`, { name: 'Y' }]);
      }
      const huge = 'x'.repeat(100_000);
      for (const body of [
        [],
        [{ name: 'X', price: 100 }],
        'texte',
        42,
        null,
        { name: huge, price: 100 },
        { name: 'X', price: 100, sku: huge },
        { name: 'Nul\u0000', price: 100 },
        { name: 'X', price: 100, sku: 'A\u0000B' },
        { name: 'X', price: 1e300 },
        { name: 'X', price: '99999999999999999999' },
        { name: 'X', price: 100, stock_quantity: 1e12 },
        { name: 'X', price: 100, sort_order: -1 },
        { name: 'X', price: 100, is_active: 'peut-être' },
        { name: { $gt: '' }, price: [100] },
      ]) {
        requests.push(['POST', base, body]);
        requests.push(['PUT', `${base}/${variant.id}`, body]);
        requests.push(['POST', `${base}/batch`, { variants: [body] }]);
        requests.push(['POST', `${base}/batch`, body]);
      }
      const problems: string[] = [];
      for (const [method, url, payload] of requests) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: `/api${url}`,
          headers: { ...admin, 'content-type': 'application/json' },
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        });
        const problem = refusalProblem({ status: res.statusCode, text: res.body });
        if (problem)
          problems.push(`${method} ${url.slice(0, 80)} ${JSON.stringify(payload)?.slice(0, 60)}: ${problem}`);
      }
      expect(problems).toEqual([]);
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('names the invalid ids in French', async () => {
      for (const [url, message] of [
        ['/admin/products/abc/variants', 'ID de produit invalide'],
        ['/admin/products/99999999999/variants', 'ID de produit invalide'],
      ] as const) {
        const res = await call('GET', url);
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toBe(message);
      }
      const res = await call('DELETE', `${variantsUrl(catalog.argan.product.id)}/0`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('ID de variante invalide');
    });
  });
});

// Two requests racing for one SKU: the check before writing cannot see an uncommitted row, so the
// unique index decides, and the loser gets the same 422 as the check's. PGlite has a single
// connection, so no race can occur there.
describeOnPostgres('concurrent variant writes on postgres', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    catalog = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());

  const { call } = apiAs(() => ({ app: t.app, auth: admin }));
  const url = (productId: number) => `/admin/products/${productId}/variants`;
  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

  it('two creates with the same SKU, on one product or two: one 201, one 422, never a 500', async () => {
    const [a, b] = [catalog.nuit.product.id, catalog.lait.product.id];
    for (let round = 0; round < 6; round += 1) {
      const sku = `COURSE-${round}`;
      const targets = round % 2 ? [a, a] : [a, b];
      const answers = await Promise.all(
        targets.map((productId, i) =>
          call('POST', url(productId), {
            name: `Coureuse ${round}-${i}`,
            price: 100,
            sku: i ? sku.toLowerCase() : sku,
          }),
        ),
      );
      expect(statuses(answers)).toEqual([201, 422]);
      const refused = answers.find((r) => r.statusCode === 422);
      expect(refused?.json()).toMatchObject({
        message: VARIANT_SKU_TAKEN,
        errors: { sku: [VARIANT_SKU_TAKEN] },
      });
    }
  });

  it('two batches sharing an SKU: one is created whole, the other not at all, its row named', async () => {
    const [a, b] = [catalog.masque.product.id, catalog.archived.product.id];
    for (let round = 0; round < 4; round += 1) {
      const counts = async () =>
        Promise.all([a, b].map(async (id) => (await call('GET', url(id))).json().data.counters.total));
      const before = await counts();
      const answers = await Promise.all(
        [a, b].map((productId, i) =>
          call('POST', `${url(productId)}/batch`, {
            variants: [
              { name: 'Libre', price: 100, sku: `LIBRE-${round}-${i}` },
              { name: 'Disputée', price: 100, sku: `LOT-COURSE-${round}` },
            ],
          }),
        ),
      );
      expect(statuses(answers)).toEqual([201, 422]);
      const refused = answers.find((r) => r.statusCode === 422);
      expect(refused?.json().errors).toEqual({ 'variants.1.sku': [VARIANT_SKU_TAKEN] });
      const after = await counts();
      expect(after[0] + after[1]).toBe((before[0] ?? 0) + (before[1] ?? 0) + 2);
    }
  });

  it('a variant created while its product is deleted: a 404, never a 500', async () => {
    for (let round = 0; round < 4; round += 1) {
      const product = (
        await addProduct(t.db, {
          name: `Disparu ${round}`,
          category_id: catalog.cremes.id,
          base_price: 100,
        })
      ).product;
      const [createdAnswer, deleted] = await Promise.all([
        call('POST', url(product.id), { name: 'Tardive', price: 100 }),
        call('DELETE', `/admin/products/${product.id}`),
      ]);
      expect(deleted.statusCode).toBe(200);
      expect([201, 404]).toContain(createdAnswer.statusCode);
    }
  });
});
