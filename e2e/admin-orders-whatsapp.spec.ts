import {
  incomingNotification,
  SIMULATED,
  startWhatsappSimulator,
  statusNotification,
  type WhatsappSimulator,
} from '../apps/api/src/test/whatsapp-simulator.ts';
import { expectFollowing, logInAsAdmin } from './admin-helpers.ts';
import { expect, test, workerPort } from './fixtures.ts';
import { expectAccessible } from './helpers.ts';
import { adminOrder, placeOrder } from './order-helpers.ts';

// The shop that writes by itself (docs/decisions/0041), on the owner's phone: its messages leave
// without a tap, through a local simulator of Meta's Cloud API on this worker's port block (+80),
// and the states Meta notifies, and what the customer writes, reach the open page without a reload
// (docs/decisions/0042).
const SIMULATOR_PORT = workerPort(80);
test.use({
  shopEnv: {
    WHATSAPP_ACCESS_TOKEN: SIMULATED.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: SIMULATED.phoneNumberId,
    WHATSAPP_BUSINESS_ACCOUNT_ID: SIMULATED.businessAccountId,
    WHATSAPP_APP_SECRET: SIMULATED.appSecret,
    WHATSAPP_VERIFY_TOKEN: SIMULATED.verifyToken,
    WHATSAPP_API_URL: `http://127.0.0.1:${SIMULATOR_PORT}/${SIMULATED.version}`,
  },
});

let sim: WhatsappSimulator;
test.beforeAll(async () => {
  sim = await startWhatsappSimulator(SIMULATOR_PORT);
});
test.afterAll(async () => {
  await sim?.close();
});

test('the owner accepts an order without a tap to WhatsApp: the messages leave by themselves, their states come back, and the customer follows the link she got', async ({
  browser,
  baseURL,
  page,
}) => {
  const { context, client, number } = await placeOrder(browser, baseURL, 'Ndeye Fall');
  await context.close();
  const sentTo = (template: string) =>
    sim.sent.find((s) => s.to === client.digits && s.template?.name === template);
  // Her 'commande reçue' left by itself, after the order's answer.
  await expect.poll(() => sentTo('souk_commande_recue')?.wamid ?? null).not.toBeNull();

  await logInAsAdmin(page, '/admin/orders');
  const order = await adminOrder(page.request, number);
  const details = page.getByRole('dialog', { name: `Commande ${number}` });
  const messages = details.getByRole('region', { name: 'Messages WhatsApp' });
  // Its row says 'Envoyé' once the simulator's answer is recorded: the open page follows by itself.
  await page.goto(`/admin/orders?details=${order.id}`);
  await expectFollowing(page);
  await expect(messages.getByRole('listitem')).toHaveCount(1);
  await expect(messages).toContainText('Envoyé');
  await expect(messages).toContainText('Au client');

  // 'Accepter': no tap asked, the message leaves by itself.
  await details.getByRole('button', { name: `Accepter, commande ${number}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Commande non payée' })
    .getByRole('button', { name: 'Accepter sans paiement' })
    .click();
  await expect(details.getByText(`Le message WhatsApp part tout seul vers ${client.name}`)).toBeVisible();
  await expect(details.getByRole('link', { name: 'Envoyer le message WhatsApp' })).toHaveCount(0);
  await expect.poll(() => sentTo('souk_commande_acceptee')?.wamid ?? null).not.toBeNull();
  const accepted = sentTo('souk_commande_acceptee');

  // Meta says it was delivered, then read: the open details say so, without a tap nor a reload.
  const acceptedLine = messages.getByRole('listitem').filter({ hasText: 'acceptée' });
  for (const [status, label] of [
    ['delivered', 'Remis'],
    ['read', 'Lu'],
  ] as const) {
    const { body, headers } = statusNotification([{ id: accepted?.wamid as string, status }]);
    expect((await page.request.post('/api/whatsapp/webhook', { data: body, headers })).status()).toBe(200);
    await expect(acceptedLine).toContainText(label);
  }
  await expectAccessible(page);

  // 'Marquer prête': WhatsApp took the message and the answer was lost. 'Envoi incertain', never
  // sent again by itself; the owner checks, then taps 'Renvoyer' (once).
  sim.answerNextTo(client.digits, 'drop');
  await details.getByRole('button', { name: `Marquer prête, commande ${number}` }).click();
  const readyLine = messages.getByRole('listitem').filter({ hasText: 'Envoi incertain' });
  await expect(readyLine).toBeVisible();
  await readyLine.getByRole('button', { name: 'Renvoyer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Renvoyer le message' });
  await expect(confirm).toContainText('le client pourrait le recevoir deux fois');
  await confirm.getByRole('button', { name: 'Renvoyer' }).click();
  await expect(page.getByText('Le message part de nouveau')).toBeVisible();
  await expect(readyLine).toContainText('Renvoyé');
  await expect(readyLine.getByRole('button', { name: 'Renvoyer' })).toHaveCount(0);
  await expect
    .poll(() => sim.templatesTo(client.digits).filter((t) => t === 'souk_commande_prete').length)
    .toBe(2);

  // She answers on WhatsApp: the bell counts it and her order's details show it, as they stay open.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/aucun message WhatsApp non lu/);
  const note = incomingNotification([
    { from: client.digits, name: 'Ndeye', type: 'text', text: 'Merci, je passe à 17 h' },
  ]);
  expect(
    (await page.request.post('/api/whatsapp/webhook', { data: note.body, headers: note.headers })).status(),
  ).toBe(200);
  await expect(messages.getByRole('listitem').filter({ hasText: 'Du client' })).toContainText(
    'Merci, je passe à 17 h',
  );
  await expect(bell).toHaveAccessibleName(/1 message WhatsApp non lu/);
  await page.keyboard.press('Escape');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').filter({ hasText: 'Ndeye' })).toContainText(
    'Merci, je passe à 17 h',
  );
  await expect(panel.getByRole('link', { name: `Commande ${number}` })).toBeVisible();
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Marquer comme lu' }).click();
  await expect(panel).toContainText('Aucun message non lu.');
  await expect(bell).toHaveAccessibleName(/aucun message WhatsApp non lu/);

  // Logged out, she opens the tracking link the acceptance gave her: her order as it now stands.
  const link = accepted?.template?.components[0]?.parameters.at(-1)?.text ?? '';
  expect(link).toMatch(/\/suivi\/[A-Za-z0-9_-]{24}$/);
  const visitor = await browser.newContext();
  const phone = await visitor.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(number);
  await expect(phone.locator('main header')).toContainText('Prête pour la livraison');
  await visitor.close();
});
