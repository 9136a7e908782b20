import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminApi, unique } from './admin-helpers.ts';
import { expectLive, fcfa } from './helpers.ts';

// The offline shop (docs/decisions/0036) on a phone: pages seen online open without a network,
// saying when their prices were read; what needs the network says so; back online, prices are
// fresh. The service worker is let in here (playwright.config.ts keeps it out of other journeys).
test.use({ serviceWorkers: 'allow' });

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

    // Online: the home page (the service worker installs once it has loaded, then keeps it), a
    // category and two products.
    await page.goto('/');
    await expectLive(page);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
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
