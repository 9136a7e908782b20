import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROUTE_DISCOVERY_PATH } from '../apps/web/app/features/offline/offline-marks.ts';
import { writeServiceWorker } from '../apps/web/web-app-build.ts';
import { adminApi, unique } from './admin-helpers.ts';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { expectLive, fcfa } from './helpers.ts';

// The offline shop (docs/decisions/0036) on a phone: pages seen online open without a network,
// saying when their prices were read; what needs the network says so; back online, prices are
// fresh. The service worker is let in here (playwright.config.ts keeps it out of other journeys).
test.use({ serviceWorkers: 'allow' });

const CLIENT_DIR = path.resolve('apps/web/build/client');
const OFFLINE_NOTICE = /^Hors ligne — prix vus le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/;
const noticeOf = (page: Page) => page.getByRole('status').filter({ hasText: 'Hors ligne —' });

/** The addresses of the pages the phone holds copies of (the service worker's page cache). */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('souk-pages-')) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        kept.push(url.pathname + url.search);
      }
    }
    return kept;
  });

/**
 * Until the service worker controls the page. A page registers it once it has settled (React
 * Router's route discovery answered, then an idle moment), at the latest 10 s after it started:
 * longer than an assertion's usual wait on a busy machine.
 */
const workerControls = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 })
    .toBe(true);

/** Opens a page online as a visitor does (until it is live), and waits until the phone holds its copy. */
async function browse(page: Page, path: string) {
  await page.goto(path);
  await expectLive(page);
  await expect.poll(() => keptPages(page)).toContain(path);
}

type Created = { id: number; name: string; price: number };

async function createProduct(admin: APIRequestContext, categoryId: number, name: string, price: number) {
  const created = await admin.post('/api/admin/products', {
    data: { name, description: 'Pour le voyage en brousse.', base_price: price, category_id: categoryId },
  });
  expect(created.status()).toBe(201);
  return { id: (await created.json()).data.product.id as number, name, price } satisfies Created;
}

test('pages seen online open offline with their prices and the date they were read; the rest says it needs the network', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const admin = await adminApi(() => playwright.request.newContext({ baseURL }));
  try {
    const [sample] = (await (await admin.get('/api/admin/products?per_page=1')).json()).data.products;
    const categories = (await (await admin.get('/api/categories')).json()).data.categories as {
      id: number;
      slug: string;
    }[];
    const category = categories.find((c) => c.id === sample.category_id) ?? categories[0];
    if (!category) throw new Error('no category in the demo shop');
    const first = await createProduct(admin, category.id, unique('Huile de nigelle'), 6500);
    const second = await createProduct(admin, category.id, unique('Savon au ghassoul'), 2300);
    const unseen = await createProduct(admin, category.id, unique('Parfum au musc blanc'), 9900);

    // Online: the home page (the service worker installs once it has settled, then keeps it), a
    // category and two products.
    await page.goto('/');
    await expectLive(page);
    await workerControls(page);
    await expect.poll(() => keptPages(page)).toContain('/');
    await browse(page, `/catalog/${category.slug}`);
    await browse(page, `/products/${first.id}`);
    await expect(noticeOf(page)).toHaveCount(0);
    await expect(page.locator('main')).toContainText(fcfa(first.price));
    await browse(page, `/products/${second.id}`);

    // The connection drops; meanwhile the shop changes a price.
    await context.setOffline(true);
    expect(
      (await admin.put(`/api/admin/products/${first.id}`, { data: { base_price: 7200 } })).status(),
    ).toBe(200);

    // The two products and the home page open, each saying it is the phone's copy and when.
    for (const product of [first, second]) {
      await page.goto(`/products/${product.id}`);
      await expect(noticeOf(page)).toHaveText(OFFLINE_NOTICE);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
      await expect(page.locator('main')).toContainText(fcfa(product.price));
    }
    await page.goto('/');
    await expect(noticeOf(page)).toHaveText(OFFLINE_NOTICE);
    await expect(page.locator('main')).toContainText('FCFA');

    // A link followed offline on a live page opens the copy too.
    await page.goto(`/products/${second.id}`);
    await expectLive(page);
    await expect(noticeOf(page)).toHaveText(OFFLINE_NOTICE);
    await page.goto(`/catalog/${category.slug}`);
    await expectLive(page);
    await page
      .locator(`a[href="/products/${first.id}"], a[href*="/product/"]`)
      .filter({ hasText: first.name })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    await expect(noticeOf(page)).toHaveText(OFFLINE_NOTICE);

    // Adding to the cart needs the network: the phone says so, and nothing is sent later.
    await expectLive(page);
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByRole('alert')).toContainText("Vous êtes hors ligne : rien n'a été envoyé.");

    // A product never opened on this phone: the shop's own offline page, listing what it holds.
    await page.goto(`/products/${unseen.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes hors ligne');
    const held = page.locator('[data-offline-pages] a');
    await expect(held.filter({ hasText: first.name })).toHaveAttribute('href', `/products/${first.id}`);
    await expect(held.filter({ hasText: second.name })).toHaveCount(1);

    // Back online: no notice, the new price.
    await context.setOffline(false);
    await page.goto(`/products/${first.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    await expect(page.locator('main')).toContainText(fcfa(7200));
    await expect(noticeOf(page)).toHaveCount(0);
    await expectLive(page);
    // Nothing went while offline: the cart is empty.
    const cart = await page.request.get('/api/cart');
    expect((await cart.json()).data.summary.total_items).toBe(0);
  } finally {
    await admin.dispose();
  }
});

