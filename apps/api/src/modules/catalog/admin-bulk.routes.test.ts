import {
  BULK_CATEGORY_REQUIRED,
  BULK_IMAGE_REQUIRED,
  BULK_IMAGES_COUNT_MESSAGE,
  BULK_PRODUCTS_REQUIRED,
} from '@souk/domain/admin-bulk';
import { PRODUCT_NAME_REQUIRED, PRODUCT_PRICE_INVALID } from '@souk/domain/admin-catalog';
import { VARIANT_SKU_REPEATED, VARIANT_SKU_TAKEN } from '@souk/domain/admin-variants';
import { IMAGE_TYPE_MESSAGE } from '@souk/domain/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { changedTables, fingerprint } from '../../test/db-fingerprint.ts';
import { apiAs, dataUrl, jpegFile, mediaFiles, shellScript, smallJpeg } from '../../test/upload-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

type Created = { id: number; name: string; slug: string };

describe.each(engines)('bulk product creation on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  let jpeg: Buffer;
  let made = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    catalog = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
    jpeg = await smallJpeg(400, 300);
  });
  afterAll(() => t?.close());

  const { call, upload } = apiAs(() => ({ app: t.app, auth: admin }));
  const name = (what: string) => {
    made += 1;
    return `${what} ${engine} ${made}`;
  };
  const row = (overrides: object = {}) => ({
    name: name('Coffret'),
    description: 'Savon, huile et bougie.',
    base_price: 15000,
    image_main: dataUrl(jpeg, 'image/jpeg'),
    ...overrides,
  });
  const batchId = () => `lot-${engine}-${Date.now().toString(36)}-${made++}`;
  const productsIn = async (categoryId: number) =>
    (await call('GET', `/admin/products?category_id=${categoryId}&per_page=50`)).json().data;

  it('creates every product of a JSON batch, each with its image and variants, in the category', async () => {
    const rows = [
      row(),
      row({
        variants: [
          { name: '50 ml', price: 4000, sku: null },
          { name: '100 ml', price: 7000 },
        ],
      }),
    ];
    const before = (await productsIn(catalog.cremes.id)).pagination.total;
    const res = await call('POST', '/admin/products/batch', {
      category_id: catalog.cremes.id,
      products: rows,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('2 produit(s) créé(s) avec succès');
    expect(body.data.count).toBe(2);
    expect(body.data.products.map((p: Created) => p.name)).toEqual(rows.map((r) => r.name));
    const listed = await productsIn(catalog.cremes.id);
    expect(listed.pagination.total).toBe(before + 2);
    const second = listed.products.find((p: Created) => p.name === rows[1]?.name);
    expect(second).toMatchObject({ variants_count: 2, min_price: 4000, is_active: true });
    expect(second.image).not.toBeNull();
    // The shop shows them at once, with their picture.
    const shop = await t.app.inject({ method: 'GET', url: `/api/products/${second.id}` });
    expect(shop.json().data.images).toHaveLength(1);
    expect(shop.json().data.variants.map((v: { name: string }) => v.name)).toEqual(['50 ml', '100 ml']);
  });

  it('takes a multipart form: the rows as JSON and one image per row, in order, and reports its progress', async () => {
    const id = batchId();
    // More files than any other form takes (5): a batch has one per row.
    const rows = Array.from({ length: 7 }, () => row({ image_main: undefined }));
    const res = await upload('POST', '/admin/products/batch', {
      category_id: String(catalog.cremes.id),
      batch_id: id,
      products: JSON.stringify(rows),
      images: await Promise.all(rows.map((_, i) => jpegFile(`photo-${i}.jpg`))),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.count).toBe(7);
    const progress = await call('GET', `/admin/products/batch/${id}`);
    expect(progress.statusCode).toBe(200);
    expect(progress.json().data).toEqual({ batch_id: id, status: 'done', total: 7, processed: 7 });
  });

  it("reads the prices as the rows typed them ('3.500', '3 500 FCFA'), refusing '3,5' with how to write it", async () => {
    const rows = [
      row({ image_main: undefined, base_price: '3.500', variants: [{ name: '1 l', price: '12 500 F' }] }),
    ];
    const res = await upload('POST', '/admin/products/batch', {
      category_id: String(catalog.cremes.id),
      products: JSON.stringify(rows),
      images: [await jpegFile()],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [made] = (await productsIn(catalog.cremes.id)).products.filter(
      (p: Created) => p.name === rows[0]?.name,
    );
    expect(made).toMatchObject({ base_price: 3500, min_price: 12_500 });
    const before = await fingerprint(t.db);
    const refused = await call('POST', '/admin/products/batch', {
      category_id: catalog.cremes.id,
      products: [row({ base_price: '3,5' })],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'products.0.base_price': [PRODUCT_PRICE_INVALID] });
    expect(changedTables(before, await fingerprint(t.db))).toEqual([]);
  });

  it('refuses images that do not match the rows one to one (they are matched by order)', async () => {
    const before = await fingerprint(t.db);
    const res = await upload('POST', '/admin/products/batch', {
      category_id: String(catalog.cremes.id),
      products: JSON.stringify([row({ image_main: undefined }), row({ image_main: undefined })]),
      images: [await jpegFile('seule.jpg')],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.images).toEqual([BULK_IMAGES_COUNT_MESSAGE]);
    expect(changedTables(before, await fingerprint(t.db))).toEqual([]);
  });

  it('refuses more files than rows a batch may hold, while reading the form', async () => {
    const res = await upload('POST', '/admin/products/batch', {
      category_id: String(catalog.cremes.id),
      products: JSON.stringify([row({ image_main: undefined })]),
      images: Array.from({ length: 51 }, (_, i) => ({
        bytes: Buffer.from('x'),
        filename: `${i}.jpg`,
        type: 'image/jpeg',
      })),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Trop de fichiers : 50 au plus par envoi');
  });

  it("refuses a batch with one bad row and creates nothing: errors name the row ('products.N.field')", async () => {
    const filesBefore = mediaFiles(t.config.mediaDir);
    const before = await fingerprint(t.db);
    const res = await call('POST', '/admin/products/batch', {
      category_id: catalog.cremes.id,
      products: [row(), row({ name: '  ', base_price: -5, image_main: undefined })],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'products.1.name': [PRODUCT_NAME_REQUIRED],
      'products.1.base_price': [PRODUCT_PRICE_INVALID],
      'products.1.image_main': [BULK_IMAGE_REQUIRED],
    });
    expect(changedTables(before, await fingerprint(t.db))).toEqual([]);
    expect(mediaFiles(t.config.mediaDir)).toEqual(filesBefore);
  });

  it('refuses an image that is not one after the others were processed, and leaves no file behind', async () => {
    const filesBefore = mediaFiles(t.config.mediaDir);
    const before = await fingerprint(t.db);
    const id = batchId();
    const res = await upload('POST', '/admin/products/batch', {
      category_id: String(catalog.cremes.id),
      batch_id: id,
      products: JSON.stringify([row({ image_main: undefined }), row({ image_main: undefined })]),
      images: [await jpegFile(), { bytes: shellScript(), filename: 'photo.jpg', type: 'image/jpeg' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'products.1.image_main': [IMAGE_TYPE_MESSAGE] });
    expect(mediaFiles(t.config.mediaDir)).toEqual(filesBefore);
    expect(changedTables(before, await fingerprint(t.db))).toEqual(['product_batches']);
    expect((await call('GET', `/admin/products/batch/${id}`)).json().data).toMatchObject({
      status: 'failed',
    });
  });

  it('needs a category and at least one product', async () => {
    const none = await call('POST', '/admin/products/batch', { category_id: '', products: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toMatchObject({
      category_id: [BULK_CATEGORY_REQUIRED],
      products: [BULK_PRODUCTS_REQUIRED],
    });
    const unknown = await call('POST', '/admin/products/batch', { category_id: 999_999, products: [row()] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ category_id: ['Cette catégorie est introuvable'] });
  });

  it('refuses an SKU already used or repeated within the batch, under the variant that holds it', async () => {
    const taken = catalog.argan.variants[0]?.sku as string;
    const res = await call('POST', '/admin/products/batch', {
      category_id: catalog.cremes.id,
      products: [
        row({ variants: [{ name: 'A', price: 100, sku: taken.toLowerCase() }] }),
        row({
          variants: [
            { name: 'B', price: 100, sku: 'LOT-X' },
            { name: 'C', price: 100, sku: 'lot-x' },
          ],
        }),
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'products.0.variants.0.sku': [VARIANT_SKU_TAKEN],
      'products.1.variants.0.sku': [VARIANT_SKU_REPEATED],
      'products.1.variants.1.sku': [VARIANT_SKU_REPEATED],
    });
  });

  it('gives two products of the same name two slugs', async () => {
    const same = name('Coffret jumeau');
    const res = await call('POST', '/admin/products/batch', {
      category_id: catalog.cremes.id,
      products: [row({ name: same }), row({ name: same })],
    });
    expect(res.statusCode).toBe(201);
    const [a, b] = res.json().data.products as Created[];
    expect(a?.slug).not.toBe(b?.slug);
  });

  it('refuses a batch id sent twice, and answers 404 for an unknown one', async () => {
    const id = batchId();
    const first = await call('POST', '/admin/products/batch', {
      category_id: catalog.cremes.id,
      batch_id: id,
      products: [row()],
    });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/admin/products/batch', {
      category_id: catalog.cremes.id,
      batch_id: id,
      products: [row()],
    });
    expect(again.statusCode).toBe(409);
    expect((await call('GET', '/admin/products/batch/inconnu-123')).statusCode).toBe(404);
    expect((await call('GET', '/admin/products/batch/x')).statusCode).toBe(422);
  });

  it('answers strange bodies with a French 4xx', async () => {
    for (const body of [
      { category_id: catalog.cremes.id, products: 'pas du JSON' },
      { category_id: catalog.cremes.id, products: [null, 3, 'x'] },
      { category_id: 'abc', products: [row()] },
      { category_id: catalog.cremes.id, products: Array.from({ length: 51 }, () => ({})) },
    ]) {
      const res = await call('POST', '/admin/products/batch', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(/[a-zé]/);
    }
  });
});
