import { logInAsAdmin } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, expectLive } from './helpers.ts';
import { adminOrder, orderedStock, placeOrder, whatsappText } from './order-helpers.ts';

// The orders screen of a shop whose unpaid orders are released after 2 s (ADR 0038): a journey on
// another configuration, so a shop of its own, started once for this file (e2e/fixtures.ts). The
// release job runs every 10 s.
test.use({ shopEnv: { UNPAID_ORDER_TIMEOUT: '2s' } });

test("an order the shop released unpaid comes back when its payment arrives late: 'Rétablir (paiement reçu)' asks once, a stock sold since refuses it with why, then it waits again, paid", async ({
  browser,
  baseURL,
  page,
}) => {
  const { context, number } = await placeOrder(browser, baseURL, 'Khadija Retard');
  await context.close();
  await logInAsAdmin(page, '/admin/orders');
  await expect
    .poll(async () => (await adminOrder(page.request, number)).cancellation?.by, { timeout: 60_000 })
    .toBe('system');
  const order = await adminOrder(page.request, number);
  // Sold since: one unit left of the two it holds.
  await orderedStock(page.request, order, 1);
  await page.goto(`/admin/orders?search=${encodeURIComponent(number)}`);
  await expectLive(page);
  const card = page.getByRole('article', { name: `Commande ${number}` });
  await expect(card).toContainText('Annulée faute de paiement dans les 2 s');
  const reinstate = card.getByRole('button', { name: `Rétablir (paiement reçu), commande ${number}` });
  await reinstate.click();
  const confirm = page.getByRole('alertdialog', { name: 'Rétablir la commande' });
  await expect(confirm).toContainText(
    'est arrivé ? La commande repasse en attente, payée, et ses articles sont repris du stock.',
  );
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Rétablir (paiement reçu)' }).click();
  await expect(page.getByText(/Stock insuffisant pour « .+ » : 1 disponible/)).toBeVisible();
  await expect(card).toContainText('Annulée faute de paiement');
  expect((await adminOrder(page.request, number)).status).toBe('annulée');

  // Restocked: it comes back, waiting and paid, its units taken again; the client's message says so.
  await orderedStock(page.request, order, 5);
  await reinstate.click();
  await confirm.getByRole('button', { name: 'Rétablir (paiement reçu)' }).click();
  await expect(page.getByText('Commande rétablie, paiement enregistré')).toBeVisible();
  await expect(card).toContainText('En attente');
  await expect(card).toContainText('Payée');
  await expect(card).not.toContainText('Annulée faute de paiement');
  await expect(card.getByRole('button', { name: `Accepter, commande ${number}` })).toBeVisible();
  expect(await orderedStock(page.request, order)).toBe(3);
  const back = await adminOrder(page.request, number);
  expect(back.status).toBe('en_attente');
  expect(back.paid_at).not.toBeNull();
  expect(await whatsappText(page.getByRole('link', { name: 'Envoyer le message WhatsApp' }))).toContain(
    `nous avons bien reçu votre commande ${number} et son paiement`,
  );
});
