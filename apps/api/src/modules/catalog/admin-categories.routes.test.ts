import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { addProduct, seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { fingerprint } from '../../test/db-fingerprint.ts';
import {
  apiAs,
  dataUrl,
  IMAGE_ATTACKS,
  jpegFile,
  mediaFiles,
  noisePng,
  pixelBombPng,
  smallJpeg,
  svgWithScript,
} from '../../test/upload-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

describe.each(engines)('admin categories on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    catalog = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());

  const { call, upload } = apiAs(() => ({ app: t.app, auth: admin }));
  const storefrontCategories = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data.categories as {
      name: string;
      subcategories: { name: string }[];
    }[];

  describe('the list', () => {
    it('shows every category, inactive ones too, with counts over the whole shop', async () => {
      const res = await call('GET', '/admin/categories');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { categories, counters, tree } = res.json().data;
      expect(categories.map((c: { name: string }) => c.name)).toEqual([
        'Archives',
        'Parfums',
        'Soins du visage et du corps',
      ]);
      const soins = categories.find((c: { name: string }) => c.name.startsWith('Soins'));
      expect(
        soins.subcategories.map((c: { name: string; is_active: boolean }) => [c.name, c.is_active]),
      ).toEqual([
        ['Crèmes', true],
        ['Masques', false],
      ]);
      // Admin counts hold inactive products too (the public count is smaller).
      expect(soins.products_count).toBeGreaterThan(soins.direct_products_count);
      expect(counters).toEqual({ main_categories: 3, subcategories: 3, products: expect.any(Number) });
      expect(counters.products).toBeGreaterThanOrEqual(32);
      expect(tree).toHaveLength(3);
    });

    it('filters by status and search (accents ignored), and sorts', async () => {
      const inactive = (await call('GET', '/admin/categories?status=inactive')).json().data.categories;
      expect(
        inactive.map((c: { name: string; subcategories: { name: string }[] }) => [
          c.name,
          c.subcategories.map((s) => s.name),
        ]),
      ).toEqual([
        ['Archives', []],
        ['Soins du visage et du corps', ['Masques']],
      ]);
      const searched = (await call('GET', '/admin/categories?search=CREMES')).json().data.categories;
      expect(searched).toHaveLength(1);
      expect(searched[0].subcategories.map((s: { name: string }) => s.name)).toEqual(['Crèmes']);
      const most = (await call('GET', '/admin/categories?sort=most_products')).json().data.categories;
      expect(most[0].name).toBe('Parfums');
    });

    it('refuses an unknown filter or sort in French', async () => {
      const res = await call('GET', '/admin/categories?sort=prix');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Tri inconnu');
    });
  });

  describe('the details', () => {
    it('gives the statistics, subcategories and recent products of a main category', async () => {
      const res = await call('GET', `/admin/categories/${catalog.soins.id}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json().data;
      expect(detail).toMatchObject({ is_main_category: true, parent: null, is_active: true });
      expect(detail.statistics.subcategories_count).toBe(2);
      expect(detail.statistics.total_products_including_subcategories).toBeGreaterThan(
        detail.statistics.products_count,
      );
      const creme = detail.products.find((p: { name: string }) => p.name === "Crème hydratante à l'argan");
      // The back office counts every variant (one of the three is inactive); prices are what sells.
      expect(creme).toMatchObject({ variants_count: 3, min_price: 8500 });
    });

    it('names the parent of a subcategory, and answers 404 for an unknown one', async () => {
      const sub = (await call('GET', `/admin/categories/${catalog.masques.id}`)).json().data;
      expect(sub).toMatchObject({
        is_main_category: false,
        is_active: false,
        parent: { name: 'Soins du visage et du corps' },
      });
      const missing = await call('GET', '/admin/categories/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Catégorie non trouvée');
    });
  });

  describe('create, edit, toggle, delete', () => {
    it('creates a category from JSON with a data-URL image, trims its name and makes its slug', async () => {
      const before = mediaFiles(t.config.mediaDir).length;
      const res = await call('POST', '/admin/categories', {
        name: '  Huiles Essentielles  ',
        description: '',
        parent_id: '',
        sort_order: 4,
        is_active: true,
        image_main: dataUrl(await smallJpeg(), 'image/jpeg'),
      });
      expect(res.statusCode).toBe(201);
      const { category } = res.json().data;
      expect(res.json().message).toBe('Catégorie « Huiles Essentielles » créée avec succès');
      expect(category).toMatchObject({
        name: 'Huiles Essentielles',
        slug: 'huiles-essentielles',
        description: null,
        parent_id: null,
        sort_order: 4,
        is_active: true,
      });
      expect(category.image.url).toMatch(/^\/media\/[0-9a-f]{32}-640\.webp$/);
      // A 640 px picture: the 160, 360, 480 and 640 px files.
      expect(mediaFiles(t.config.mediaDir).length).toBe(before + 4);
      // The storefront shows it at once.
      expect((await storefrontCategories()).map((c) => c.name)).toContain('Huiles Essentielles');
      const picture = await t.app.inject({ method: 'GET', url: category.image.url });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
    });

    it('creates a subcategory from a multipart form, with a unique slug', async () => {
      const res = await upload('POST', '/admin/categories', {
        name: 'Crèmes',
        description: 'Crèmes de jour',
        parent_id: String(catalog.parfums.id),
        sort_order: '2',
        is_active: 'on',
        image_main: { bytes: await noisePng(400, 300), filename: 'photo.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(201);
      const { category } = res.json().data;
      expect(category).toMatchObject({ name: 'Crèmes', slug: 'cremes-2', parent_id: catalog.parfums.id });
      expect(category.image).not.toBeNull();
      const parfums = (await storefrontCategories()).find((c) => c.name === 'Parfums');
      expect(parfums?.subcategories.map((s) => s.name)).toContain('Crèmes');
    });

    it('keeps the tree at two levels and a name required, changing nothing', async () => {
      const before = await fingerprint(t.db);
      const cases: [object, string, string][] = [
        [{ name: '   ' }, 'name', 'Le nom de la catégorie est obligatoire'],
        [
          { name: 'Sous-sous', parent_id: catalog.cremes.id },
          'parent_id',
          '« Crèmes » est une sous-catégorie : choisissez une catégorie principale comme parente',
        ],
        [{ name: 'Orpheline', parent_id: 999999 }, 'parent_id', 'La catégorie parente est introuvable'],
        [
          { name: 'Négatif', sort_order: -1 },
          'sort_order',
          "L'ordre d'affichage doit être un nombre entier positif ou nul",
        ],
      ];
      for (const [payload, field, message] of cases) {
        const res = await call('POST', '/admin/categories', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json().errors[field]).toEqual([message]);
      }
      const own = await call('PUT', `/admin/categories/${catalog.soins.id}`, {
        parent_id: catalog.soins.id,
      });
      expect(own.json().errors.parent_id).toEqual([
        'Une catégorie ne peut pas être sa propre catégorie parente',
      ]);
      const withChildren = await call('PUT', `/admin/categories/${catalog.soins.id}`, {
        parent_id: catalog.parfums.id,
      });
      expect(withChildren.statusCode).toBe(422);
      expect(withChildren.json().errors.parent_id).toEqual([
        '« Soins du visage et du corps » a des sous-catégories : elle doit rester une catégorie principale',
      ]);
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('edits a category; its slug follows its name only when the name changes', async () => {
      const id = catalog.musc.id;
      const described = await call('PUT', `/admin/categories/${id}`, { description: 'Notes chaudes' });
      expect(described.json().data.category).toMatchObject({
        slug: 'musc-ambre',
        description: 'Notes chaudes',
      });
      const renamed = await call('PUT', `/admin/categories/${id}`, { name: 'Musc blanc' });
      expect(renamed.json().message).toBe('Catégorie « Musc blanc » mise à jour avec succès');
      expect(renamed.json().data.category.slug).toBe('musc-blanc');
      const page = await t.app.inject({ method: 'GET', url: '/api/categories/musc-blanc' });
      expect(page.statusCode).toBe(200);
    });

    it('toggles a category off and on: the storefront hides it and its products, then shows them', async () => {
      const id = catalog.parfums.id;
      const off = await call('PUT', `/admin/categories/${id}`, { is_active: false });
      expect(off.json().message).toBe('Catégorie « Parfums » désactivée avec succès');
      expect((await storefrontCategories()).map((c) => c.name)).not.toContain('Parfums');
      const product = await t.app.inject({ method: 'GET', url: `/api/products/${catalog.ambre.product.id}` });
      expect(product.statusCode).toBe(404);
      const on = await call('PUT', `/admin/categories/${id}`, { is_active: 'true' });
      expect(on.json().message).toBe('Catégorie « Parfums » activée avec succès');
      expect((await storefrontCategories()).map((c) => c.name)).toContain('Parfums');
    });

    it('refuses to delete a category that holds products or subcategories, and says why', async () => {
      const before = await fingerprint(t.db);
      const res = await call('DELETE', `/admin/categories/${catalog.soins.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        "Impossible de supprimer « Soins du visage et du corps » : elle contient 1 produit et 2 sous-catégories. Déplacez-les ou supprimez-les d'abord.",
      );
      const withProducts = await call('DELETE', `/admin/categories/${catalog.archives.id}`);
      expect(withProducts.json().message).toMatch(
        /^Impossible de supprimer « Archives » : elle contient 1 produit\./,
      );
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('deletes an empty category and its picture files', async () => {
      const created = await upload('POST', '/admin/categories', {
        name: 'Éphémère',
        image_main: await jpegFile('a.jpg'),
      });
      const { category } = created.json().data;
      const key = category.image.url.slice('/media/'.length, -'-640.webp'.length);
      expect(mediaFiles(t.config.mediaDir).some((f) => f.startsWith(key))).toBe(true);
      const res = await call('DELETE', `/admin/categories/${category.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Catégorie « Éphémère » supprimée avec succès' });
      expect(mediaFiles(t.config.mediaDir).some((f) => f.startsWith(key))).toBe(false);
      expect((await call('GET', `/admin/categories/${category.id}`)).statusCode).toBe(404);
    });

    it('keeps the current image when a new one is refused', async () => {
      const id = catalog.parfums.id;
      const first = await upload('POST', `/admin/categories/${id}/image`, {
        image_main: await jpegFile('a.jpg'),
      });
      const url = first.json().data.category.image.url;
      const files = mediaFiles(t.config.mediaDir);
      for (const res of [
        await upload('POST', `/admin/categories/${id}/image`, {
          image_main: { bytes: svgWithScript(), filename: 'x.svg', type: 'image/svg+xml' },
        }),
        await call('PUT', `/admin/categories/${id}`, { image_main: dataUrl(pixelBombPng()) }),
      ]) {
        expect(res.statusCode).toBe(422);
      }
      expect((await call('GET', `/admin/categories/${id}`)).json().data.image.url).toBe(url);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });

    it('replaces the image (POST …/image) and removes the old files', async () => {
      const id = catalog.cremes.id;
      const first = await upload('POST', `/admin/categories/${id}/image`, {
        image_main: await jpegFile('a.jpg'),
      });
      expect(first.statusCode).toBe(200);
      const oldKey = first.json().data.category.image.url.slice(7, -9);
      const second = await upload('POST', `/admin/categories/${id}/image`, {
        image_main: { bytes: await noisePng(300, 300), filename: 'b.png', type: 'image/png' },
      });
      expect(second.json().message).toBe('Image de la catégorie « Crèmes » mise à jour');
      const files = mediaFiles(t.config.mediaDir);
      expect(files.some((f) => f.startsWith(oldKey))).toBe(false);
      expect(files.some((f) => f.startsWith(second.json().data.category.image.url.slice(7, -9)))).toBe(true);
    });
  });

  describe('upload attacks: refused in French, nothing written', () => {
    it.each(IMAGE_ATTACKS)('%s, as a file', async (_name, make, status, message) => {
      const file = await make();
      if (status === 413) expect(file.bytes.length).toBeGreaterThan(5 * 1024 * 1024);
      const files = mediaFiles(t.config.mediaDir);
      const before = await fingerprint(t.db);
      const res = await upload('POST', '/admin/categories', { name: 'Piège', image_main: file });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, message, errors: { image_main: [message] } });
      expect(await fingerprint(t.db)).toEqual(before);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });

    it.each(IMAGE_ATTACKS)('%s, as a data URL in JSON', async (_name, make, status, message) => {
      const file = await make();
      const files = mediaFiles(t.config.mediaDir);
      const before = await fingerprint(t.db);
      const res = await call('POST', '/admin/categories', { name: 'Piège', image_main: dataUrl(file.bytes) });
      expect(res.statusCode).toBe(status);
      if (status === 413) expect(res.json()).toEqual({ success: false, message });
      else expect(res.json().errors.image_main).toEqual([message]);
      expect(await fingerprint(t.db)).toEqual(before);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });

    it('refuses an inline image over 5 MB that still fits the body limit, under its field', async () => {
      const res = await call('POST', '/admin/categories', {
        name: 'Piège',
        image_main: `data:image/png;base64,${'A'.repeat(Math.ceil((5 * 1024 * 1024 * 4) / 3) + 8)}`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.image_main).toEqual(["L'image est trop volumineuse (max 5MB)"]);
    });

    it('answers a broken or oversized form in French, never with a server error', async () => {
      const part = (name: string, value: string) =>
        `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const file = (i: number) =>
        `--x\r\nContent-Disposition: form-data; name="images"; filename="${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'a'.repeat(20)}\r\n`;
      const cases: [string, string, number, string][] = [
        ['multipart/form-data', 'name=Savon', 400, 'Formulaire invalide : envoi incomplet ou mal formé'],
        [
          'multipart/form-data; boundary=x',
          `${part('name', 'Sav').slice(0, -10)}`,
          400,
          'Formulaire invalide : envoi incomplet ou mal formé',
        ],
        [
          'multipart/form-data; boundary=x',
          `${part('__proto__', '{}')}--x--\r\n`,
          400,
          'Formulaire invalide : envoi incomplet ou mal formé',
        ],
        [
          'multipart/form-data; boundary=x',
          `${[1, 2, 3, 4, 5, 6].map(file).join('')}--x--\r\n`,
          413,
          'Trop de fichiers : 5 au plus par envoi',
        ],
        [
          'multipart/form-data; boundary=x',
          `${part('name', 'a')}${part('name', 'b')}--x--\r\n`,
          422,
          'Entrée invalide : string attendu, tableau reçu',
        ],
      ];
      const before = await fingerprint(t.db);
      for (const [type, body, status, message] of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/categories',
          headers: { ...admin, 'content-type': type },
          payload: body,
        });
        expect(res.statusCode, body.slice(0, 40)).toBe(status);
        expect(res.json()).toMatchObject({ success: false, ...(status === 422 ? {} : { message }) });
      }
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('refuses a data URL that is too short or not an image type', async () => {
      for (const image_main of ['data:image/png;base64,AAAA', `data:text/html;base64,${'A'.repeat(200)}`]) {
        const res = await call('POST', '/admin/categories', { name: 'Piège', image_main });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.image_main).toEqual(['Le fichier doit être une image']);
      }
    });

    it('leaves no file behind when the row cannot be written after the image was stored', async () => {
      const files = mediaFiles(t.config.mediaDir);
      const res = await upload('POST', '/admin/categories', {
        name: 'Sans parent',
        parent_id: '999999',
        image_main: await jpegFile('a.jpg'),
      });
      expect(res.statusCode).toBe(422);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });
  });

  it('a product still listed in a category keeps it from being deleted, even when inactive', async () => {
    const created = (await call('POST', '/admin/categories', { name: 'Réserve' })).json().data.category;
    await addProduct(t.db, {
      name: 'Flacon caché',
      category_id: created.id,
      base_price: 500,
      is_active: false,
    });
    const res = await call('DELETE', `/admin/categories/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/1 produit/);
  });
});
