import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { putInCart } from '../test/cart-fixtures.ts';
import { seedCatalog } from '../test/catalog-fixtures.ts';
import { engines } from '../test/database.ts';
import { describeOnPostgres } from '../test/describe-on-postgres.ts';
import { apiAs } from '../test/upload-fixtures.ts';
import { signedInUser } from '../test/user-fixtures.ts';
import { cacheKey, ResponseCache } from './response-cache.ts';

// docs/decisions/0023: public catalogue reads answered from memory to anonymous callers, never
// stale, never someone's own.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the store', () => {
  const store = new ResponseCache({ maxBytes: 1024, ttlMs: 1000 });
  const answer = (text: string, tags = ['catalog']) =>
    store.prepare(Buffer.from(text), 'application/json', tags);

  it('does not keep an answer read across a change that concerns it, and keeps one read across another', () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    const ticket = cache.begin();
    cache.invalidate('product:1');
    expect(cache.store('/a', ticket, answer('a', ['catalog', 'product:1']), {})).toBe(false);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.store('/b', ticket, answer('b', ['catalog', 'product:2']), {})).toBe(true);
    expect(cache.get('/b')?.body.toString()).toBe('b');
  });

  it('keeps nothing while changes cannot be heard, and starts again once they can', () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    cache.store('/a', cache.begin(), answer('a'), {});
    cache.suspend();
    expect(cache.get('/a')).toBeUndefined();
    cache.store('/b', cache.begin(), answer('b'), {});
    expect(cache.get('/b')).toBeUndefined();
    cache.resume();
    cache.store('/b', cache.begin(), answer('b'), {});
    expect(cache.get('/b')?.body.toString()).toBe('b');
  });

  it('keys a URL by its path and its parameters in one order', () => {
    expect(cacheKey('/api/products?per_page=12&page=2')).toBe(cacheKey('/api/products?page=2&per_page=12'));
    expect(cacheKey('/api/products?')).toBe('/api/products');
    expect(cacheKey('/api/products?search=a%20b')).toBe(cacheKey('/api/products?search=a+b'));
    expect(cacheKey('/api/products?page=2')).not.toBe(cacheKey('/api/products?page=3'));
  });
});

