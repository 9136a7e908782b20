import { expect, type Locator, type Page, test } from '@playwright/test';
import { ORDER_STATUS_LABELS } from '../packages/domain/src/order-status.ts';
import { logInAsAdmin } from './admin-helpers.ts';
import {
  expectAccessible,
  expectLive,
  expectNoHorizontalScroll,
  fcfa,
  freshClient,
  registerThroughApi,
} from './helpers.ts';
import { placeOrder } from './order-helpers.ts';

// The order workflow from the owner's phone or desk (docs/decisions/0018): a customer orders, the admin finds
// the order from the bell, moves it through every status up to 'disponible' telling the client on
// WhatsApp at each step, and the customer's account shows it done.

const NOTE = 'Livraison à Cocody svp, appelez avant';

/** The prefilled text of a WhatsApp link (wa.me/<number>?text=…). */
async function whatsappText(link: Locator) {
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  return new URL(href).searchParams.get('text') ?? '';
}

/** One status step from the details dialog: the button, the toast, the marker, the offer's message. */
async function moveTo(page: Page, dialog: Locator, order: string, button: string, expected: RegExp) {
  const toasts = page.getByText('Statut de la commande mis à jour');
  // The earlier step's toast goes first (5 s), so the one that shows is this step's own.
  await expect(toasts).toHaveCount(0);
  await dialog.getByRole('button', { name: `${button}, commande ${order}` }).click();
  await expect(toasts).toHaveCount(1);
  // The order just changed carries its marker for 2 s, then loses it.
  const marker = dialog.getByText('Mis à jour', { exact: true });
  await expect(marker).toBeVisible();
  await expect(marker).toBeHidden();
  // The offer to tell the client carries the new status's message.
  const offer = dialog.getByRole('link', { name: 'Envoyer le message WhatsApp' });
  expect(await whatsappText(offer)).toMatch(expected);
}