test('the service worker is registered once the page has settled: its islands live, React Router answered', async ({
  page,
}) => {
  // The page as it is when it asks for the service worker, read in the page itself. Installing it
  // while the page hydrates took a phone's CPU from the page (Lighthouse: twice the blocking time).
  await page.addInitScript((discoveryPath) => {
    const container = ServiceWorkerContainer.prototype;
    const register = container.register;
    container.register = function (this: ServiceWorkerContainer, ...args: Parameters<typeof register>) {
      (window as unknown as { atRegister: object }).atRegister = {
        hydrated: document.documentElement.dataset.hydrated === 'true',
        routesAnswered: performance
          .getEntriesByType('resource')
          .some((entry) => new URL(entry.name).pathname === discoveryPath),
        // Those due at the first idle moment, and the product list on the screen.
        notLive: [...document.querySelectorAll<HTMLElement>('[data-island][data-wake="idle"]')]
          .concat(document.querySelector('main ul li article')?.closest<HTMLElement>('[data-island]') ?? [])
          .filter((island) => island.dataset.island !== 'live')
          .map((island) => island.dataset.wake),
      };
      return register.apply(this, args);
    };
  }, ROUTE_DISCOVERY_PATH);
  await page.goto('/catalog/huiles-essentielles');
  await expectLive(page);
  await workerControls(page);
  expect(await page.evaluate(() => (window as unknown as { atRegister?: object }).atRegister)).toEqual({
    hydrated: true,
    routesAnswered: true,
    notLive: [],
  });
});

test('the page a visitor landed on is kept, even when they have gone on before the service worker came', async ({
  page,
}) => {
  // React Router's questions about the page's links wait here until the visitor has tapped one: the
  // page registers the service worker only once one has an answer, so the visitor is on their way
  // to the next page by then.
  let tapped = () => {};
  const tap = new Promise<void>((resolve) => {
    tapped = resolve;
  });
  await page.route(
    (url) => url.pathname === ROUTE_DISCOVERY_PATH,
    async (route) => {
      await tap;
      await route.continue();
    },
  );
  await page.goto('/');
  await expectLive(page);
  const documents = await tapFooterLink(page, 'Catalogue', '/catalog', tapped);
  await workerControls(page);
  expect(documents()).toBe(0);
  await expect.poll(async () => (await keptPages(page)).sort()).toEqual(['/', '/catalog']);
});

