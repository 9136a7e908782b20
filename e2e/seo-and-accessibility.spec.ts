import { expect, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, fcfa } from './helpers.ts';

test('the server-rendered product page already holds its name, price, og:image and JSON-LD', async ({
  request,
  baseURL,
}) => {
  const list = await (await request.get('/api/products?search=lavande')).json();
  const product = list.data.products[0];
  const res = await request.get(`/products/${product.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<h1`);
  expect(html).toContain(product.name);
  expect(html).toMatch(fcfa(product.price));
  const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(ogImage).toMatch(new RegExp(`^${baseURL}/media/.+\\.webp$`));
  expect((await request.get(ogImage as string)).status()).toBe(200);
  expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/products\/\d+"/);
  const jsonLd = /<script type="application\/ld\+json">(.+?)<\/script>/s.exec(html)?.[1];
  expect(JSON.parse(jsonLd as string)).toMatchObject({ '@type': 'Product', name: product.name });
});

test('robots.txt and sitemap.xml list the public pages', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: http.+\/sitemap\.xml/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/catalog/huiles-essentielles</loc>');
  expect(sitemap).toMatch(/\/products\/\d+<\/loc>/);
});

const pages = [
  '/',
  '/catalog',
  '/catalog/parfums',
  '/catalog/parfums/parfums-d-orient',
  '/search?q=argan',
  '/search?q=zzzzqqqq',
  '/terms',
  '/privacy',
  '/test',
  '/nope',
];

for (const path of pages) {
  test(`${path} is accessible, has a title and a description, and fits 360 px`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(/Souk/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
}

test('a product page is accessible and fits 360 px', async ({ page, request }) => {
  const list = await (await request.get('/api/products?per_page=1')).json();
  await page.goto(`/products/${list.data.products[0].id}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
