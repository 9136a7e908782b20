import { expect, test } from './fixtures.ts';

// The whole server (API and storefront on one port): an /api path no route answers must get the
// API's JSON envelope, never the storefront's HTML page.

test('an unknown API path answers a JSON 404 in the envelope', async ({ request }) => {
  const res = await request.post('/api/wishlist', { data: { name: 'Savons' } });
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({
    success: false,
    message: 'Route introuvable : POST /api/wishlist',
  });
});

test('the back office API refuses a visitor without a session (401), in JSON, and keeps nothing', async ({
  request,
}) => {
  const res = await request.post('/api/admin/categories', { data: { name: 'Savons' } });
  expect(res.status()).toBe(401);
  expect(res.headers()['cache-control']).toBe('no-store');
  expect((await res.json()).success).toBe(false);
});

test('a known API path with another method answers a JSON 405 naming the allowed ones', async ({
  request,
}) => {
  const res = await request.delete('/api/products/1');
  expect(res.status()).toBe(405);
  expect(res.headers().allow).toBe('GET, HEAD');
  expect((await res.json()).success).toBe(false);
});

test('ids the database cannot hold are refused in French, by the API and by the pages', async ({
  request,
  page,
}) => {
  for (const path of [
    '/api/products/99999999999',
    '/api/categories/99999999999',
    '/api/variants/99999999999',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBeGreaterThanOrEqual(400);
    expect(res.status(), path).toBeLessThan(500);
    expect((await res.json()).message, path).toEqual(expect.any(String));
  }
  const response = await page.goto('/products/99999999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Produit non trouvé').first()).toBeVisible();
  const category = await page.goto('/catalog/99999999999');
  expect(category?.status()).toBe(404);
});

test('a page action posted something that is not a form answers 415, not a server error', async ({
  request,
}) => {
  for (const [type, body] of [
    ['application/json', '{"email":"a@b.sn"}'],
    ['multipart/form-data; boundary=x', '--y\r\nbroken'],
  ] as const) {
    const res = await request.post('/auth/login', {
      headers: { 'content-type': type, accept: 'text/html' },
      data: body,
    });
    expect(res.status(), type).toBe(415);
  }
});

test('a page address the server cannot decode answers a French page that runs nothing', async ({
  request,
}) => {
  const res = await request.get('/catalog/%E9');
  expect(res.status()).toBe(400);
  expect(res.headers()['content-type']).toMatch(/^text\/html/);
  expect(res.headers()['content-security-policy']).toBe("default-src 'none'");
  expect(await res.text()).toContain('Adresse de requête invalide');
  const api = await request.get('/api/products/%E9');
  expect(api.status()).toBe(400);
  expect(await api.json()).toEqual({ success: false, message: 'Adresse de requête invalide' });
});

test('the API documentation runs under a CSP of its own', async ({ request }) => {
  const res = await request.get('/api/docs/static/index.html');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('the API documentation lists the API and nothing else', async ({ request }) => {
  const res = await request.get('/api/docs/json');
  expect(res.status()).toBe(200);
  const paths = Object.keys((await res.json()).paths as Record<string, unknown>);
  // The whole API is there…
  expect(paths).toEqual(expect.arrayContaining(['/api/products', '/api/admin/orders/{id}/status']));
  // …and only the API: not the pages' catch-all, not the media files.
  expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
});
