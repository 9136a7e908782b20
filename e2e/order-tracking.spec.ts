import { logInAsAdmin } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll } from './helpers.ts';
import { adminOrder, placeOrder } from './order-helpers.ts';

// Every order's tracking link (docs/decisions/0040): whoever holds it follows the order on her
// phone without logging in; the owner can revoke it, and then it leads to the shop's 404.

const AGENCY_ADDRESS = 'Avenue Blaise Diagne, Médina, Dakar';

test('a tracking link shows the order logged out, follows its status, and stops working once the owner makes a new one', async ({
  browser,
  baseURL,
}) => {
  const { context, customer, client, number } = await placeOrder(browser, baseURL, 'Mariama Sarr');

  // 'Mes Commandes' gives the link.
  await customer.goto('/profile?tab=orders');
  const card = customer.getByRole('article', { name: `Commande ${number}` });
  const follow = card.getByRole('link', { name: `Suivre la commande ${number}` });
  const link = (await follow.getAttribute('href')) ?? '';
  expect(link).toMatch(/\/suivi\/[A-Za-z0-9_-]{24}$/);
  await context.close();

  // Logged out, on another phone: the order, where it stands, how to pay and where to collect it.
  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(number);
  const header = page.locator('main header');
  await expect(header).toContainText('En attente');
  await expect(header).toContainText('Non payée');
  await expect(page.getByRole('region', { name: 'Étapes' })).toContainText('Commande passée');
  await expect(page.getByRole('region', { name: 'Articles' })).toContainText('Total');
  await expect(page.getByRole('link', { name: /Payer maintenant/ })).toHaveAttribute('href', /wa\.me/);
  await expect(page.getByRole('region', { name: 'Notre agence' })).toContainText(AGENCY_ADDRESS);
  // Nothing of who ordered: the link may have been forwarded.
  await expect(page.locator('main')).not.toContainText(client.name);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The owner accepts it and records its payment: the same link, reloaded, says so.
  const owner = await browser.newContext({ baseURL });
  const admin = await owner.newPage();
  await logInAsAdmin(admin, '/admin');
  const order = await adminOrder(admin.request, number);
  expect(
    (
      await admin.request.put(`/api/admin/orders/${order.id}/status`, { data: { status: 'acceptée' } })
    ).status(),
  ).toBe(200);
  expect(
    (await admin.request.put(`/api/admin/orders/${order.id}/payment`, { data: { paid: true } })).status(),
  ).toBe(200);
  await page.reload();
  await expect(header).toContainText('Acceptée');
  await expect(header).toContainText('Payée');
  const steps = page.getByRole('region', { name: 'Étapes' }).getByRole('listitem');
  await expect(steps).toHaveText([/^Commande passée/, /^Acceptée/, /^Paiement reçu/]);
  await expect(page.getByRole('link', { name: /Payer maintenant/ })).toHaveCount(0);

  // The owner makes a new link (the old one went too far): the old one is the shop's 404.
  await admin.goto(`/admin/orders?details=${order.id}`);
  const details = admin.getByRole('dialog', { name: `Commande ${number}` });
  await expect(details.getByRole('link', { name: link })).toBeVisible();
  await details.getByRole('button', { name: `Nouveau lien de suivi, commande ${number}` }).click();
  await admin
    .getByRole('alertdialog', { name: 'Nouveau lien de suivi' })
    .getByRole('button', { name: 'Créer un nouveau lien' })
    .click();
  await expect(
    admin.getByText("Nouveau lien de suivi créé : l'ancien ne mène plus à la commande.", { exact: false }),
  ).toBeVisible();
  const renewed = details.getByRole('link', { name: /\/suivi\// });
  await expect(renewed).not.toHaveAttribute('href', link);
  const fresh = (await renewed.getAttribute('href')) ?? '';
  await owner.close();

  const gone = await page.goto(link);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  expect((await page.goto(fresh))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(number);
  // A guessed token is the same 404.
  expect((await page.goto('/suivi/AAAAAAAAAAAAAAAAAAAAAAAA'))?.status()).toBe(404);
  await visitor.close();
});
