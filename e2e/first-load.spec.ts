import path from 'node:path';
import { ROUTE_DISCOVERY_PATH } from '../apps/web/app/features/offline/offline-marks.ts';
import {
  BROWSER_USER_AGENT,
  CSS_BUDGET,
  FIRST_LOAD_JS_BUDGET,
  measurePage,
  OUR_JS_BUDGET,
} from '../bench/bundle.ts';
import { ADMIN } from './admin-helpers.ts';
import { type APIRequestContext, expect, test } from './fixtures.ts';

// What a phone downloads before a storefront page is live, from the build CI just made: bytes are
// deterministic, so the budgets are assertions (docs/decisions/0028). React, React DOM and React
// Router are one chunk (vendor-…); everything else the page loads at first is ours.

const CLIENT_DIR = path.resolve('apps/web/build/client');

type Listed = { id: number; slug: string };

/** Every kind of storefront page, with real addresses from the demo shop. */
async function storefrontPages(request: APIRequestContext): Promise<string[]> {
  const categories = (await (await request.get('/api/categories')).json()).data.categories as (Listed & {
    subcategories: Listed[];
  })[];
  const withSub = categories.find((c) => c.subcategories.length > 0);
  if (!withSub) throw new Error('no seeded category with subcategories');
  const product = (await (await request.get('/api/products?per_page=1')).json()).data.products[0] as Listed;
  return [
    '/',
    '/catalog',
    `/catalog/${withSub.slug}`,
    `/catalog/${withSub.slug}/${withSub.subcategories[0]?.slug}`,
    `/products/${product.id}`,
    `/product/${product.slug}`,
    '/search?q=savon',
    '/search',
    '/cart',
    '/terms',
    '/privacy',
    '/auth/login',
    '/auth/register',
    '/auth/forgot-password',
  ];
}

test('every storefront page’s first-load JavaScript and CSS stay within their budgets, with no zod and no back office', async ({
  request,
  baseURL,
}) => {
  const origin = baseURL as string;
  const over: string[] = [];
  for (const page of await storefrontPages(request)) {
    const response = await request.get(page, { headers: { 'user-agent': BROWSER_USER_AGENT } });
    expect(response.status(), page).toBe(200);
    const bundle = await measurePage(page, await response.text(), { origin, clientDir: CLIENT_DIR });
    // The page does load its code (the check could not pass on a page measured empty).
    expect(bundle.frameworkGzipBytes, page).toBeGreaterThan(50_000);
    expect(bundle.ownGzipBytes, page).toBeGreaterThan(1_000);
    const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
    if (bundle.gzipBytes > FIRST_LOAD_JS_BUDGET) over.push(`${page}: JS ${kB(bundle.gzipBytes)}`);
    if (bundle.ownGzipBytes > OUR_JS_BUDGET) over.push(`${page}: our JS ${kB(bundle.ownGzipBytes)}`);
    if (bundle.css.gzipBytes > CSS_BUDGET) over.push(`${page}: CSS ${kB(bundle.css.gzipBytes)}`);
    if (bundle.zodFiles.length) over.push(`${page}: zod in ${bundle.zodFiles.join(', ')}`);
    if (bundle.adminFiles.length) over.push(`${page}: back office in ${bundle.adminFiles.join(', ')}`);
  }
  expect(over).toEqual([]);
});

test('a page fetches no script before it has loaded and painted, then hydrates', async ({ page }) => {
  await page.goto('/');
  // The header's search toggle becomes a button once React has hydrated.
  await expect(page.getByRole('button', { name: 'Ouvrir la recherche' })).toBeVisible();
  const timings = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return { loadEventStart: navigation.loadEventStart, firstPaint, scripts };
  });
  expect(timings.scripts.length).toBeGreaterThan(3);
  expect(timings.firstPaint).not.toBeNull();
  const start = Math.max(timings.loadEventStart, timings.firstPaint ?? 0);
  const early = timings.scripts.filter((script) => script.startTime < start);
  expect(early).toEqual([]);
});

test('the footer’s code is not in the first load; it comes with the page’s islands and the footer works then', async ({
  page,
}) => {
  const footerCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/shop-footer-[\w-]+\.js$/.test(request.url())) footerCode.push(request.url());
  });
  await page.goto('/');
  // Nothing of it before the page has loaded (page.goto waits for the load event).
  expect(footerCode).toEqual([]);
  await expect(page.getByRole('button', { name: 'Ouvrir la recherche' })).toBeVisible();

  // Near the screen, the footer's island comes alive (if it has not already: React also wakes a
  // waiting island when an update reaches it).
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.locator('xpath=..')).toHaveAttribute('data-island', 'live');
  expect(footerCode).toHaveLength(1);
  // Hydrated: its 'Catalogue' link now navigates on the client (no new document).
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  await footer.getByRole('link', { name: 'Catalogue' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  expect(documents).toBe(0);
});

test('route discovery waits until the islands woken with the page are live, so React keeps their HTML and a tap on them is not lost', async ({
  page,
}) => {
  // At the moment the links get their discovery marks back (after which React Router asks the
  // server and updates its state), the state of each island, read in the page itself; and the
  // category's 'Voir plus' button as the server sent it.
  await page.addInitScript(() => {
    const seen = window as unknown as { atDiscovery?: string[]; serverButton?: Element | null };
    document.addEventListener('DOMContentLoaded', () => {
      seen.serverButton = document.querySelector('main form button[name="n"]');
    });
    new MutationObserver((records, observer) => {
      if (!records.some((record) => (record.target as Element).hasAttribute('data-discover'))) return;
      observer.disconnect();
      const products = document.querySelector('main ul li article')?.closest('[data-island]');
      seen.atDiscovery = [...document.querySelectorAll<HTMLElement>('[data-island]')].map(
        (island) => `${island === products ? 'products' : island.dataset.wake}: ${island.dataset.island}`,
      );
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-discover'] });
  });
  // React Router's question about the page's links, asked once the marks are back.
  const discovery = page.waitForResponse(
    (response) => new URL(response.url()).pathname === ROUTE_DISCOVERY_PATH,
  );
  await page.goto('/catalog/huiles-essentielles');
  await expect(page.locator('[data-discover]').first()).toBeAttached();
  await discovery;

  const atDiscovery = await page.evaluate(() => (window as unknown as { atDiscovery: string[] }).atDiscovery);
  // The product list (on the screen) and every island due at the first idle moment were live.
  expect(atDiscovery).toContain('products: live');
  expect(
    atDiscovery.filter((island) => /^(products|idle):/.test(island) && !island.endsWith('live')),
  ).toEqual([]);
  // React took the server's list over rather than drawing it again, and the router's answer changed
  // nothing of it: the button is the same element.
  const button = page.getByRole('button', { name: 'Voir plus de produits' });
  expect(
    await button.evaluate(
      (element) => element === (window as unknown as { serverButton: Element | null }).serverButton,
    ),
  ).toBe(true);
  await button.click();
  await expect(page.locator('main ul li article')).toHaveCount(24);
});

test('a form whose checks cannot be fetched (a dropped connection) still reaches its action', async ({
  page,
}) => {
  await page.goto('/auth/login?redirectTo=%2Fadmin');
  await expect(page.locator('[data-island="waiting"]')).toHaveCount(0);
  // From now on, every script the page asks for fails: the form's checks (zod) among them.
  const refused: string[] = [];
  await page.route(/\/assets\/[\w.-]+\.js$/, (route) => {
    refused.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await page.getByLabel('Email ou numéro WhatsApp').fill(ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The checks were asked for, and refused: the submit went without them.
  expect(refused.length).toBeGreaterThan(0);
});
