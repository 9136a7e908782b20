import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestApp } from '../test/app.ts';
import { putInCart } from '../test/cart-fixtures.ts';
import { seedCatalog } from '../test/catalog-fixtures.ts';
import { engines } from '../test/database.ts';
import { describeOnPostgres } from '../test/describe-on-postgres.ts';
import { apiAs } from '../test/upload-fixtures.ts';
import { signedInUser } from '../test/user-fixtures.ts';
import {
  CACHE_TAGS_HEADER,
  cacheKey,
  knownParameters,
  REPORT_TAGS_HEADER,
  ResponseCache,
} from './response-cache.ts';

// docs/decisions/0023: public catalogue reads answered from memory to anonymous callers, never
// stale, never someone's own.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
/** Asked twice by an anonymous caller: the second answer, which says what the cache did. */
const askedTwice = async (app: FastifyInstance, url: string) => {
  await get(app, url);
  return get(app, url);
};

describe('the store', () => {
  const store = new ResponseCache({ maxBytes: 1024, ttlMs: 1000 });
  const answer = (text: string, tags = ['catalog']) =>
    store.prepare(Buffer.from(text), 'application/json', tags);

  it('does not keep an answer read across a change that concerns it, and keeps one read across another', () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    const ticket = cache.begin();
    cache.invalidate('product:1');
    expect(cache.store('/a', ticket, answer('a', ['catalog', 'product:1']), {})).toBe(false);
    expect(cache.lookup('/a')).toBeUndefined();
    expect(cache.store('/b', ticket, answer('b', ['catalog', 'product:2']), {})).toBe(true);
    expect(cache.lookup('/b')?.body.toString()).toBe('b');
  });

  it('makes a kept answer’s brotli form again at the best quality, leaving one replaced meanwhile alone', async () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    const page = (n: number) =>
      Buffer.from(
        JSON.stringify(
          Array.from({ length: 400 }, (_, i) => ({
            id: i,
            name: `Savon ${(i * 7919 + n) % 1009}`,
            price: i * 250,
          })),
        ),
      );
    const best = (body: Buffer) =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const first = cache.prepare(page(1), 'application/json', ['catalog']);
    expect(first.br.length).toBeGreaterThan(best(page(1)));
    cache.store('/a', cache.begin(), first, {});
    await cache.refined();
    const kept = cache.lookup('/a');
    expect(kept?.br.length).toBe(best(page(1)));
    expect(brotliDecompressSync(kept?.br ?? Buffer.alloc(0))).toEqual(page(1));

    // Replaced while it was being refined: the new answer is the one refined, the old one is
    // left as it was (its form is never given to the new one).
    const old = cache.prepare(page(2), 'application/json', ['catalog']);
    const oldBrotli = old.br;
    cache.store('/b', cache.begin(), old, {});
    const oldKept = cache.lookup('/b');
    cache.store('/b', cache.begin(), cache.prepare(page(3), 'application/json', ['catalog']), {});
    await cache.refined();
    expect(oldKept?.br).toBe(oldBrotli);
    expect(cache.lookup('/b')?.br.length).toBe(best(page(3)));
    expect(brotliDecompressSync(cache.lookup('/b')?.br ?? Buffer.alloc(0))).toEqual(page(3));
  });

  it('refines a bounded number of answers at once: a crowd of new ones keeps its first form', async () => {
    const cache = new ResponseCache({ maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 });
    const body = (n: number) =>
      Buffer.from(
        JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, q: `recherche ${n}`, i: i * n }))),
      );
    const first = new Map<string, Buffer>();
    for (let n = 0; n < 100; n += 1) {
      const entry = cache.prepare(body(n), 'application/json', ['catalog']);
      first.set(`/search/${n}`, entry.br);
      cache.store(`/search/${n}`, cache.begin(), entry, {});
    }
    await cache.refined();
    const refined = [...first].filter(([key, br]) => cache.lookup(key)?.br !== br).length;
    expect(refined).toBeGreaterThan(0);
    expect(refined).toBeLessThan(100);
  });

  it('keeps nothing while changes cannot be heard, and starts again once they can', () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    cache.store('/a', cache.begin(), answer('a'), {});
    cache.suspend();
    expect(cache.lookup('/a')).toBeUndefined();
    cache.store('/b', cache.begin(), answer('b'), {});
    expect(cache.lookup('/b')).toBeUndefined();
    cache.resume();
    cache.store('/b', cache.begin(), answer('b'), {});
    expect(cache.lookup('/b')?.body.toString()).toBe('b');
  });

  it('keys a request as its handler reads it: parameters in one order, those it ignores left out', () => {
    const known = new Set(['page', 'per_page', 'search']);
    const key = (url: string, query: Record<string, unknown>) => cacheKey(url, query, known);
    expect(key('/api/products?per_page=12&page=2', { per_page: '12', page: '2' })).toBe(
      key('/api/products?page=2&per_page=12', { page: '2', per_page: '12' }),
    );
    expect(key('/api/products?_=123', { _: '123' })).toBe('/api/products');
    expect(key('/api/products?page=2', { page: '2' })).not.toBe(key('/api/products?page=3', { page: '3' }));
    expect(key('/api/products?search=a', { search: 'a' })).not.toBe(key('/api/products', {}));
    // Without a query schema nothing in the query counts; when it cannot be told, everything does.
    expect(cacheKey('/api/products/1?x=1', { x: '1' }, knownParameters(undefined))).toBe('/api/products/1');
    expect(cacheKey('/api/products/1?x=1', { x: '1' }, null)).not.toBe('/api/products/1');
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
  /** The second answer must come from the cache, else the test shows nothing. */
  const warm = async (url: string) => {
    const again = await askedTwice(t.app, url);
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
    // The same policy as the answer it confirms: a browser keeps its copy.
    expect(held.headers['cache-control']).toBe(first.headers['cache-control']);
    const other = await anonymous(url, { 'if-none-match': 'W/"autre"' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.id).toBe(catalog.lait.product.id);

    // A phone that held the answer when nothing else did: computed, answered 304, and kept.
    const fresh = `/api/products/${catalog.nuit.product.id}?per_page=1`;
    const computed = await anonymous(fresh, { 'if-none-match': etag });
    expect(computed.statusCode).toBe(200);
    const revalidated = await anonymous(fresh, { 'if-none-match': computed.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect((await anonymous(fresh)).headers['x-cache']).toBe('HIT');
  });

  it('gives one answer to URLs that differ only in what the route does not read', async () => {
    const url = `/api/products?category_id=${catalog.parfums.id}`;
    await warm(url);
    expect((await anonymous(`${url}&_=1732600000`)).headers['x-cache']).toBe('HIT');
    // A route without a query schema reads no parameter at all.
    await warm(`/api/products/${catalog.lait.product.id}/images`);
    expect((await anonymous(`/api/products/${catalog.lait.product.id}/images?v=2`)).headers['x-cache']).toBe(
      'HIT',
    );
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

  it('tells a page reading in process what a kept answer is about, and nothing of one not kept', async () => {
    const ask = { [REPORT_TAGS_HEADER]: '1' };
    const tagsOf = (res: { headers: Record<string, unknown> }) => res.headers[CACHE_TAGS_HEADER];
    // A page size no other test asks for: computed here first.
    const url = '/api/products?per_page=7';
    const computed = await anonymous(url, ask);
    expect(computed.headers['x-cache']).toBe('MISS');
    const shown = computed.json().data.products.map(({ id }: { id: number }) => `product:${id}`);
    expect(shown.length).toBeGreaterThan(0);
    expect(String(tagsOf(computed)).split(' ').sort()).toEqual(['catalog', ...shown].sort());
    const kept = await anonymous(url, ask);
    expect(kept.headers['x-cache']).toBe('HIT');
    expect(tagsOf(kept)).toBe(tagsOf(computed));
    // Not asked, not told; and a personal read is no cache's, so it has no tags to tell.
    expect(tagsOf(await anonymous(url))).toBeUndefined();
    expect(tagsOf(await anonymous(url, { ...ask, 'x-session-id': 'panier-invite-123' }))).toBeUndefined();
  });

  it('computes once an answer a crowd asks for at the same moment, the others waiting for it', async () => {
    // A page size no other test asks for: not yet kept.
    const url = '/api/products?per_page=9';
    const crowd = await Promise.all(Array.from({ length: 20 }, () => anonymous(url)));
    expect(crowd.map((res) => res.statusCode)).toEqual(crowd.map(() => 200));
    expect(crowd.filter((res) => res.headers['x-cache'] === 'MISS')).toHaveLength(1);
    expect(new Set(crowd.map((res) => res.body)).size).toBe(1);
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
      await warm(`/api/products?category_id=${catalog.soins.id}`);
      expect(
        (await call('PUT', `/admin/products/${id}`, { name: 'Lait corporel au néroli' })).statusCode,
      ).toBe(200);
      expect((await anonymous(`/api/products/${id}`)).json().data.name).toBe('Lait corporel au néroli');
      const list = (await anonymous(`/api/products?category_id=${catalog.soins.id}`)).json().data.products;
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
      const cancelled = await call('PUT', `/admin/orders/${orderId}/status`, {
        status: 'annulée',
        reason: 'Rupture de stock',
      });
      expect(cancelled.statusCode).toBe(200);
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

describeOnPostgres('server processes listening on one PostgreSQL', () => {
  let t: TestApp;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    catalog = await seedCatalog(t.db);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());
  const { call } = apiAs(() => ({ app: t.app, auth: admin }));

  it("the other process drops its cached answer as soon as the database announces an admin's change", async () => {
    const other = await t.secondProcess();
    const url = `/api/products/${catalog.nuit.product.id}`;
    expect((await askedTwice(other, url)).headers['x-cache']).toBe('HIT');

    const changed = await call('PUT', `/admin/products/${catalog.nuit.product.id}`, {
      name: 'Crème de nuit au jasmin',
    });
    expect(changed.statusCode).toBe(200);
    await expect
      // NOTIFY takes milliseconds; the deadline is for a busy machine, not a measure.
      .poll(async () => (await get(other, url)).json().data.name, { timeout: 5000, interval: 20 })
      .toBe('Crème de nuit au jasmin');
  });

  const listeners = async () => {
    const rows = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from pg_stat_activity
           where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    return rows[0]?.count;
  };
  const twice = async (url: string) => (await askedTwice(t.app, url)).headers['x-cache'];

  it('keeps nothing while changes cannot be heard, then hears them again on one connection', async () => {
    const url = `/api/products/${catalog.lait.product.id}`;
    expect(await twice(url)).toBe('HIT');
    const before = await listeners();
    expect(before).toBeGreaterThanOrEqual(1);
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    // Lost: nothing is answered from memory, nothing kept (changes made meanwhile would be missed).
    await expect.poll(() => twice(url), { timeout: 10_000, interval: 20 }).toBe('MISS');
    // Back (a second later): cached again, and changes heard again.
    await expect.poll(() => twice(url), { timeout: 10_000, interval: 50 }).toBe('HIT');
    const changed = await call('PUT', `/admin/products/${catalog.lait.product.id}`, {
      name: 'Lait corporel à la fleur d’oranger',
    });
    expect(changed.statusCode).toBe(200);
    expect((await get(t.app, url)).json().data.name).toBe('Lait corporel à la fleur d’oranger');
    // One connection per process again: a loss is reconnected once, not once per way it was told.
    await expect.poll(listeners, { timeout: 10_000, interval: 50 }).toBe(before);
  });
});
