import {
  startWaveSimulator,
  WAVE_SIMULATED,
  type WaveSimulator,
} from '../apps/api/src/test/wave-simulator.ts';
import { logInAsAdmin } from './admin-helpers.ts';
import { expect, test, workerPort } from './fixtures.ts';
import { expectAccessible } from './helpers.ts';
import { placeOrder } from './order-helpers.ts';

// Paid from the phone, confirmed by Wave (docs/decisions/0043), through a local simulator of Wave's
// Checkout API and payment page on this worker's port block (+81): 'Payer avec Wave' on the
// order-success page, Wave's page, back on the order's tracking page, which reads 'Payée (Wave)'
// once Wave's signed notification is in; and the owner's card says so, without a tap.
const SIMULATOR_PORT = workerPort(81);

let sim: WaveSimulator;
test.beforeAll(async () => {
  sim = await startWaveSimulator(SIMULATOR_PORT);
});
test.afterAll(async () => {
  await sim?.close();
});
// The simulator's key, secret and address (its port is this worker's, known before it starts).
test.use({
  shopEnv: {
    WAVE_API_KEY: WAVE_SIMULATED.apiKey,
    WAVE_WEBHOOK_SECRET: WAVE_SIMULATED.webhookSecret,
    WAVE_API_URL: `http://127.0.0.1:${SIMULATOR_PORT}`,
  },
});

test("the customer pays her order with Wave from the order-success page and reads 'Payée (Wave)' on her return; the owner's card says so without a tap", async ({
  browser,
  baseURL,
  page,
}) => {
  sim.state.notifyUrl = `${baseURL}/api/payments/wave/webhook`;
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
  expect(sim.state.delivered).toContainEqual({ type: 'checkout.session.completed', status: 200 });
  await context.close();

  await logInAsAdmin(page, `/admin/orders?search=${encodeURIComponent(number)}`);
  await expect(page.getByText('Payée (Wave)').first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Paiement reçu, commande ${number}` })).toHaveCount(0);
});

test('Wave down: the customer is told so in French from her orders, with the old way at hand', async ({
  browser,
  baseURL,
}) => {
  sim.state.notifyUrl = `${baseURL}/api/payments/wave/webhook`;
  const { context, customer, number } = await placeOrder(browser, baseURL, 'Khady Ndiaye');
  await customer.goto('/profile?tab=orders');
  sim.fail('server-error');
  await customer.getByRole('button', { name: `Payer avec Wave la commande ${number}` }).click();
  await expect(customer.getByRole('alert')).toHaveText(
    'Le paiement Wave est indisponible pour le moment : réessayez ou payez par WhatsApp',
  );
  await expect(customer.getByRole('link', { name: /Payer maintenant/ })).toBeVisible();
  await context.close();
});