describe.each(engines)('the public reads cache on %s', (engine) => {
  let t: TestApp;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      orderRateLimits: { perIp: { max: 1000 }, perIdentifier: { max: 1000 } },
    });
    catalog = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());
  const { call } = apiAs(() => ({ app: t.app, auth: admin }));
  const anonymous = (url: string, headers: Record<string, string> = {}) => get(t.app, url, headers);
  /** Asked twice: the second answer must come from the cache, else the test shows nothing. */
  const warm = async (url: string) => {
    await anonymous(url);
    const again = await anonymous(url);
    expect(again.headers['x-cache']).toBe('HIT');
    return again;
  };

  it('answers a second anonymous read from memory, with the same bytes in every encoding', async () => {
    const first = await anonymous('/api/products?per_page=12&page=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await anonymous('/api/products?page=1&per_page=12');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers.etag).toBe(first.headers.etag);
    // Every header a computed answer carries (security headers included), the moment aside.
    const headers = (res: typeof first) => {
      const { date: _, 'x-cache': __, ...rest } = res.headers;
      return rest;
    };
    expect(headers(second)).toEqual(headers(first));
    expect(first.headers['x-content-type-options']).toBe('nosniff');

    const br = await anonymous('/api/products?per_page=12&page=1', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(first.rawPayload)).toBe(true);
    const gzip = await anonymous('/api/products?per_page=12&page=1', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(first.rawPayload)).toBe(true);
    expect(gzip.headers.vary).toContain('Accept-Encoding');
  });

  it('answers 304 without a body to a client that holds the answer', async () => {
    const url = `/api/products/${catalog.lait.product.id}`;
    const first = await anonymous(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const held = await anonymous(url, { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    expect(held.headers.etag).toBe(etag);
    const other = await anonymous(url, { 'if-none-match': 'W/"autre"' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.id).toBe(catalog.lait.product.id);
  });

  it('never answers nor keeps a request with a session, a guest cart or a bearer', async () => {
    const url = `/api/products/${catalog.nuit.product.id}/images`;
    const customer = await signedInUser(t.db);
    const personal: Record<string, string>[] = [
      customer.auth,
      { cookie: 'session=jeton-quelconque' },
      { 'x-session-id': 'panier-invite-123' },
      { cookie: 'cart_session_id=panier-invite-123' },
    ];
    // Asked first by each of them: nothing they read is kept for the next anonymous caller.
    for (const headers of personal) {
      const res = await anonymous(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
    }
    expect((await anonymous(url)).headers['x-cache']).toBe('MISS');
    expect((await anonymous(url)).headers['x-cache']).toBe('HIT');
    // And what anonymous callers share is never answered to them.
    for (const headers of personal)
      expect((await anonymous(url, headers)).headers['x-cache']).toBeUndefined();
  });

  it('never caches the back office', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await call('GET', '/admin/products');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
    }
  });

  describe('every change a customer could see drops what it concerns', () => {
    it("an admin's product edit, on the product and in the lists", async () => {
      const id = catalog.lait.product.id;
      await warm(`/api/products/${id}`);
      await warm('/api/products?category_id=' + catalog.soins.id);
      expect(
        (await call('PUT', `/admin/products/${id}`, { name: 'Lait corporel au néroli' })).statusCode,
      ).toBe(200);
      expect((await anonymous(`/api/products/${id}`)).json().data.name).toBe('Lait corporel au néroli');
      const list = (await anonymous('/api/products?category_id=' + catalog.soins.id)).json().data.products;
      expect(list.map((p: { name: string }) => p.name)).toContain('Lait corporel au néroli');
    });

    it('a variant edited, a picture removed, a product switched off', async () => {
      const { product, variants } = catalog.argan;
      const url = `/api/products/${product.id}`;
      await warm(url);
      const variant = variants[0] as { id: number };
      await call('PUT', `/admin/products/${product.id}/variants/${variant.id}`, { price: 9100 });
      expect((await anonymous(url)).json().data.variants[0].price).toBe(9100);

      await warm(url);
      const images = (await anonymous(url)).json().data.images;
      expect(images).toHaveLength(1);
      const removed = await call('DELETE', `/admin/products/${product.id}/images/${images[0].id}`);
      expect(removed.statusCode).toBe(200);
      expect((await anonymous(url)).json().data.images).toEqual([]);

      await warm(url);
      await call('PUT', `/admin/products/${product.id}`, { is_active: false });
      expect((await anonymous(url)).statusCode).toBe(404);
      await call('PUT', `/admin/products/${product.id}`, { is_active: true });
      expect((await anonymous(url)).statusCode).toBe(200);
    });

    it('a category switched off hides its products and itself', async () => {
      const url = `/api/products/${catalog.muscBlanc.product.id}`;
      await warm(url);
      await warm('/api/categories');
      await call('PUT', `/admin/categories/${catalog.musc.id}`, { is_active: false });
      expect((await anonymous(url)).statusCode).toBe(404);
      const names = JSON.stringify((await anonymous('/api/categories')).json().data);
      expect(names).not.toContain('Musc & Ambre');
      await call('PUT', `/admin/categories/${catalog.musc.id}`, { is_active: true });
      expect((await anonymous(url)).statusCode).toBe(200);
    });

    it('a banner edited', async () => {
      await warm('/api/banners');
      const [first] = (await anonymous('/api/banners')).json().data as { id: number }[];
      await call('PUT', `/admin/banners/${first?.id}`, { title: 'Nouvelle saison' });
      expect((await anonymous('/api/banners')).json().data[0].title).toBe('Nouvelle saison');
    });

    it("an order's stock change drops the answers showing that product, and only those", async () => {
      const { product, variants } = catalog.argan;
      const stocked = variants[1] as { id: number };
      const url = `/api/products/${product.id}`;
      const otherUrl = `/api/products/${catalog.nuit.product.id}`;
      const before = (await warm(url)).json().data.variants.find((v: { id: number }) => v.id === stocked.id);
      await warm(otherUrl);

      const sessionId = `stock-${Date.now()}`;
      await putInCart(t.db, { sessionId }, { productId: product.id, variantId: stocked.id });
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'x-session-id': sessionId },
        payload: { name: 'Awa Diop', whatsapp_phone: '77 123 45 67', session_id: sessionId },
      });
      expect(order.statusCode).toBe(201);

      const after = await anonymous(url);
      expect(after.headers['x-cache']).toBe('MISS');
      const variant = after.json().data.variants.find((v: { id: number }) => v.id === stocked.id);
      expect(variant.stock_quantity).toBe(before.stock_quantity - 1);
      // Another product's answer is still served from memory: an order does not empty the cache.
      expect((await anonymous(otherUrl)).headers['x-cache']).toBe('HIT');

      // A cancellation puts the stock back, and the page shows it.
      const orderId = order.json().data.order.id;
      await call('PUT', `/admin/orders/${orderId}/status`, { status: 'annulée' });
      const restored = (await anonymous(url))
        .json()
        .data.variants.find((v: { id: number }) => v.id === stocked.id);
      expect(restored.stock_quantity).toBe(before.stock_quantity);
    });
  });

  it('reports what it holds and how often it answers in the health answer', async () => {
    const cache = (await anonymous('/api/health')).json().data.cache;
    expect(cache.hits).toBeGreaterThan(0);
    expect(cache.entries).toBeGreaterThan(0);
    expect(cache.hit_rate).toBeGreaterThan(0);
    expect(cache.hit_rate).toBeLessThanOrEqual(1);
  });
});

describe('the bound of the cache', () => {
  let t: TestApp;
  const bound = 64 * 1024;
  beforeAll(async () => {
    t = await createTestApp('pglite', { responseCacheBytes: bound });
    await seedCatalog(t.db);
  });
  afterAll(() => t?.close());

  it('holds its memory within its bytes with more distinct answers than fit, the newest kept', async () => {
    const urls = Array.from({ length: 60 }, (_, i) => `/api/products?per_page=${i + 1}`);
    let sent = 0;
    for (const url of urls) sent += (await get(t.app, url)).rawPayload.length;
    expect(sent).toBeGreaterThan(2 * bound);
    const { cache } = (await get(t.app, '/api/health')).json().data;
    expect(cache.bytes).toBeLessThanOrEqual(bound);
    expect(cache.entries).toBeLessThan(urls.length);
    expect((await get(t.app, urls.at(-1) as string)).headers['x-cache']).toBe('HIT');
    expect((await get(t.app, urls[0] as string)).headers['x-cache']).toBe('MISS');
  });
});

describeOnPostgres('two server processes on one PostgreSQL', () => {
  let t: TestApp;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    catalog = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());

  it("the other process drops its cached answer within a second of an admin's change", async () => {
    const other = await t.secondProcess();
    const url = `/api/products/${catalog.nuit.product.id}`;
    await get(other, url);
    expect((await get(other, url)).headers['x-cache']).toBe('HIT');

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${catalog.nuit.product.id}`,
      headers: admin,
      payload: { name: 'Crème de nuit au jasmin' },
    });
    expect(changed.statusCode).toBe(200);
    await expect
      .poll(async () => (await get(other, url)).json().data.name, { timeout: 1000, interval: 20 })
      .toBe('Crème de nuit au jasmin');
  });
});