test('a page opened by a tap on a link is kept, as a page loaded whole is; a page never kept is not even asked for', async ({
  page,
}) => {
  // What the service worker asks the server for (its copies), seen from the browser.
  const askedByWorker: string[] = [];
  page.context().on('request', (request) => {
    if (request.serviceWorker()) askedByWorker.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expectLive(page);
  await workerControls(page);
  await expect.poll(() => keptPages(page)).toEqual(['/']);
  const documents = await tapFooterLink(page, 'Politique de confidentialité', '/privacy');
  await tapFooterLink(page, 'Catalogue', '/catalog');
  await expect.poll(async () => (await keptPages(page)).sort()).toEqual(['/', '/catalog']);
  expect(documents()).toBe(0);
  // The privacy page is the same for everyone but not one the shop keeps: its download was spared
  // (asked before the catalogue, whose copy is there now).
  expect(askedByWorker).toContain('/catalog');
  expect(askedByWorker).not.toContain('/privacy');
  // Offline, the page opens from the phone's copy.
  await page.context().setOffline(true);
  await page.goto('/catalog');
  await expect(noticeOf(page)).toHaveText(OFFLINE_NOTICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
});

test('a part of a kept page whose code the phone does not hold keeps the page as the server drew it', async ({
  page,
}) => {
  await page.goto('/');
  await expectLive(page);
  await workerControls(page);
  // Opened under the service worker: the page's code, and the code of its list (an island), are kept.
  await browse(page, '/catalog');
  // The phone loses one of the modules the list's code imports: not in the worker's copies, nor in
  // the browser's cache. The list's own module stays.
  const held = await page.evaluate(async () => {
    const [name] = (await caches.keys()).filter((n) => n.startsWith('souk-assets-'));
    const cache = await caches.open(name as string);
    const paths = (await cache.keys()).map((request) => new URL(request.url).pathname);
    const card = paths.find((path) => path.startsWith('/assets/category-card-'));
    if (card) await cache.delete(card);
    return { view: paths.find((path) => path.startsWith('/assets/catalog-view-')), card };
  });
  expect(held.view).toBeDefined();
  expect(held.card).toBeDefined();
  await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');

  // Offline, the page opens from its copy and hydrates; the list's code is asked for and cannot
  // come whole (the missing module is answered by the worker's stand-in).
  await page.context().setOffline(true);
  const standIn = page.waitForResponse((response) => response.url().endsWith(held.card as string));
  await page.goto('/catalog');
  await expect(noticeOf(page)).toHaveText(OFFLINE_NOTICE);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await standIn;
  // Until the list's code has failed (the page asks for the same module and sees it fail) and the
  // page has done what follows (an idle moment comes only once React has no work left).
  const failed = await page.evaluate(async (view) => {
    const outcome = await import(view).then(
      () => 'loaded',
      () => 'failed',
    );
    await new Promise((done) => requestIdleCallback(done));
    return outcome;
  }, held.view as string);
  expect(failed).toBe('failed');

  // The list stays as the server drew it instead of giving way to an error page.
  const list = page.locator('[data-island]').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(list).toHaveAttribute('data-island', 'waiting');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await expect(page.getByText('Erreur lors du chargement des catégories')).toHaveCount(0);
});

/**
 * Taps a link of the footer once the footer is live (its code has taken the link over), as a
 * visitor does: the page comes as a client navigation. Gives the count of documents the page loaded
 * from the tap on.
 */
async function tapFooterLink(page: Page, name: string, path: string, afterTap = () => {}) {
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.locator('xpath=..')).toHaveAttribute('data-island', 'live');
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  await footer.getByRole('link', { name }).click();
  afterTap();
  await expect(page).toHaveURL(path);
  return () => documents;
}

/** The names of the shop's caches on the phone. */
const cacheNames = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('souk-')).sort());

