import { ORDER_STATUS_LABELS } from '../packages/domain/src/order-status.ts';
import { expectFollowing, logInAsAdmin } from './admin-helpers.ts';
import { type Browser, expect, type Locator, type Page, test } from './fixtures.ts';
import {
  expectAccessible,
  expectLive,
  expectNoHorizontalScroll,
  fcfa,
  freshClient,
  registerThroughApi,
} from './helpers.ts';
import { adminOrder, orderedStock, placeOrder, whatsappText } from './order-helpers.ts';

// The order workflow from the owner's phone or desk (docs/decisions/0018): a customer orders, the admin finds
// the order from the bell, moves it through every status up to 'disponible' telling the client on
// WhatsApp at each step, and the customer's account shows it done.

const NOTE = 'Livraison à Cocody svp, appelez avant';

/**
 * A customer's order placed (her browser closed since), and the admin on the orders screen
 * searching for it: its number and its card.
 */
async function adminFindsNewOrder(page: Page, browser: Browser, baseURL: string | undefined, name: string) {
  const { context, number } = await placeOrder(browser, baseURL, name);
  await context.close();
  await logInAsAdmin(page, `/admin/orders?search=${encodeURIComponent(number)}`);
  return { number, card: page.getByRole('article', { name: `Commande ${number}` }) };
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
  // Paid, the acceptance's message thanks her for the payment instead of asking for it.
  const paidMessage = await whatsappText(
    dialog.getByRole('link', { name: `WhatsApp à ${client.name} (nouvel onglet)` }),
  );
  expect(paidMessage).toContain('nous avons bien reçu son paiement');
  expect(paidMessage).not.toContain(`référence ${number}`);
  await moveTo(page, dialog, number, 'Marquer prête', /est prête et part en livraison/);
  await moveTo(page, dialog, number, 'Mettre en livraison', /est en route vers notre agence/);
  await moveTo(
    page,
    dialog,
    number,
    "Marquer disponible à l'agence",
    /est disponible à notre agence.*Itinéraire : https:\/\/www\.google\.com\/maps/s,
  );
  // A final status: no step left, only the payment's undoing (and a new tracking link, any time).
  await expect(dialog.getByRole('button', { name: new RegExp(`commande ${number}$`) })).toHaveText([
    'Annuler le paiement',
    'Nouveau lien de suivi',
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

test('an order cancelled after a confirmation; a step another admin took followed by the open page, or refused with the reason on a page that did not hear it; the list filters on the server, keeps its state in the URL, exports the filtered CSV and shows the overview', {
  tag: '@desk-and-phone',
}, async ({ page, browser, baseURL, isMobile }) => {
  const { number, card } = await adminFindsNewOrder(page, browser, baseURL, 'Moussa Annulation');
  await card.getByRole('button', { name: `Annuler la commande, commande ${number}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Annuler la commande' });
  await expect(confirm).toContainText('Le stock de ses variantes sera remis en vente.');
  // Unpaid: nothing to refund.
  await expect(confirm).not.toContainText('À rembourser');
  await expectAccessible(page);
  // One tap on a frequent reason writes it.
  await confirm.getByRole('button', { name: 'Client injoignable' }).click();
  await expect(confirm.getByLabel("Raison de l'annulation (dite au client)")).toHaveValue(
    'Client injoignable',
  );
  await confirm.getByRole('button', { name: 'Annuler la commande' }).click();
  await expect(page.getByText('Commande annulée, son stock remis en vente')).toBeVisible();
  await expect(card).toContainText('Annulée par la boutique : Client injoignable');
  await expect(card.getByRole('button')).toHaveCount(0);

  // Another admin accepts an order meanwhile: the open page follows by itself (the back office's
  // events), its card showing the next step.
  const { context: other, number: stale } = await placeOrder(browser, baseURL, 'Ibrahima Concurrent');
  await other.close();
  await page.goto(`/admin/orders?search=${encodeURIComponent(stale)}`);
  // The stale click must be the live page's (its dialog, its refusal); on a page still hydrating it
  // would be a plain form, sent without the question, and answered with a new page.
  await expectLive(page);
  await expectFollowing(page);
  const staleCard = page.getByRole('article', { name: `Commande ${stale}` });
  const { id: staleId } = (
    await (await page.request.get(`/api/admin/orders?search=${encodeURIComponent(stale)}`)).json()
  ).data.orders[0] as { id: number };
  const moveElsewhere = async (status: string) =>
    expect(
      (await page.request.put(`/api/admin/orders/${staleId}/status`, { data: { status } })).status(),
    ).toBe(200);
  await moveElsewhere('acceptée');
  await expect(staleCard.getByRole('button', { name: `Marquer prête, commande ${stale}` })).toBeVisible();
  await expect(staleCard.getByRole('button', { name: `Accepter, commande ${stale}` })).toHaveCount(0);

  // A page that did not hear it (its connection to the events dropped): the stale button is refused
  // with the screen's words and why.
  await page.route(/\/api\/admin\/events/, (route) => route.abort());
  await page.reload();
  await expectLive(page);
  await moveElsewhere('prête');
  await staleCard.getByRole('button', { name: `Marquer prête, commande ${stale}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Commande non payée' })
    .getByRole('button', { name: 'Marquer prête sans paiement' })
    .click();
  await expect(
    page.getByText(
      'Erreur lors de la mise à jour du statut : La commande est déjà « Prête pour la livraison »',
    ),
  ).toBeVisible();
  // The list is read again: the card shows where the order now is, and its next step.
  await expect(
    staleCard.getByRole('button', { name: `Mettre en livraison, commande ${stale}` }),
  ).toBeVisible();
  await page.unroute(/\/api\/admin\/events/);

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

test('the owner cancels an accepted order with the reason the client is told: refused without one, changing nothing; its stock comes back and the WhatsApp offer says why', async ({
  page,
  browser,
  baseURL,
}) => {
  const { number, card } = await adminFindsNewOrder(page, browser, baseURL, 'Fatou Rupture');
  const order = await adminOrder(page.request, number);
  expect(await orderedStock(page.request, order, 10)).toBe(10);
  const accepted = await page.request.put(`/api/admin/orders/${order.id}/status`, {
    data: { status: 'acceptée' },
  });
  expect(accepted.status()).toBe(200);
  await page.reload();
  await expectLive(page);
  await expect(card).toContainText('Acceptée');

  // Accepted, it may still be cancelled: the dialog opens on the reason it asks for.
  await card.getByRole('button', { name: `Annuler la commande, commande ${number}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Annuler la commande' });
  const reason = confirm.getByLabel("Raison de l'annulation (dite au client)");
  await expect(reason).toBeFocused();
  // Without a reason: refused in French under the field, announced with it, and nothing changes.
  await confirm.getByRole('button', { name: 'Annuler la commande' }).click();
  const error = confirm.getByText("Indiquez la raison de l'annulation : elle est dite au client");
  await expect(error).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAttribute('aria-describedby', (await error.getAttribute('id')) ?? '');
  await expect(reason).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Garder la commande' }).click();
  await expect(confirm).toBeHidden();
  expect((await adminOrder(page.request, number)).status).toBe('acceptée');
  expect(await orderedStock(page.request, order)).toBe(10);
  await expect(card).toContainText('Acceptée');

  // With one: cancelled, said on the card, its two units back in stock, the client's message ready.
  await card.getByRole('button', { name: `Annuler la commande, commande ${number}` }).click();
  await reason.fill('Rupture chez notre fournisseur');
  await confirm.getByRole('button', { name: 'Annuler la commande' }).click();
  await expect(page.getByText('Commande annulée, son stock remis en vente')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card).toContainText('Annulée par la boutique : Rupture chez notre fournisseur');
  expect(await orderedStock(page.request, order)).toBe(12);
  const told = await whatsappText(page.getByRole('link', { name: 'Envoyer le message WhatsApp' }));
  expect(told).toContain(`nous avons dû annuler votre commande ${number}`);
  expect(told).toContain('Raison : Rupture chez notre fournisseur');
});

test("a paid order cancelled is 'À rembourser' until 'Remboursé' records how; the history and the client's message say it", async ({
  page,
  browser,
  baseURL,
}) => {
  const { number, card } = await adminFindsNewOrder(page, browser, baseURL, 'Aminata Remboursement');
  const { id } = await adminOrder(page.request, number);
  expect((await page.request.put(`/api/admin/orders/${id}/payment`, { data: { paid: true } })).status()).toBe(
    200,
  );
  const me = (await (await page.request.get('/api/auth/me')).json()).data as { name: string };
  await page.reload();
  await expectLive(page);
  await card.getByRole('button', { name: `Annuler la commande, commande ${number}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Annuler la commande' });
  await expect(confirm).toContainText('Elle est payée : elle sera « À rembourser »');
  await confirm.getByRole('button', { name: 'À la demande du client' }).click();
  await confirm.getByRole('button', { name: 'Annuler la commande' }).click();
  await expect(page.getByText('Commande annulée, son stock remis en vente')).toBeVisible();
  await expect(card).toContainText('À rembourser');
  await expect(card).toContainText('Annulée par la boutique : À la demande du client');
  expect(await whatsappText(page.getByRole('link', { name: 'Envoyer le message WhatsApp' }))).toContain(
    'nous vous remboursons',
  );
  await page.getByRole('status').getByRole('button', { name: 'Fermer' }).click();

  await card.getByRole('link', { name: `Voir détails, commande ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Commande ${number}` });
  await expect(dialog).toContainText('À rembourser');
  await dialog.getByRole('button', { name: `Remboursé, commande ${number}` }).click();
  const refund = page.getByRole('dialog', { name: 'Enregistrer le remboursement' });
  const how = refund.getByLabel('Comment avez-vous remboursé ?');
  await expect(how).toBeFocused();
  await refund.getByRole('button', { name: 'Enregistrer le remboursement' }).click();
  await expect(refund.getByText('Indiquez comment la commande a été remboursée')).toBeVisible();
  await expect(how).toHaveAttribute('aria-invalid', 'true');
  await how.fill('Orange Money, réf. MP2611');
  await refund.getByRole('button', { name: 'Enregistrer le remboursement' }).click();
  await expect(page.getByText('Remboursement enregistré')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(dialog.getByRole('button', { name: `Remboursé, commande ${number}` })).toHaveCount(0);
  await expect(dialog).toContainText('Remboursée');
  // The history: the cancellation's reason, and the refund, how, by whom.
  const history = dialog.getByRole('region', { name: 'Historique des statuts' });
  await expect(history).toContainText('Raison : À la demande du client');
  const last = history.getByRole('listitem').last();
  await expect(last).toContainText('Remboursée (Orange Money, réf. MP2611)');
  await expect(last).toContainText(`Par ${me.name}, le`);
  expect(await whatsappText(dialog.getByRole('link', { name: 'Envoyer le message WhatsApp' }))).toContain(
    'Nous vous avons remboursé',
  );
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Remboursée');
  await expect(card).not.toContainText('À rembourser');
});
