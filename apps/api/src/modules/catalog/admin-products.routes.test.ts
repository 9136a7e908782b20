import { PRODUCT_PRICE_INVALID } from '@souk/domain/admin-catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { putInCart } from '../../test/cart-fixtures.ts';
import { addCategory, seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { fingerprint } from '../../test/db-fingerprint.ts';
import { describeOnPostgres } from '../../test/describe-on-postgres.ts';
import {
  apiAs,
  dataUrl,
  htmlPage,
  IMAGE_ATTACKS,
  jpegFile,
  mediaFiles,
  noisePng,
  pixelBombPng,
  shellScript,
  smallJpeg,
  svgWithScript,
  truncatedPng,
} from '../../test/upload-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

type Listed = { id: number; name: string; is_active: boolean; slug: string; base_price: number };

describe.each(engines)('admin products on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      orderRateLimits: { perIp: { max: 1000 }, perIdentifier: { max: 1000 } },
    });
    catalog = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());

  const { call, upload } = apiAs(() => ({ app: t.app, auth: admin }));
  const list = async (query = '') => (await call('GET', `/admin/products${query}`)).json().data;
  const publicProduct = (id: number) => t.app.inject({ method: 'GET', url: `/api/products/${id}` });

  describe('the list', () => {
    it('pages by 10, newest first, inactive products included, with counters over the filtered set', async () => {
      const data = await list();
      expect(data.products).toHaveLength(10);
      expect(data.pagination).toMatchObject({ current_page: 1, per_page: 10, from: 1, to: 10 });
      expect(data.pagination.total).toBe(data.counters.total);
      expect(data.counters.active + data.counters.inactive).toBe(data.counters.total);
      expect(data.counters.inactive).toBeGreaterThanOrEqual(1);
      expect(data.counters.categories).toBe(6);
      const dates = data.products.map((p: { created_at: string }) => p.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('counts active and inactive over every page, not the one shown', async () => {
      const inactive = await list('?status=inactive&per_page=1');
      expect(inactive.products).toHaveLength(1);
      expect(inactive.products[0].is_active).toBe(false);
      expect(inactive.counters).toMatchObject({ active: 0, inactive: inactive.pagination.total });
      const all = await list('?per_page=1');
      expect(all.counters.active).toBeGreaterThan(1);
    });

    it('filters by category (subcategories included) and search, and sorts six ways', async () => {
      const soins = await list(`?category_id=${catalog.soins.id}&per_page=100&sort_by=name&sort_order=asc`);
      const names = soins.products.map((p: Listed) => p.name);
      expect(names).toEqual(
        expect.arrayContaining([
          "Crème hydratante à l'argan",
          'Lait corporel à la rose',
          'Masque au ghassoul',
        ]),
      );
      expect([...names].sort((a, b) => a.localeCompare(b, 'fr'))).toEqual(names);
      const byPrice = await list('?sort_by=base_price&sort_order=desc&per_page=100');
      const prices = byPrice.products.map((p: Listed) => p.base_price);
      expect([...prices].sort((a, b) => b - a)).toEqual(prices);
      const found = await list(`?search=${encodeURIComponent('AMBRE')}`);
      expect(found.products.map((p: Listed) => p.name)).toContain('Ambre nuit');
    });

    it('refuses an unknown sort or page size in French', async () => {
      const res = await call('GET', '/admin/products?sort_by=popularite');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Tri inconnu');
      expect((await call('GET', '/admin/products?per_page=1000')).json().message).toBe(
        '100 produits par page au maximum',
      );
    });
  });

  describe('create', () => {
    it('creates a product from JSON with a main image and additional ones', async () => {
      const res = await call('POST', '/admin/products', {
        name: '  Savon noir à l’eucalyptus ',
        description: 'Savon noir traditionnel.',
        base_price: 2500,
        category_id: catalog.cremes.id,
        sort_order: 3,
        is_active: true,
        image_main: dataUrl(await smallJpeg(), 'image/jpeg'),
        images: [
          {
            data: dataUrl(await noisePng(300, 200)),
            alt_text: 'Le savon coupé',
            title: 'Coupe',
            sort_order: 2,
          },
        ],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('Produit créé avec succès');
      const { product } = res.json().data;
      expect(product).toMatchObject({
        name: 'Savon noir à l’eucalyptus',
        slug: 'savon-noir-a-l-eucalyptus',
        base_price: 2500,
        is_active: true,
        sort_order: 3,
      });
      expect(product.images).toHaveLength(2);
      expect(product.images[1]).toMatchObject({ alt: 'Le savon coupé', title: 'Coupe' });
      // The shop shows it at once, with its picture and price.
      const shown = (await publicProduct(product.id)).json().data;
      expect(shown).toMatchObject({ name: product.name, price: 2500 });
      expect(shown.image.url).toBe(product.images[0].url);
      expect((await t.app.inject({ method: 'GET', url: shown.image.url })).statusCode).toBe(200);
    });

    it('creates a product from a multipart form with several additional files', async () => {
      const res = await upload('POST', '/admin/products', {
        name: 'Beurre de karité brut',
        description: 'Karité du Burkina.',
        base_price: '4000',
        category_id: String(catalog.cremes.id),
        is_active: 'false',
        image_main: await jpegFile(),
        images: await jpegFile(),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.product).toMatchObject({ is_active: false, base_price: 4000 });
      expect(res.json().data.product.images).toHaveLength(2);
      expect((await publicProduct(res.json().data.product.id)).statusCode).toBe(404);
    });

    it('refuses what the rules refuse, with their messages, and keeps nothing', async () => {
      const files = mediaFiles(t.config.mediaDir);
      const before = await fingerprint(t.db);
      const res = await call('POST', '/admin/products', { name: ' ', description: '', base_price: -5 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toMatchObject({
        name: ['Le nom du produit est obligatoire'],
        description: ['La description du produit est obligatoire'],
        base_price: [PRODUCT_PRICE_INVALID],
        category_id: ['La catégorie est obligatoire'],
      });
      const unknown = await call('POST', '/admin/products', {
        name: 'Orphelin',
        description: 'Sans catégorie',
        base_price: 100,
        category_id: 999999,
        image_main: dataUrl(await smallJpeg(), 'image/jpeg'),
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.category_id).toEqual(['Cette catégorie est introuvable']);
      expect(await fingerprint(t.db)).toEqual(before);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });

    it.each(IMAGE_ATTACKS)(
      'refuses %s as the main image in French, writing nothing',
      async (_name, make, status, message) => {
        const files = mediaFiles(t.config.mediaDir);
        const before = await fingerprint(t.db);
        const res = await upload('POST', '/admin/products', {
          name: 'Piège',
          description: 'Piège',
          base_price: '100',
          category_id: String(catalog.cremes.id),
          image_main: await make(),
        });
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ success: false, message, errors: { image_main: [message] } });
        expect(await fingerprint(t.db)).toEqual(before);
        expect(mediaFiles(t.config.mediaDir)).toEqual(files);
      },
    );

    it('refuses a hostile file among the additional images and removes the main one it already stored', async () => {
      const files = mediaFiles(t.config.mediaDir);
      const before = await fingerprint(t.db);
      for (const bad of [
        { bytes: shellScript(), filename: 'photo.jpg', type: 'image/jpeg' },
        { bytes: svgWithScript(), filename: 'logo.svg', type: 'image/svg+xml' },
      ]) {
        const res = await upload('POST', '/admin/products', {
          name: 'Piège',
          description: 'Piège',
          base_price: '100',
          category_id: String(catalog.cremes.id),
          image_main: await jpegFile(),
          images: bad,
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors['images.0']).toEqual(['Le fichier doit être une image']);
      }
      const big = await upload('POST', '/admin/products', {
        name: 'Trop lourd',
        description: 'Trop lourd',
        base_price: '100',
        category_id: String(catalog.cremes.id),
        image_main: { bytes: await noisePng(1450, 1450), filename: 'big.png', type: 'image/png' },
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe("L'image est trop volumineuse (max 5MB)");
      expect(await fingerprint(t.db)).toEqual(before);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });

    it.each([
      ['a 20000×20000 pixel bomb', () => pixelBombPng()],
      ['a truncated image', () => truncatedPng()],
      ['an HTML file', async () => htmlPage()],
    ])('refuses %s inline or as a file, on create and on edit, and keeps nothing', async (_name, make) => {
      const bytes = await make();
      const files = mediaFiles(t.config.mediaDir);
      const before = await fingerprint(t.db);
      const fields = { name: 'Piège', description: 'Piège', base_price: 100, category_id: catalog.cremes.id };
      const answers = [
        await call('POST', '/admin/products', { ...fields, image_main: dataUrl(bytes) }),
        await call('POST', '/admin/products', { ...fields, images: [{ data: dataUrl(bytes) }] }),
        await upload('PUT', `/admin/products/${catalog.argan.product.id}`, {
          image_main: { bytes, filename: 'x.png', type: 'image/png' },
        }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(422);
        expect(Object.values(res.json().errors).flat()[0]).toMatch(/^Le fichier doit être une image/);
      }
      expect(await fingerprint(t.db)).toEqual(before);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });

    it("never gives a slug of digits alone (it would read as an id in the shop's URLs)", async () => {
      const body = {
        name: '2024',
        description: 'Millésime',
        base_price: 3000,
        category_id: catalog.cremes.id,
      };
      expect((await call('POST', '/admin/products', body)).json().data.product.slug).toBe('produit-2024');
    });

    it('gives each product a unique slug', async () => {
      const body = {
        name: 'Huile de baobab',
        description: 'Pressée à froid',
        base_price: 3000,
        category_id: catalog.cremes.id,
      };
      const first = (await call('POST', '/admin/products', body)).json().data.product;
      const second = (await call('POST', '/admin/products', body)).json().data.product;
      expect([first.slug, second.slug]).toEqual(['huile-de-baobab', 'huile-de-baobab-2']);
    });
  });

  describe('a price typed the French way', () => {
    it("reads '3.500' and '3 500 FCFA' as 3500, from the form and from JSON text, creating and updating", async () => {
      const created = await upload('POST', '/admin/products', {
        name: 'Savon au miel',
        description: 'Savon doux au miel de Casamance.',
        base_price: '3.500',
        category_id: String(catalog.cremes.id),
        image_main: await jpegFile(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json().data.product;
      expect(created.json().data.product.base_price).toBe(3500);
      const updated = await upload('PUT', `/admin/products/${id}`, { base_price: '12.500.000' });
      expect(updated.json().data.product.base_price).toBe(12_500_000);
      const spaced = await call('PUT', `/admin/products/${id}`, { base_price: '3\u202f500 FCFA' });
      expect(spaced.json().data.product.base_price).toBe(3500);
      expect((await publicProduct(id)).statusCode).toBe(200);
    });

    it("refuses '3,5' with how to write the price, and changes nothing", async () => {
      const id = catalog.lait.product.id;
      const before = await fingerprint(t.db);
      for (const base_price of ['3,5', '3.50', '0']) {
        const res = await upload('PUT', `/admin/products/${id}`, { base_price });
        expect(res.statusCode, base_price).toBe(422);
        expect(res.json().errors, base_price).toEqual({ base_price: [PRODUCT_PRICE_INVALID] });
      }
      expect(PRODUCT_PRICE_INVALID).toBe(
        'Écrivez le prix de base en FCFA, sans centimes : 3500, 3 500 ou 3.500',
      );
      const created = await call('POST', '/admin/products', {
        name: 'Virgule',
        description: 'Un prix à virgule.',
        base_price: '3,5',
        category_id: catalog.cremes.id,
        image_main: dataUrl(await smallJpeg(), 'image/jpeg'),
      });
      expect(created.statusCode).toBe(422);
      expect(created.json().errors).toEqual({ base_price: [PRODUCT_PRICE_INVALID] });
      expect(await fingerprint(t.db)).toEqual(before);
    });
  });

  describe('edit and delete', () => {
    it('changes the price (the product page shows it, the slug stays) and renames (the slug follows)', async () => {
      const id = catalog.lait.product.id;
      const slug = (await publicProduct(id)).json().data.slug;
      const priced = await call('PUT', `/admin/products/${id}`, { base_price: 7250 });
      expect(priced.json().message).toBe('Produit mis à jour avec succès');
      expect(priced.json().data.product.slug).toBe(slug);
      expect((await publicProduct(id)).json().data.price).toBe(7250);
      const renamed = await call('PUT', `/admin/products/${id}`, { name: 'Lait corporel au néroli' });
      expect(renamed.json().data.product.slug).toBe('lait-corporel-au-neroli');
    });

    it('deactivates a product (the shop hides it) and activates it again', async () => {
      const id = catalog.nuit.product.id;
      await call('PUT', `/admin/products/${id}`, { is_active: false });
      expect((await publicProduct(id)).statusCode).toBe(404);
      await call('PUT', `/admin/products/${id}`, { is_active: 'true' });
      expect((await publicProduct(id)).statusCode).toBe(200);
    });

    it('replaces the main image and removes the old files', async () => {
      const created = (
        await upload('POST', '/admin/products', {
          name: 'Encens',
          description: 'Oud',
          base_price: '1500',
          category_id: String(catalog.cremes.id),
          image_main: await jpegFile(),
        })
      ).json().data.product;
      const oldKey = created.images[0].url.slice(7, -9);
      const res = await upload('PUT', `/admin/products/${created.id}`, {
        image_main: { bytes: await noisePng(500, 500), filename: 'b.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(200);
      const { images } = res.json().data.product;
      expect(images).toHaveLength(1);
      expect(images[0].url).not.toContain(oldKey);
      expect(mediaFiles(t.config.mediaDir).some((f) => f.startsWith(oldKey))).toBe(false);
    });

    it('puts a new main image first and keeps the additional ones after it, in their order', async () => {
      const created = (
        await upload('POST', '/admin/products', {
          name: 'Coffret',
          description: 'Trois savons',
          base_price: '6000',
          category_id: String(catalog.cremes.id),
          image_main: await jpegFile(),
          images: await jpegFile(),
        })
      ).json().data.product;
      const [, extra] = created.images;
      const res = await upload('PUT', `/admin/products/${created.id}`, {
        image_main: { bytes: await noisePng(400, 400), filename: 'c.png', type: 'image/png' },
        images: await jpegFile(),
      });
      const images = res.json().data.product.images;
      expect(images).toHaveLength(3);
      expect(images[0].url).not.toBe(created.images[0].url);
      expect(images[1].url).toBe(extra.url);
      // The product page shows the new main image.
      expect((await publicProduct(created.id)).json().data.image.url).toBe(images[0].url);
    });

    it('reads one product for its form, inactive ones too', async () => {
      const res = await call('GET', `/admin/products/${catalog.ambre.product.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Ambre nuit', is_active: false });
      expect(res.json().data.images).toHaveLength(1);
      expect((await call('GET', '/admin/products/999999')).statusCode).toBe(404);
    });

    it('refuses to file a product under a category that does not exist', async () => {
      const res = await call('PUT', `/admin/products/${catalog.argan.product.id}`, { category_id: 999999 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.category_id).toEqual(['Cette catégorie est introuvable']);
    });

    it('answers 404 for an unknown product and changes nothing', async () => {
      for (const [method, payload] of [
        ['PUT', { base_price: 1 }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(method, '/admin/products/999999', payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Produit non trouvé');
      }
    });

    it('deletes a product that was ordered: the order keeps its copy, the files go', async () => {
      const client = await signedInUser(t.db);
      const created = (
        await upload('POST', '/admin/products', {
          name: 'Parfum éphémère',
          description: 'Dernier flacon',
          base_price: '9900',
          category_id: String(catalog.cremes.id),
          image_main: await jpegFile(),
        })
      ).json().data.product;
      await putInCart(t.db, { userId: client.user.id }, { productId: created.id, quantity: 2 });
      const order = (
        await t.app.inject({ method: 'POST', url: '/api/orders', headers: client.auth, payload: {} })
      ).json().data.order;
      const key = created.images[0].url.slice(7, -9);

      const res = await call('DELETE', `/admin/products/${created.id}`);
      expect(res.json()).toEqual({ success: true, message: 'Produit supprimé avec succès' });
      expect((await publicProduct(created.id)).statusCode).toBe(404);
      expect(mediaFiles(t.config.mediaDir).some((f) => f.startsWith(key))).toBe(false);
      const kept = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${order.id}`,
        headers: client.auth,
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data.order).toMatchObject({ total_amount: 19_800 });
      expect(kept.json().data.order.items[0]).toMatchObject({ product_name: 'Parfum éphémère', quantity: 2 });
    });
  });
});

// Writers racing each other on the catalogue: no server error, and the rules hold whoever wins.
// The race needs real concurrent connections: PGlite has only one, so it cannot happen there.
describeOnPostgres('concurrent catalogue writes on postgres', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());

  const { call } = apiAs(() => ({ app: t.app, auth: admin }));

  it('ten products named alike at once all get made, each with its own slug', async () => {
    const category = await addCategory(t.db, { name: 'Course aux slugs' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/admin/products', {
          name: 'Savon jumeau',
          description: 'Le même nom',
          base_price: 1000,
          category_id: category.id,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const slugs = answers.map((a) => a.json().data.product.slug).sort();
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toContain('savon-jumeau');
  });

  it('a category being deleted while a product is filed under it: one of them is refused, in French', async () => {
    for (let round = 0; round < 5; round += 1) {
      const category = await addCategory(t.db, { name: `Éphémère ${round}` });
      const [created, deleted] = await Promise.all([
        call('POST', '/admin/products', {
          name: `Dernier produit ${round}`,
          description: 'Arrivé à temps ?',
          base_price: 1000,
          category_id: category.id,
        }),
        call('DELETE', `/admin/categories/${category.id}`),
      ]);
      // Either the product went in first (the delete is refused) or the category went first.
      const outcome = [created.statusCode, deleted.statusCode];
      expect([
        [201, 409],
        [422, 200],
      ]).toContainEqual(outcome);
    }
  });

  it('a subcategory made while its parent is moved under another: the tree stays at two levels', async () => {
    for (let round = 0; round < 5; round += 1) {
      const moved = await addCategory(t.db, { name: `Déplacée ${round}` });
      const target = await addCategory(t.db, { name: `Cible ${round}` });
      const [child, move] = await Promise.all([
        call('POST', '/admin/categories', { name: `Enfant ${round}`, parent_id: moved.id }),
        call('PUT', `/admin/categories/${moved.id}`, { parent_id: target.id }),
      ]);
      expect([
        [201, 422],
        [422, 200],
      ]).toContainEqual([child.statusCode, move.statusCode]);
    }
  });
});