test('a customer orders; the admin finds it from the bell and takes it to the agency, telling the client on WhatsApp at each step', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await logInAsAdmin(page, '/admin');
  const pendingBefore = (await (await page.request.get('/api/admin/notifications')).json()).data
    .pending_orders as number;
  const {
    context: customerContext,
    customer,
    client,
    number,
    total,
  } = await placeOrder(browser, baseURL, 'Awa Parcours', NOTE);

  // The admin: the bell counts the new order among those waiting, and leads to them: to the list
  // itself, so on a phone the first waiting order is in sight, not the counters and the filters.
  await page.reload();
  const waiting = pendingBefore + 1;
  await page
    .getByRole('link', { name: `${waiting} commande${waiting > 1 ? 's' : ''} en attente`, exact: true })
    .click();
  await expect(page).toHaveURL('/admin/orders?status=en_attente#liste-commandes');
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();
  await expect(page.getByLabel('Statut', { exact: true })).toHaveValue('en_attente');
  await expect(page.locator('#liste-commandes > li').first()).toBeInViewport();
  const card = page.getByRole('article', { name: `Commande ${number}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText(client.name);
  await expect(card).toContainText(fcfa(total));
  // The customer's note, on the card itself.
  await expect(card).toContainText(`Note du client : ${NOTE}`);
  await expect(card).toContainText('Non payée');
  // Unpaid, it is released by the shop after UNPAID_ORDER_TIMEOUT (72 hours by default): the card says when.
  await expect(card).toContainText('Annulée sans paiement dans 2 j 23 h');
  // The payment, and only the steps the table allows from 'en_attente'.
  await expect(card.getByRole('button', { name: new RegExp(`commande ${number}$`) })).toHaveText([
    'Paiement reçu',
    'Accepter',
    'Annuler la commande',
  ]);
  await expect(card.getByRole('link', { name: `Appeler ${client.name}` })).toHaveAttribute(
    'href',
    `tel:+${client.digits}`,
  );
  const chat = card.getByRole('link', { name: `WhatsApp à ${client.name} (nouvel onglet)` });
  await expect(chat).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${client.digits}\\?text=`));
  expect(await whatsappText(chat)).toContain(`nous avons bien reçu votre commande ${number}`);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // 'Accepter' on the unpaid order asks once, then the card stays where it was, accepted, though
  // the list shows the orders waiting: the owner takes it on from there.
  await card.getByRole('button', { name: `Accepter, commande ${number}` }).click();
  const unpaid = page.getByRole('alertdialog', { name: 'Commande non payée' });
  await expect(unpaid).toContainText(`La commande ${number} de ${client.name}`);
  await expectAccessible(page);
  await unpaid.getByRole('button', { name: 'Accepter sans paiement' }).click();
  await expect(page.getByText('Statut de la commande mis à jour')).toBeVisible();
  await expect(card.getByText('Mis à jour', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Marquer prête, commande ${number}` })).toBeVisible();
  await expect(card).toContainText('Acceptée');
  await expect(page.getByText('Aucune commande trouvée')).toHaveCount(0);
  // The offer to tell her carries the acceptance, which repeats her wish; closed, it uncovers the list.
  const offer = page.getByRole('link', { name: 'Envoyer le message WhatsApp' });
  const accepted = await whatsappText(offer);
  expect(accepted).toMatch(/est acceptée\. Montant à payer : .*Orange Money/s);
  expect(accepted).toContain(`Votre demande : « ${NOTE} »`);
  await page.getByRole('status').getByRole('button', { name: 'Fermer' }).click();
  await expect(offer).toBeHidden();

  // Its details, where the owner records the payment and moves it along, never asked again.
  await card.getByRole('link', { name: `Voir détails, commande ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Commande ${number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(client.email);
  await dialog.getByRole('button', { name: `Paiement reçu, commande ${number}` }).click();
  await expect(page.getByText('Paiement enregistré')).toBeVisible();
  await expect(dialog.getByRole('button', { name: `Annuler le paiement, commande ${number}` })).toBeVisible();
  await expect(dialog).toContainText('Payée');
  await expectAccessible(page);
  expect(
    await whatsappText(dialog.getByRole('link', { name: `WhatsApp à ${client.name} (nouvel onglet)` })),
  ).toContain(`référence ${number}`);
  await moveTo(page, dialog, number, 'Marquer prête', /est prête et part en livraison/);
  await moveTo(page, dialog, number, 'Mettre en livraison', /est en route vers notre agence/);
  await moveTo(
    page,
    dialog,
    number,
    "Marquer disponible à l'agence",
    /est disponible à notre agence.*Itinéraire : https:\/\/www\.google\.com\/maps/s,
  );
  // A final status: no step left, only the payment's undoing.
  await expect(dialog.getByRole('button', { name: new RegExp(`commande ${number}$`) })).toHaveText([
    'Annuler le paiement',
  ]);
  // The timeline: who moved it, from what to what.
  const history = dialog.getByRole('region', { name: 'Historique des statuts' });
  await expect(history.getByRole('listitem')).toHaveCount(6);
  await expect(history.getByRole('listitem').nth(2)).toContainText('Paiement reçu');
  await expect(history.getByRole('listitem').last()).toContainText("Disponible à l'agence");
  await expectAccessible(page);

  // Closed, the card is still in sight where it was, at its last status; another filter lets it go,
  // and back on the orders waiting it is not there any more.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toContainText("Disponible à l'agence");
  const filters = page.getByText('Rechercher et filtrer (En attente)', { exact: true });
  if (await filters.isVisible()) await filters.click();
  await page.getByLabel('Statut', { exact: true }).selectOption('');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page).toHaveURL(/[?&]status=(&|$)/);
  await page.getByLabel('Statut', { exact: true }).selectOption('en_attente');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page).toHaveURL(/status=en_attente/);
  await expect(page.getByLabel('Statut', { exact: true })).toHaveValue('en_attente');
  await expect(card).toHaveCount(0);

  // Out of the 'en attente' list now, and the bell counts one less; the header search finds it by number.
  await page.goto('/admin/orders');
  const bell =
    pendingBefore === 0
      ? 'Aucune commande en attente'
      : `${pendingBefore} commande${pendingBefore > 1 ? 's' : ''} en attente`;
  await expect(page.getByRole('link', { name: bell, exact: true })).toBeVisible();
  await page
    .getByRole('searchbox', { name: 'Rechercher des produits, des catégories, des commandes ou des clients' })
    .fill(number);
  await page.keyboard.press('Enter');
  await page
    .getByRole('region', { name: 'Commandes' })
    .getByRole('link', { name: new RegExp(number) })
    .click();
  await expect(page.getByRole('dialog', { name: `Commande ${number}` })).toContainText(
    "Disponible à l'agence",
  );
  await page.goto(`/admin/orders?search=${encodeURIComponent(number)}`);
  const done = page.getByRole('article', { name: `Commande ${number}` });
  await expect(done).toContainText("Disponible à l'agence");
  await expect(done.getByRole('button')).toHaveCount(0);

  // The customer's account, on its next load: the order is done and counted so.
  await customer.goto('/profile?tab=orders');
  await expect(customer.getByText(number).first()).toBeVisible();
  await expect(customer.getByRole('list', { name: 'Commandes par statut' })).toContainText('Terminées : 1');
  await customerContext.close();
});

