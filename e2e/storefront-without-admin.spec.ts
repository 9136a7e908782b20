import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isAdminAsset } from '../bench/bundle.ts';
import { expect, test } from './fixtures.ts';

const CLIENT_DIR = path.resolve('apps/web/build/client');
type RouteAssets = { id: string; module: string; imports?: string[]; css?: string[] };

// The back office's JavaScript and CSS never reach a storefront page: not in its first load, not
// in the route chunks it fetches once hydrated, not in its stylesheets.

test('storefront pages load no back-office script or stylesheet', async ({ page }) => {
  const loaded = new Map<string, string>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.(m?js|css)$/.test(url.pathname)) return;
    loaded.set(url.pathname, await response.text().catch(() => ''));
  });
  for (const path of ['/', '/catalog', '/products/1', '/search?q=savon', '/cart', '/auth/login']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Browse on, client side, so lazily loaded route modules are fetched too.
  await page.goto('/');
  await page.getByRole('link', { name: 'Catalogue' }).first().click();
  await page.waitForLoadState('networkidle');

  expect(loaded.size).toBeGreaterThan(3);
  const admin = [...loaded].filter(([path, text]) => isAdminAsset(path, text)).map(([path]) => path);
  expect(admin).toEqual([]);
});

test('the back office does load its own script and stylesheet (the check above can see them)', async ({
  request,
}) => {
  // The assets exist in the build under the names the check looks for.
  const html = await (await request.get('/auth/login')).text();
  expect(html).not.toMatch(/admin-layout/);
  const manifest = await request.get(html.match(/\/assets\/manifest-[\w-]+\.js/)?.[0] ?? '/missing');
  expect(manifest.status()).toBe(200);
  expect(await manifest.text()).toMatch(/\/assets\/admin-layout-[\w-]+\.js/);
});

test('over the build manifest: no storefront route module imports back-office code or styles', async () => {
  // The server build lists, for every route, the module, the chunks it imports and its styles.
  const build = (await import(path.resolve('apps/web/build/server/index.js'))) as {
    assets: { entry: { module: string; imports: string[] }; routes: Record<string, RouteAssets> };
  };
  const routes = Object.values(build.assets.routes);
  const isAdminRoute = (id: string) => /^(routes\/)?admin-/.test(id);
  const admin = routes.filter((r) => isAdminRoute(r.id));
  expect(admin.length).toBeGreaterThanOrEqual(4);
  const storefront = routes.filter((r) => !isAdminRoute(r.id));
  // React Router marks a stylesheet that lazily loaded code imports too with a '#' fragment.
  const files = new Set(
    [
      build.assets.entry.module,
      ...build.assets.entry.imports,
      ...storefront.flatMap((r) => [r.module, ...(r.imports ?? []), ...(r.css ?? [])]),
    ].map((file) => file.replace(/#.*$/, '')),
  );
  // The back office's own modules and styles: the root's stylesheet (the shop's shell, which every
  // page under the root lists) is everyone's.
  const root = build.assets.routes.root;
  const rootCss = new Set((root?.css ?? []).map((file) => file.replace(/#.*$/, '')));
  const adminOwn = new Set(
    admin
      .flatMap((r) => [r.module, ...(r.css ?? [])])
      .map((file) => file.replace(/#.*$/, ''))
      .filter((file) => !rootCss.has(file)),
  );
  expect(adminOwn.size).toBeGreaterThanOrEqual(admin.length);
  const problems = [...files].filter(
    (file) => adminOwn.has(file) || isAdminAsset(file, readFileSync(path.join(CLIENT_DIR, file), 'utf8')),
  );
  expect(problems).toEqual([]);
});

// The numbering plans that read and write phone numbers (libphonenumber's metadata, tens of KB)
// stay on the server: a storefront page gets numbers already written out, and its forms' numbers
// are read by the server (docs/decisions/0022). Only the back office's screens load them.
const NUMBERING_PLANS = 'country_calling_codes';

test('storefront pages, their forms included, never load the phone numbering plans', async ({ page }) => {
  // Every script a page asks for, read again from the server after the pages: a response's own body
  // is gone once its page is navigated away from, and a script asked for but cut off still counts.
  const asked = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\.m?js$/.test(url.pathname)) asked.add(url.href);
  });
  const pages = ['/', '/products/1', '/cart', '/auth/login', '/auth/register', '/auth/forgot-password'];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  const loaded = await Promise.all(
    [...asked].map(async (href): Promise<[string, string]> => {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      return [new URL(href).pathname, await response.text()];
    }),
  );
  expect(loaded.length).toBeGreaterThan(3);
  expect(loaded.filter(([, text]) => text.includes(NUMBERING_PLANS)).map(([path]) => path)).toEqual([]);
});

test('over the build manifest: the numbering plans are in the back office screens that show numbers only', async () => {
  const build = (await import(path.resolve('apps/web/build/server/index.js'))) as {
    assets: { entry: { module: string; imports: string[] }; routes: Record<string, RouteAssets> };
  };
  const withPlans = (files: string[]) =>
    files.filter((file) => readFileSync(path.join(CLIENT_DIR, file), 'utf8').includes(NUMBERING_PLANS));
  const { entry, routes } = build.assets;
  const byRoute = Object.values(routes).map((r) => ({
    id: r.id,
    plans: withPlans([r.module, ...(r.imports ?? [])]),
  }));
  expect(withPlans([entry.module, ...entry.imports])).toEqual([]);
  expect(byRoute.filter((r) => r.plans.length && !/^(routes\/)?admin-/.test(r.id))).toEqual([]);
  // The check can see them: the customers screen does load them.
  expect(byRoute.find((r) => r.id === 'routes/admin-customers')?.plans.length).toBeGreaterThan(0);
});
