import { adminApi, unique } from './admin-helpers.ts';
import { type APIRequestContext, type Browser, expect, type Page, type Route, test } from './fixtures.ts';
import { expectLive, fcfa, slowPhone } from './helpers.ts';

// ADR 0039, 'the size she taps is the size she gets': the size and the quantity are the form's own
// fields, so a choice made before the page's scripts have run (a cheap phone on slow 3G) is the
// choice added, and without scripts at all it travels with the form; quantities are read as typed.

/** A perfume of the journey's own: 30 ml at 5 500 FCFA (unlimited) and 50 ml at 8 000 FCFA (5 left). */
async function perfume(admin: APIRequestContext) {
  const [sample] = (await (await admin.get('/api/admin/products?per_page=1')).json()).data.products;
  const name = unique('Eau de parfum Néroli');
  const created = await admin.post('/api/admin/products', {
    data: { name, description: 'Eau de parfum.', base_price: 5500, category_id: sample.category_id },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.product.id as number;
  const variants: Record<string, number> = {};
  for (const [size, price, stock] of [
    ['30 ml', 5500, null],
    ['50 ml', 8000, 5],
  ] as const) {
    const res = await admin.post(`/api/admin/products/${id}/variants`, {
      data: { name: size, price, stock_quantity: stock, sort_order: price },
    });
    expect(res.status()).toBe(201);
    variants[size] = (await res.json()).data.variant.id;
  }
  return { id, name, variants };
}

type Perfume = Awaited<ReturnType<typeof perfume>>;

/**
 * What the visitor's guest cart holds, variant → quantity: read from the API with the key the page
 * keeps in its cookie (the API knows a guest cart by its X-Session-ID header).
 */
async function cartOf(page: Page) {
  const key = (await page.context().cookies()).find((c) => c.name === 'cart_session_id')?.value;
  if (!key) return {};
  const cart = (await (await page.request.get('/api/cart', { headers: { 'x-session-id': key } })).json())
    .data;
  return Object.fromEntries(
    (cart.items as { variant_id: number; quantity: number }[]).map((i) => [i.variant_id, i.quantity]),
  );
}

/**
 * The page's scripts held back until `release` (the answers wait, nothing is dropped): the page is
 * as a phone shows it before its JavaScript has come, for as long as the journey needs, with no
 * timing to race.
 */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\.js(\?|$)/, (route) => (holding ? held.push(route) : route.continue()));
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
  };
}

const sizes = (page: Page) => page.getByRole('group', { name: 'Choisir une variante' });
const notHydrated = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();

let admin: APIRequestContext;
let product: Perfume;
test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await adminApi(() => playwright.request.newContext({ baseURL }));
  product = await perfume(admin);
});
test.afterAll(async () => admin?.dispose());

test('on a slow phone, 50 ml tapped before the scripts have run is still 50 ml once they have, and is what is added', async ({
  page,
}) => {
  await slowPhone(page);
  const release = await holdScripts(page);
  await page.goto(`/products/${product.id}`, { waitUntil: 'commit' });
  await sizes(page).getByRole('radio', { name: /50 ml/ }).check();
  await notHydrated(page);

  await release();
  await expectLive(page);
  await expect(sizes(page).getByRole('radio', { name: /50 ml/ })).toBeChecked();
  await expect(page.locator('main p', { hasText: 'Prix :' })).toContainText(fcfa(8000));
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText('Produit ajouté au panier !')).toBeVisible();
  expect(await cartOf(page)).toEqual({ [product.variants['50 ml'] as number]: 1 });
});

test('before the scripts have run, the size and quantity chosen go with the form to the cart', async ({
  page,
}) => {
  await holdScripts(page);
  await page.goto(`/products/${product.id}`, { waitUntil: 'commit' });
  await sizes(page).getByRole('radio', { name: /50 ml/ }).check();
  await page.getByRole('spinbutton', { name: 'Quantité' }).fill('2');
  await notHydrated(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await cartOf(page)).toEqual({ [product.variants['50 ml'] as number]: 2 });
});

