import { expect, test } from './fixtures.ts';
import { expectNoHorizontalScroll, fcfa } from './helpers.ts';

test('a visitor goes from home to a category, a subcategory and a product, and the price follows the variant', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'PARFUMS & COSMÉTIQUES NATURELS' })).toBeVisible();
  await expect(page.getByText('Produits Authentiques du Maroc').first()).toBeVisible();

  await page
    .getByRole('link', { name: /Huiles essentielles/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/catalog\/huiles-essentielles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Huiles essentielles' })).toBeVisible();
  await expect(page.getByText('2/3').first()).toBeVisible();

  await page
    .getByRole('link', { name: /Huiles essentielles pures/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/catalog\/huiles-essentielles\/huiles-essentielles-pures$/);
  await expect(page.getByText('3/3').first()).toBeVisible();

  await page.getByRole('link', { name: 'Huile essentielle de ravintsara' }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Huile essentielle de ravintsara' }),
  ).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: /fil d'ariane/i });
  await expect(breadcrumb.getByRole('link', { name: 'Huiles essentielles pures' })).toBeVisible();

  const variants = page.getByRole('group', { name: 'Choisir une variante' });
  await expect(variants.getByRole('radio', { name: /10 ml/ })).toBeChecked();
  const price = page.locator('main p', { hasText: 'Prix :' });
  await expect(price).toContainText(fcfa(3500));
  await variants.getByRole('radio', { name: /30 ml/ }).click();
  await expect(variants.getByRole('radio', { name: /30 ml/ })).toBeChecked();
  await expect(price).toContainText(fcfa(8500));
  await expectNoHorizontalScroll(page);
});

test("'Voir plus de produits' appends the next 12 products of a category", async ({ page }) => {
  await page.goto('/catalog/huiles-essentielles');
  const cards = page.locator('main ul li article');
  await expect(cards).toHaveCount(12);
  const firstTwelve = await cards.locator('h3').allTextContents();
  await page.getByRole('button', { name: 'Voir plus de produits' }).click();
  await expect(cards).toHaveCount(24);
  // the first twelve stay where they were: the new ones are appended
  expect((await cards.locator('h3').allTextContents()).slice(0, 12)).toEqual(firstTwelve);
  await page.getByRole('button', { name: 'Voir plus de produits' }).click();
  await expect(cards).toHaveCount(27);
  await expect(page.getByRole('button', { name: 'Voir plus de produits' })).toHaveCount(0);
});

test("a missing product shows 'Produit non trouvé' with a way back", async ({ page }) => {
  const response = await page.goto('/products/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Produit non trouvé').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour au catalogue' })).toBeVisible();
});

test('an unknown page is a French 404', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Page introuvable');
});

test("an empty category link shows 'Aucun produit disponible' for an unknown subcategory", async ({
  page,
}) => {
  await page.goto('/catalog/parfums/inconnue');
  await expect(page.getByText('Aucun produit disponible')).toBeVisible();
});
