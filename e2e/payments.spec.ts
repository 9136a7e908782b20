import {
  ORANGE_MONEY_SIMULATED,
  type OrangeMoneySimulator,
  startOrangeMoneySimulator,
} from '../apps/api/src/test/orange-money-simulator.ts';
import {
  startWaveSimulator,
  WAVE_SIMULATED,
  type WaveSimulator,
} from '../apps/api/src/test/wave-simulator.ts';
import { logInAsAdmin } from './admin-helpers.ts';
import { expect, test, workerPort } from './fixtures.ts';
import { expectAccessible } from './helpers.ts';
import { placeOrder } from './order-helpers.ts';

// Paid from the phone, confirmed by the provider (docs/decisions/0043), through local simulators of
// Wave's Checkout API and Orange Money's Web Payment (its sandbox) on this worker's port block (+81,
// +82): 'Payer avec …' on the order's pages, the provider's page, back on the order's tracking page,
// which reads 'Payée (Wave)' once the provider's notification is in; and the owner's card says so,
// without a tap.
const WAVE_PORT = workerPort(81);
const ORANGE_MONEY_PORT = workerPort(82);

let wave: WaveSimulator;
let orangeMoney: OrangeMoneySimulator;
test.beforeAll(async () => {
  wave = await startWaveSimulator(WAVE_PORT);
  orangeMoney = await startOrangeMoneySimulator(ORANGE_MONEY_PORT);
});
test.afterAll(async () => {
  await wave?.close();
  await orangeMoney?.close();
});
// Both providers, on the simulators (their ports are this worker's, known before they start).
test.use({
  shopEnv: {
    WAVE_API_KEY: WAVE_SIMULATED.apiKey,
    WAVE_WEBHOOK_SECRET: WAVE_SIMULATED.webhookSecret,
    WAVE_API_URL: `http://127.0.0.1:${WAVE_PORT}`,
    ORANGE_MONEY_CLIENT_ID: ORANGE_MONEY_SIMULATED.clientId,
    ORANGE_MONEY_CLIENT_SECRET: ORANGE_MONEY_SIMULATED.clientSecret,
    ORANGE_MONEY_MERCHANT_KEY: ORANGE_MONEY_SIMULATED.merchantKey,
    ORANGE_MONEY_COUNTRY: ORANGE_MONEY_SIMULATED.country,
    ORANGE_MONEY_CURRENCY: ORANGE_MONEY_SIMULATED.currency,
    ORANGE_MONEY_API_URL: `http://127.0.0.1:${ORANGE_MONEY_PORT}`,
  },
});

test("the customer pays her order with Wave from the order-success page and reads 'Payée (Wave)' on her return; the owner's card says so without a tap", async ({
  browser,
  baseURL,
  page,
}) => {
  wave.state.notifyUrl = `${baseURL}/api/payments/wave/webhook`;
  const { context, customer, number, total } = await placeOrder(browser, baseURL, 'Mariama Ba');
  const mine = (await (await customer.request.get('/api/orders')).json()).data.orders as {
    id: number;
    order_number: string;
  }[];
  const order = mine.find((o) => o.order_number === number);
  await customer.goto(`/order-success?order=${order?.id}`);
  await expectAccessible(customer);
  await customer.getByRole('button', { name: 'Payer avec Wave' }).click();

  // Wave's page, for the order's amount.
  await expect(customer.getByText(`Payer ${total} F CFA à Souk`)).toBeVisible();
  await customer.getByRole('button', { name: 'Payer' }).click();

  // Back on her order's tracking page: paid by Wave once its notification is in (the page reads
  // the order again by itself while the payment is being confirmed).
  await expect(customer).toHaveURL(/\/suivi\//);
  await expect(customer.getByText('Payée (Wave)')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Payer avec Wave' })).toHaveCount(0);
  expect(wave.state.delivered).toContainEqual({ type: 'checkout.session.completed', status: 200 });
  await context.close();

  await logInAsAdmin(page, `/admin/orders?search=${encodeURIComponent(number)}`);
  await expect(page.getByText('Payée (Wave)').first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Paiement reçu, commande ${number}` })).toHaveCount(0);
});

test('Wave down: the customer is told so in French from her orders, with the old way at hand', async ({
  browser,
  baseURL,
}) => {
  wave.state.notifyUrl = `${baseURL}/api/payments/wave/webhook`;
  const { context, customer, number } = await placeOrder(browser, baseURL, 'Khady Ndiaye');
  await customer.goto('/profile?tab=orders');
  wave.fail('server-error');
  await customer.getByRole('button', { name: `Payer avec Wave la commande ${number}` }).click();
  await expect(customer.getByRole('alert')).toHaveText(
    'Le paiement Wave est indisponible pour le moment : réessayez ou payez par WhatsApp',
  );
  await expect(customer.getByRole('link', { name: /Payer maintenant/ })).toBeVisible();
  await context.close();
});

test("the customer pays with Orange Money from her tracking link and reads 'Payée (Orange Money)'; the owner's card says so", async ({
  browser,
  baseURL,
  page,
}) => {
  const { context, customer, number } = await placeOrder(browser, baseURL, 'Seynabou Diouf');
  const mine = (await (await customer.request.get('/api/orders')).json()).data.orders as {
    order_number: string;
    tracking_url: string;
  }[];
  const trackingUrl = mine.find((o) => o.order_number === number)?.tracking_url ?? '';
  await customer.goto(new URL(trackingUrl).pathname);
  await customer.getByRole('button', { name: 'Payer avec Orange Money' }).click();
  await expect(customer.getByText(`commande ${number}-`)).toBeVisible();
  await customer.getByRole('button', { name: 'Payer' }).click();
  await expect(customer).toHaveURL(/\/suivi\//);
  await expect(customer.getByText('Payée (Orange Money)')).toBeVisible();
  expect(orangeMoney.state.delivered).toContainEqual({ status: 'SUCCESS', answer: 200 });
  await context.close();

  await logInAsAdmin(page, `/admin/orders?search=${encodeURIComponent(number)}`);
  await expect(page.getByText('Payée (Orange Money)').first()).toBeVisible();
});

test('without JavaScript she pays with Wave too: plain forms, the provider opened by the page itself, and « Actualiser » until it is paid', async ({
  browser,
  baseURL,
}) => {
  wave.state.notifyUrl = `${baseURL}/api/payments/wave/webhook`;
  const placed = await placeOrder(browser, baseURL, 'Aminata Sy');
  const mine = (await (await placed.customer.request.get('/api/orders')).json()).data.orders as {
    order_number: string;
    tracking_url: string;
  }[];
  const trackingUrl = mine.find((o) => o.order_number === placed.number)?.tracking_url ?? '';
  await placed.context.close();

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(new URL(trackingUrl).pathname);
  await page.getByRole('button', { name: 'Payer avec Wave' }).click();
  await expect(page.getByText(`Payer ${placed.total} F CFA à Souk`)).toBeVisible();
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page).toHaveURL(/\/suivi\//);
  // Paid as soon as the shop has handled Wave's notification; until then the page says it waits.
  await expect(async () => {
    const waiting = page.getByRole('link', { name: 'Actualiser' });
    if (await waiting.isVisible()) await waiting.click();
    await expect(page.getByText('Payée (Wave)')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await context.close();
});
