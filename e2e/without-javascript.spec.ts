import { expect, test } from '@playwright/test';

// A phone on a slow network shows the page long before its script has run (or never runs it):
// the shop's forms are real forms, so searching and adding to the cart work before hydration.
test.use({ javaScriptEnabled: false });

test('without JavaScript, a visitor searches from the header, opens a product and adds it to the cart', async ({
  page,
}) => {
  await page.goto('/');
  // Before the script, the header's search is a link to the search page.
  await page.getByRole('link', { name: 'Ouvrir la recherche' }).click();
  await expect(page).toHaveURL(/\/search$/);

  const search = page.getByRole('search', { name: 'Rechercher et filtrer les produits' });
  await search.getByRole('searchbox', { name: 'Rechercher un produit ou une catégorie' }).fill('savon');
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/\/search\?(.*&)?q=savon/);
  const results = page.locator('main ul li article h3 a');
  await expect(results.first()).toContainText(/savon/i);

  const name = ((await results.first().textContent()) ?? '').trim();
  await results.first().click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  // The quantity typed goes with the form.
  await page.getByRole('spinbutton', { name: 'Quantité' }).fill('2');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByRole('region', { name: 'Articles du panier' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('heading', { name })).toBeVisible();
  await expect(line.getByRole('status', { name: `Quantité de ${name}` })).toHaveText('2');

  // The cart is this visitor's: it is there on the next page too.
  await page.goto('/cart');
  await expect(line.getByRole('heading', { name })).toBeVisible();
});
