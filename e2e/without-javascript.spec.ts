import { ADMIN } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { freshClient, PASSWORD, registerThroughApi } from './helpers.ts';
import { placeOrder } from './order-helpers.ts';

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

// Every form goes one way (lib/form-action.ts): the page's action answers the refusal under the
// fields, or the success, whether or not the page's script runs.
test('without JavaScript, a client is told why a login failed, keeps what she typed, then logs in', async ({
  page,
}) => {
  const client = freshClient('Fatou Sans Script');
  await registerThroughApi(page.context().request, client);
  await page.context().clearCookies();

  await page.goto('/auth/login');
  await page.getByLabel('Email ou numéro WhatsApp').fill(client.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('alert')).toHaveText('Identifiants incorrects');
  await expect(page.getByLabel('Email ou numéro WhatsApp')).toHaveValue(client.email);
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveValue('');

  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Fatou Sans Script');
});

test('without JavaScript, the admin accepts an order from its card in the list', async ({
  page,
  browser,
  baseURL,
}) => {
  const { context, number } = await placeOrder(browser, baseURL, 'Awa Sans Script');
  await context.close();

  await page.goto('/auth/login?redirectTo=%2Fadmin%2Forders');
  await page.getByLabel('Email ou numéro WhatsApp').fill(ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/admin/orders');

  await page.goto(`/admin/orders?search=${number}`);
  const card = page.getByRole('article', { name: `Commande ${number}` });
  await expect(card).toContainText('En attente');
  await card.getByRole('button', { name: `Accepter, commande ${number}` }).click();
  await expect(card).toContainText('Acceptée');
  await expect(card.getByRole('button', { name: `Marquer prête, commande ${number}` })).toBeVisible();
});