test('an order cancelled after a confirmation, a stale step refused with the reason; the list filters on the server, keeps its state in the URL, exports the filtered CSV and shows the overview', async ({
  page,
  browser,
  baseURL,
  isMobile,
}) => {
  const { context, number } = await placeOrder(browser, baseURL, 'Moussa Annulation');
  await context.close();
  await logInAsAdmin(page, `/admin/orders?search=${encodeURIComponent(number)}`);
  const card = page.getByRole('article', { name: `Commande ${number}` });
  await card.getByRole('button', { name: `Annuler la commande, commande ${number}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Annuler la commande' });
  await expect(confirm).toContainText('Le stock de ses variantes sera remis en vente.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Annuler la commande' }).click();
  await expect(page.getByText('Statut de la commande mis à jour')).toBeVisible();
  await expect(card).toContainText('Annulée');
  await expect(card.getByRole('button')).toHaveCount(0);

  // A step another admin took meanwhile: the stale button is refused with the screen's words and why.
  const { context: other, number: stale } = await placeOrder(browser, baseURL, 'Ibrahima Concurrent');
  await other.close();
  await page.goto(`/admin/orders?search=${encodeURIComponent(stale)}`);
  // The stale click must be the live page's (its dialog, its refusal); on a page still hydrating it
  // would be a plain form, sent without the question, and answered with a new page.
  await expectLive(page);
  const staleCard = page.getByRole('article', { name: `Commande ${stale}` });
  const { id: staleId } = (
    await (await page.request.get(`/api/admin/orders?search=${encodeURIComponent(stale)}`)).json()
  ).data.orders[0] as { id: number };
  expect(
    (
      await page.request.put(`/api/admin/orders/${staleId}/status`, { data: { status: 'acceptée' } })
    ).status(),
  ).toBe(200);
  await staleCard.getByRole('button', { name: `Accepter, commande ${stale}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Commande non payée' })
    .getByRole('button', { name: 'Accepter sans paiement' })
    .click();
  await expect(
    page.getByText('Erreur lors de la mise à jour du statut : La commande est déjà « Acceptée »'),
  ).toBeVisible();
  // The list is read again: the card shows where the order now is, and its next step.
  await expect(staleCard.getByRole('button', { name: `Marquer prête, commande ${stale}` })).toBeVisible();

  await page.goto('/admin/orders');
  // On a phone the search and the filters are folded under one line.
  if (isMobile) await page.getByText('Rechercher et filtrer', { exact: true }).click();
  await page.getByLabel('Statut', { exact: true }).selectOption('annulée');
  await page.getByLabel('Période').selectOption('month');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/status=annul%C3%A9e/);
  await expect(page).toHaveURL(/period=month/);
  await page.reload();
  await expect(page.getByLabel('Statut', { exact: true })).toHaveValue('annulée');
  await expect(page.getByLabel('Période')).toHaveValue('month');
  await expect(page.getByRole('article', { name: `Commande ${number}` })).toBeVisible();

  // 'Exporter' downloads what the filters keep, as CSV for a French spreadsheet.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exporter' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^commandes-\d{12}\.csv$/);
  const bytes = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(bytes).toString('utf8');
  expect(text.startsWith('\uFEFFNuméro de commande;Date;Statut;Paiement;Payée le;')).toBe(true);
  const rows = text.split('\r\n').slice(1).filter(Boolean);
  expect(rows.some((row) => row.startsWith(`${number};`))).toBe(true);
  for (const row of rows) expect(row).toContain(';Annulée;');

  // 'Vue d'ensemble': the breakdown by status over the same filters.
  await page.getByRole('link', { name: "Vue d'ensemble" }).click();
  const overview = page.getByRole('dialog', { name: "Vue d'ensemble" });
  await expect(overview.getByRole('table', { name: 'Répartition des commandes par statut' })).toBeVisible();
  await expect(overview.getByRole('row')).toHaveCount(7);
  // Each status's count is the server's over the month, whatever the status chosen (one cancelled
  // at least: the one above).
  const { summary } = (await (await page.request.get('/api/admin/orders?period=month')).json()).data as {
    summary: { status_breakdown: Record<string, number> };
  };
  expect(summary.status_breakdown.annulée).toBeGreaterThanOrEqual(1);
  for (const [status, label] of Object.entries(ORDER_STATUS_LABELS)) {
    const row = overview
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    await expect(row.getByRole('cell').first()).toHaveText(String(summary.status_breakdown[status]));
  }
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});

test("the orders screen's own notices: a guest, an ended session and a client are told why and sent on after 2 s, with or without JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/admin/orders');
  await expect(page.getByRole('alert')).toHaveText('Vous devez être connecté pour accéder à cette page');
  await expect(page).toHaveURL('/auth/login?redirectTo=%2Fadmin%2Forders');
  // 'Exporter' without a session leads to the screen and its notice, not to a file holding an error.
  const exported = await page.request.get('/admin/orders/export?status=annul%C3%A9e', { maxRedirects: 0 });
  expect(exported.status()).toBe(302);
  expect(exported.headers().location).toBe('/admin/orders?status=annul%C3%A9e');

  // A session the API no longer knows (ended, or forged).
  await page.context().addCookies([{ name: 'session', value: 'x'.repeat(43), url: baseURL as string }]);
  await page.goto('/admin/orders');
  await expect(page.getByRole('alert')).toHaveText(
    'Session expirée. Redirection vers la page de connexion...',
  );
  // The notice's answer itself cleared the dead cookie.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('session');
  await expect(page).toHaveURL('/auth/login?expired=1&redirectTo=%2Fadmin%2Forders');

  await registerThroughApi(page.request, freshClient('Cliente Curieuse'));
  await page.goto('/admin/orders');
  await expect(page.getByRole('alert')).toHaveText(
    "Vous devez avoir les droits d'administrateur pour accéder à cette page",
  );
  await expect(page).toHaveURL('/');

  // Without JavaScript the page still goes on by itself.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/admin/orders');
  await expect(plain.getByRole('alert')).toHaveText('Vous devez être connecté pour accéder à cette page');
  await expect(plain).toHaveURL('/auth/login?redirectTo=%2Fadmin%2Forders');
  await noScript.close();
});
