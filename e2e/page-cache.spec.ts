import { randomUUID } from 'node:crypto';
import { adminApi, unique } from './admin-helpers.ts';
import { type APIRequestContext, expect, test } from './fixtures.ts';
import { freshClient, registerThroughApi } from './helpers.ts';

// ADR 0023: the pages a shared link leads to are kept for visitors with neither session nor cart,
// dropped as the database announces what changed; anyone else gets a page rendered for them.

/** Asks for `path` until an answer comes from the cache (the first may be computed), and returns it. */
async function keptPage(request: APIRequestContext, path: string) {
  const computed = await request.get(path);
  expect(computed.status(), path).toBe(200);
  const kept = await request.get(path);
  expect(kept.headers()['x-cache'], path).toBe('HIT');
  return { computed, kept };
}

test('an anonymous page comes from the cache with the same bytes, and a 304 for the copy held', async ({
  request,
}) => {
  const { computed, kept } = await keptPage(request, '/catalog');
  expect(await kept.body()).toEqual(await computed.body());
  expect(kept.headers()['content-security-policy']).toBe(computed.headers()['content-security-policy']);

  const etag = kept.headers().etag;
  expect(etag).toBeTruthy();
  const unchanged = await request.get('/catalog', { headers: { 'if-none-match': etag ?? '' } });
  expect(unchanged.status()).toBe(304);
  expect(await unchanged.body()).toHaveLength(0);

  // A link passed on with a tracker's parameter is the same page.
  const tracked = await request.get('/catalog?fbclid=IwAR0abc');
  expect(tracked.headers()['x-cache']).toBe('HIT');
  expect(await tracked.body()).toEqual(await kept.body());
});

test('a session or a guest cart always gets a page rendered for it', async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  await keptPage(anonymous, '/');

  const withCart = await anonymous.get('/', { headers: { cookie: `cart_session_id=${randomUUID()}` } });
  expect(withCart.status()).toBe(200);
  expect(withCart.headers()['x-cache']).toBeUndefined();
  expect(withCart.headers()['content-security-policy']).toContain("'nonce-");

  const customer = await playwright.request.newContext({ baseURL });
  await registerThroughApi(customer, freshClient('Awa Sans-Cache'));
  const signedIn = await customer.get('/');
  expect(signedIn.headers()['x-cache']).toBeUndefined();
  expect(signedIn.headers()['cache-control']).toBe('private, no-store');
  expect(await signedIn.text()).toContain('Awa Sans-Cache');
  await Promise.all([anonymous.dispose(), customer.dispose()]);
});

test("the next anonymous page shows an admin's change, and an order that sells the last unit", async ({
  playwright,
  baseURL,
  request,
}) => {
  const admin = await adminApi(() => playwright.request.newContext({ baseURL }));
  const customer = await playwright.request.newContext({ baseURL });
  try {
    const [sample] = (await (await admin.get('/api/admin/products?per_page=1')).json()).data.products;
    const name = unique('Savon au karité');
    const created = await admin.post('/api/admin/products', {
      data: {
        name,
        description: 'Savon artisanal au beurre de karité.',
        base_price: 2500,
        category_id: sample.category_id,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()).data.product as { id: number };
    const variant = await admin.post(`/api/admin/products/${id}/variants`, {
      data: { name: 'Pain de 100 g', price: 2500, stock_quantity: 1 },
    });
    expect(variant.status()).toBe(201);
    const variantId = (await variant.json()).data.variant.id as number;

    const page = `/products/${id}`;
    expect(await (await keptPage(request, page)).kept.text()).toContain(name);

    const renamed = unique('Savon noir au karité');
    expect((await admin.put(`/api/admin/products/${id}`, { data: { name: renamed } })).status()).toBe(200);
    const afterEdit = await request.get(page);
    expect(afterEdit.headers()['x-cache']).toBe('MISS');
    const edited = await afterEdit.text();
    expect(edited).toContain(renamed);
    expect(edited).not.toContain(name);

    expect(await (await keptPage(request, page)).kept.text()).not.toContain('Rupture');
    await registerThroughApi(customer, freshClient('Fatou Dernière-Unité'));
    expect(
      (
        await customer.post('/api/cart', { data: { product_id: id, variant_id: variantId, quantity: 1 } })
      ).status(),
    ).toBe(200);
    expect((await customer.post('/api/orders', { data: {} })).status()).toBe(201);
    const afterOrder = await request.get(page);
    expect(afterOrder.headers()['x-cache']).toBe('MISS');
    expect(await afterOrder.text()).toContain('Rupture');
  } finally {
    await Promise.all([admin.dispose(), customer.dispose()]);
  }
});