async function withoutJavaScript(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test('without JavaScript, the size, the − and + and a large quantity confirmed all reach the cart', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await withoutJavaScript(browser, baseURL);
  try {
    await page.goto(`/products/${product.id}`);
    await sizes(page).getByRole('radio', { name: /50 ml/ }).check();
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: 'Diminuer la quantité' }).click();
    // Each tap drew the page again with her choice kept.
    await expect(page.getByRole('spinbutton', { name: 'Quantité' })).toHaveValue('2');
    await expect(sizes(page).getByRole('radio', { name: /50 ml/ })).toBeChecked();
    expect(await cartOf(page)).toEqual({});
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    expect(await cartOf(page)).toEqual({ [product.variants['50 ml'] as number]: 2 });

    // More than the 50 ml has left: brought down to it and said, nothing added.
    await page.goto(`/products/${product.id}`);
    await sizes(page).getByRole('radio', { name: /50 ml/ }).check();
    await page.getByRole('spinbutton', { name: 'Quantité' }).fill('9');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `Il ne reste que 5 « ${product.name} – 50 ml » en stock : la quantité est ramenée à 5.`,
    );
    await expect(page.getByRole('spinbutton', { name: 'Quantité' })).toHaveValue('5');
    expect(await cartOf(page)).toEqual({ [product.variants['50 ml'] as number]: 2 });

    // 25 of the 30 ml: asked once, then added.
    await page.goto(`/products/${product.id}`);
    await sizes(page).getByRole('radio', { name: /30 ml/ }).check();
    await page.getByRole('spinbutton', { name: 'Quantité' }).fill('25');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByRole('alert')).toContainText(
      new RegExp(`Ajouter 25 × « ${product.name} – 30 ml », soit 137\\s?500\\s?FCFA \\?`),
    );
    expect(await cartOf(page)).toEqual({ [product.variants['50 ml'] as number]: 2 });
    await page.getByRole('button', { name: 'Oui, ajouter 25' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    expect(await cartOf(page)).toEqual({
      [product.variants['50 ml'] as number]: 2,
      [product.variants['30 ml'] as number]: 25,
    });
  } finally {
    await context.close();
  }
});

test('a quantity is read as typed: 2.5 refused, more than the stock brought down with a word, 25 asked once', async ({
  page,
}) => {
  await page.goto(`/products/${product.id}`);
  await expectLive(page);
  const quantity = page.getByRole('spinbutton', { name: 'Quantité' });

  await quantity.fill('2.5');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'La quantité doit être un nombre entier' }),
  ).toBeVisible();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  expect(await cartOf(page)).toEqual({});

  await sizes(page).getByRole('radio', { name: /50 ml/ }).check();
  await quantity.fill('9');
  await expect(quantity).toHaveValue('5');
  await expect(page.getByRole('alert')).toHaveText(
    `Il ne reste que 5 « ${product.name} – 50 ml » en stock : la quantité est ramenée à 5.`,
  );
  await expect(page.getByRole('button', { name: 'Augmenter la quantité' })).toBeDisabled();

  await sizes(page).getByRole('radio', { name: /30 ml/ }).check();
  await quantity.fill('25');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('alert')).toContainText(`Ajouter 25 × « ${product.name} – 30 ml »`);
  expect(await cartOf(page)).toEqual({});
  await page.getByRole('button', { name: 'Oui, ajouter 25' }).click();
  await expect(page.getByText('Produit ajouté au panier !')).toBeVisible();
  expect(await cartOf(page)).toEqual({ [product.variants['30 ml'] as number]: 25 });
});

test('from landing to order, the browser meets no uncaught error (hydration included)', async ({ page }) => {
  test.slow(); // on a phone on slow 3G
  await slowPhone(page);
  // Uncaught exceptions, and what React reports as it recovers (a hydration mismatch is sent to
  // reportError, which lands here too).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /react|hydrat|uncaught/i.test(message.text()))
      errors.push(message.text());
  });

  await page.goto('/');
  await expectLive(page);
  await page.goto(`/products/${product.id}`);
  await expectLive(page);
  await sizes(page).getByRole('radio', { name: /30 ml/ }).check();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText('Produit ajouté au panier !')).toBeVisible();
  await page.getByRole('link', { name: 'Voir le panier' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expectLive(page);
  await page.reload();
  await expectLive(page);
  await page.getByRole('button', { name: 'Commander' }).click();
  await expect(page).toHaveURL(/\/auth\/quick-register/);
  await expectLive(page);
  await page.getByLabel('Nom complet').fill('Mariam Sans-Erreur');
  await page.getByLabel('Numéro WhatsApp').fill(`22177${String(Date.now()).slice(-7)}`);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill('motdepasse-sûr');
  await page.getByRole('button', { name: 'Créer mon compte et continuer' }).click();
  await expect(page).toHaveURL(/\/cart\?registered=1$/);
  await expectLive(page);
  await page.getByRole('button', { name: 'Commander' }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+/);
  await expectLive(page);
  await page.getByRole('link', { name: 'Voir mes commandes' }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expectLive(page);
  await page.goto('/');
  await expectLive(page);
  expect(errors).toEqual([]);
});
