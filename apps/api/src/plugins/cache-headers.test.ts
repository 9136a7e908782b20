import { SESSION_COOKIE } from '@souk/domain/cookies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { seedCatalog } from '../test/catalog-fixtures.ts';
import { engines } from '../test/database.ts';
import { signedInUser } from '../test/user-fixtures.ts';

describe.each(engines)('Cache-Control on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let bearer: Record<string, string>;
  let cookie: Record<string, string>;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const catalog = await seedCatalog(t.db);
    productId = catalog.lait.product.id;
    const { token, auth } = await signedInUser(t.db);
    bearer = auth;
    cookie = { cookie: `${SESSION_COOKIE}=${token}` };
  });
  afterAll(() => t?.close());

  const cacheControl = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res.headers['cache-control'];
  };

  it('keeps the public catalogue cache for anonymous readers', async () => {
    expect(await cacheControl('/api/products')).toMatch(/^public, max-age=\d+/);
    expect(await cacheControl(`/api/products/${productId}`)).toMatch(/^public/);
  });

  it('answers no-store to a bearer session, even on the public catalogue', async () => {
    expect(await cacheControl('/api/products', bearer)).toBe('no-store');
    expect(await cacheControl(`/api/products/${productId}`, bearer)).toBe('no-store');
    expect(await cacheControl('/api/auth/me', bearer)).toBe('no-store');
    // A route that sets no Cache-Control of its own.
    expect(await cacheControl('/api/banners', bearer)).toBe('no-store');
  });

  it('answers no-store to a cookie session too', async () => {
    expect(await cacheControl('/api/products', cookie)).toBe('no-store');
    expect(await cacheControl('/api/auth/me', cookie)).toBe('no-store');
  });

  it('treats an unknown token as anonymous', async () => {
    const stranger = { authorization: 'Bearer inconnu' };
    expect(await cacheControl('/api/products', stranger)).toMatch(/^public/);
  });

  it('never lets a cart, an account answer or a refusal be kept, even for a guest', async () => {
    expect(await cacheControl('/api/cart', { 'x-session-id': 'guest_abcdefghijklmnop' })).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