test('a new version replaces the old caches, offers a reload to the page it takes over, and the page loads', async ({
  page,
}) => {
  await page.goto('/');
  await expectLive(page);
  await workerControls(page);
  await expect.poll(() => keptPages(page)).toContain('/');
  // Opened again, under the service worker: its scripts and pictures are kept too.
  await page.reload();
  await expectLive(page);
  const pages = (await cacheNames(page)).find((name) => name.startsWith('souk-pages-'));
  const oldVersion = pages?.slice('souk-pages-'.length);
  expect(oldVersion).toMatch(/^[0-9a-f]{12}$/);
  await expect
    .poll(() => cacheNames(page))
    .toEqual(
      ['assets', 'offline', 'pages']
        .map((kind) => `souk-${kind}-${oldVersion}`)
        .concat('souk-images')
        .sort(),
    );

  // A new build is deployed: its service worker, as the build writes it, with another build's
  // fingerprint. The phone checks for it (as it does at each visit) while the page is open.
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(CLIENT_DIR, name));
  const deployed = await Promise.all(files.map((file) => readFile(file)));
  try {
    await writeServiceWorker(CLIENT_DIR, 'e2e0next0bld');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    // It takes over at once and says so; the old version's caches are gone, and the open page's
    // copy is taken anew.
    const prompt = page.getByRole('status').filter({ hasText: 'Nouvelle version disponible' });
    await expect(prompt).toBeVisible();
    await expect
      .poll(() => cacheNames(page))
      .toEqual([
        'souk-assets-e2e0next0bld',
        'souk-images',
        'souk-offline-e2e0next0bld',
        'souk-pages-e2e0next0bld',
      ]);

    // 'Recharger': the page loads whole under the new version, which keeps its copy.
    await prompt.getByRole('button', { name: 'Recharger' }).click();
    await expectLive(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await expect.poll(() => keptPages(page)).toContain('/');
  } finally {
    await Promise.all(files.map((file, at) => writeFile(file, deployed[at] as Buffer)));
  }
});

test('the shop can be added to a phone’s home screen: its manifest and icons, checked by the browser', async ({
  playwright,
  request,
  baseURL,
}, testInfo) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: 'Souk — Parfums & cosmétiques naturels',
    short_name: 'Souk',
    lang: 'fr',
    start_url: '/',
    display: 'standalone',
    theme_color: '#064e3b',
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  // The service worker and the pages' offline script are never kept without asking, whichever
  // form of them goes (a phone sees a new version at its next visit).
  for (const script of ['/sw.js', '/offline.js']) {
    const answer = await request.get(script, { headers: { 'Accept-Encoding': 'br' } });
    expect(answer.headers()['content-encoding'], script).toBe('br');
    expect(answer.headers()['cache-control'], script).toBe('no-cache');
  }
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    // The PNG's own header: width and height at bytes 16 and 20.
    const bytes = await png.body();
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
  }

  // Chromium's own installability check, as Android's 'Ajouter à l'écran d'accueil' runs it. It
  // refuses to judge in a private window, which a journey's context is: a profile of its own.
  const profile = await mkdtemp(path.join(tmpdir(), 'souk-install-'));
  const { launchOptions, viewport, userAgent, isMobile, hasTouch } = testInfo.project.use;
  const phone = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    ...{ viewport, userAgent, isMobile, hasTouch },
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = phone.pages()[0] ?? (await phone.newPage());
    // The manifest is linked once the page has loaded and painted, not in the HTML, so that it
    // and its icon do not compete with the page's main picture.
    const html = await (await page.goto('/'))?.text();
    expect(html).toContain('rel="apple-touch-icon"');
    expect(html).not.toContain('rel="manifest"');
    await expectLive(page);
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await workerControls(page);
    const cdp = await phone.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
  } finally {
    await phone.close();
    await rm(profile, { recursive: true, force: true });
  }
});
