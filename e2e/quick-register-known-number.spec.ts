import { expect, type Page, test } from './fixtures.ts';
import { expectAccessible, expectLive, freshClient, PASSWORD, registerThroughApi } from './helpers.ts';
import { sellableLine } from './order-helpers.ts';

// A customer who already has an account, sent to the quick registration by 'Commander', types her
// number: the refusal offers to log in with it right under the field (on a phone the footer's
// 'Déjà client ? Se connecter' is below the fold), and logging in brings her back to her cart.

const QUICK_REGISTER = '/auth/quick-register?redirectTo=%2Fcart&checkout=1';

/**
 * A guest cart with one line (the id the API gave it in the cookie the pages send, as after an add
 * to cart), then the quick registration filled with a number that has an account.
 */
async function registerAgain(page: Page, baseURL: string | undefined, number: string, live: boolean) {
  const added = await page.request.post('/api/cart', { data: await sellableLine(page.request) });
  expect(added.status()).toBe(200);
  const cartId: string = (await added.json()).data.session_id;
  await page.context().addCookies([{ name: 'cart_session_id', value: cartId, url: baseURL }]);
  await page.goto(QUICK_REGISTER);
  if (live) await expectLive(page);
  await page.getByLabel('Nom complet').fill('Awa Déjà Cliente');
  await page.getByLabel('Numéro WhatsApp').fill(number);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill('un-autre-mot-de-passe');
  await page.getByRole('button', { name: 'Créer mon compte et continuer' }).click();
}

/** The login page opened by the link: her number filled in, the cart kept as the way back. */
async function logInFromTheLink(page: Page, client: ReturnType<typeof freshClient>) {
  await expect(page).toHaveURL(/\/auth\/login\?identifier=[^&]+&redirectTo=%2Fcart$/);
  await expect(page.getByLabel('Email ou numéro WhatsApp')).toHaveValue(client.spaced);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // Her guest cart came with her, ready to order.
  await expect(page.getByRole('region', { name: 'Articles du panier' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Commander' })).toBeVisible();
}

test('a known number at the quick registration: the refusal offers to log in with it, and she lands on her cart', async ({
  page,
  baseURL,
}) => {
  const client = freshClient('Awa Déjà Cliente');
  await registerThroughApi(page.request, client);
  // Registering through the API signed this browser in: she comes back as a guest.
  await page.context().clearCookies();

  await registerAgain(page, baseURL, client.local, true);

  const phone = page.getByLabel('Numéro WhatsApp');
  // The same words as before (nothing more is said about the account); the field has focus and
  // carries them, so a screen reader says them; the way in is the next stop, in view.
  await expect(page.getByText('Ce numéro WhatsApp est déjà utilisé')).toBeVisible();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAccessibleDescription(/Ce numéro WhatsApp est déjà utilisé/);
  const login = page.getByRole('link', { name: 'Se connecter avec ce numéro' });
  await expect(login).toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(login).toBeFocused();
  await expectAccessible(page);

  await login.click();
  await logInFromTheLink(page, client);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page the server draws after the refusal has the link, and it leads to the cart too', async ({
    page,
    baseURL,
  }) => {
    const client = freshClient('Awa Sans Script');
    await registerThroughApi(page.request, client);
    await page.context().clearCookies();

    await registerAgain(page, baseURL, client.spaced, false);
    await expect(page.getByText('Ce numéro WhatsApp est déjà utilisé')).toBeVisible();
    // What she typed is kept, and the link carries it.
    await expect(page.getByLabel('Numéro WhatsApp')).toHaveValue(client.spaced);
    await page.getByRole('link', { name: 'Se connecter avec ce numéro' }).click();
    await logInFromTheLink(page, client);
  });
});

test('the regular registration offers the same way in, back to where she was going', async ({ page }) => {
  const client = freshClient('Awa Inscrite');
  await registerThroughApi(page.request, client);
  await page.context().clearCookies();

  await page.goto('/auth/register?redirectTo=%2Fcart');
  await expectLive(page);
  await page.getByLabel('Nom complet').fill(client.name);
  await page.getByLabel('Numéro WhatsApp').fill(client.local);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Ce numéro WhatsApp est déjà utilisé')).toBeVisible();
  await page.getByRole('link', { name: 'Se connecter avec ce numéro' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?identifier=[^&]+&redirectTo=%2Fcart$/);
  await expect(page.getByLabel('Email ou numéro WhatsApp')).toHaveValue(client.spaced);
});

test('a link that fills the login page with anything but a phone or an e-mail fills in nothing', async ({
  page,
}) => {
  await page.goto('/auth/login?identifier=Votre%20compte%20est%20bloqu%C3%A9%2C%20appelez%20le%200800');
  await expect(page.getByLabel('Email ou numéro WhatsApp')).toHaveValue('');
});
