import { logInAsAdmin, unique } from './admin-helpers.ts';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import {
  expectAccessible,
  expectLive,
  expectNoHorizontalScroll,
  freshClient,
  PASSWORD,
  registerThroughApi,
} from './helpers.ts';

// Customers from the owner's phone or desk (docs/decisions/0019): find a customer, read their profile,
// block them (their session ends at once and login tells them why), unblock them, act on a
// selection, create an account and edit a profile.

const BLOCKED_MESSAGE = 'Votre compte a été bloqué. Contactez la boutique sur WhatsApp.';

/** A customer in a browser of their own, signed in on their profile page. */
async function signedInCustomer(browser: Browser, baseURL: string | undefined, name: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const client = freshClient(name);
  await registerThroughApi(page.request, client);
  await page.goto('/profile');
  await expect(page).toHaveURL('/profile');
  return { page, client, close: () => context.close() };
}

async function searchCustomers(page: Page, words: string) {
  await page.getByLabel('Rechercher un client').fill(words);
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(words).replace(/%20/g, '\\+')}`));
}

async function logIn(page: Page, identifier: string) {
  await page.goto('/auth/login');
  // Typed once the page is live: what is typed into a page still hydrating can be lost
  // (docs/decisions/0028), which is not what this journey is about.
  await expectLive(page);
  await page.getByLabel('Email ou numéro WhatsApp').fill(identifier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test('the admin blocks a customer: their next page load ends the session and login says why; unblocking lets them back', {
  tag: '@desk-and-phone',
}, async ({ page, browser, baseURL }) => {
  const customer = await signedInCustomer(browser, baseURL, unique('Cliente Bloquée'));
  const { name } = customer.client;
  try {
    await logInAsAdmin(page, '/admin/customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Clients' })).toBeVisible();
    await expect(page.getByText('Total clients')).toBeVisible();
    await searchCustomers(page, name);
    await expect(page.getByText('1 client trouvé')).toBeVisible();
    await expect(page.getByText('1 client affiché')).toBeVisible();
    await expect(page.getByText('Affichage de 1 à 1 sur 1 résultat')).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The profile, its statistics, then 'Bloquer' from there.
    await page.getByRole('link', { name: `Voir le profil de ${name}` }).click();
    const profile = page.getByRole('dialog', { name: 'Profil du client' });
    await expect(profile.getByText(customer.client.email)).toBeVisible();
    await expect(profile.getByText('Aucune commande', { exact: true })).toBeVisible();
    await profile.getByRole('button', { name: 'Voir les statistiques' }).click();
    await expect(profile.getByRole('heading', { name: 'Statistiques' })).toBeVisible();
    await expect(profile.getByRole('link', { name: 'Voir les commandes' })).toHaveAttribute(
      'href',
      /\/admin\/orders\?customer_id=\d+$/,
    );
    await expectAccessible(page);
    await profile.getByRole('button', { name: 'Bloquer' }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(
      `Êtes-vous sûr de vouloir bloquer ${name} ? Cette action empêchera le client d'accéder à son compte.`,
    );
    await question.getByRole('button', { name: 'Bloquer' }).click();
    await expect(page.getByText(`${name} a été bloqué`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Débloquer ${name}` })).toBeVisible();

    // The customer's next page load finds them signed out; login says why.
    await customer.page.reload();
    await expect(customer.page).toHaveURL(/\/auth\/login\?(.*&)?redirectTo=%2Fprofile/);
    await logIn(customer.page, customer.client.email);
    await expect(customer.page.getByRole('alert')).toHaveText(BLOCKED_MESSAGE);

    // Unblocked from the selection bar: 'Appliquer' waits for an action.
    await page.getByRole('checkbox', { name: `Sélectionner ${name}` }).check();
    await expect(page.getByText('1 sélectionné', { exact: true }).first()).toBeVisible();
    const apply = page.getByRole('button', { name: 'Appliquer', exact: true });
    await expect(apply).toBeDisabled();
    await page.getByLabel('Action groupée').selectOption({ label: 'Débloquer' });
    await apply.click();
    await expect(page.getByRole('alertdialog')).toContainText(
      `Êtes-vous sûr de vouloir débloquer ${name} ? Le client pourra à nouveau accéder à son compte.`,
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Débloquer' }).click();
    await expect(page.getByText(`${name} a été débloqué`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Bloquer ${name}` })).toBeVisible();

    await logIn(customer.page, customer.client.email);
    await expect(customer.page).not.toHaveURL(/\/auth\//);
    await customer.page.goto('/profile');
    await expect(customer.page).toHaveURL('/profile');
  } finally {
    await customer.close();
  }
});

test('a selection is blocked at once, and the status buttons find it', { tag: '@desk-and-phone' }, async ({
  page,
  browser,
  baseURL,
}) => {
  const family = unique('Famille Sow');
  const first = await signedInCustomer(browser, baseURL, `${family} Awa`);
  const second = await signedInCustomer(browser, baseURL, `${family} Binta`);
  try {
    await logInAsAdmin(page, '/admin/customers');
    await searchCustomers(page, family);
    await expect(page.getByText('2 clients trouvés')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    await expect(page.getByText('2 sélectionnés', { exact: true }).first()).toBeVisible();
    await page.getByLabel('Action groupée').selectOption({ label: 'Bloquer' });
    await page.getByRole('button', { name: 'Appliquer', exact: true }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('Êtes-vous sûr de vouloir bloquer 2 clients ?');
    await question.getByRole('button', { name: 'Bloquer' }).click();
    await expect(page.getByText('2 clients bloqués')).toBeVisible();
    await expect(page.getByText('0 sélectionné', { exact: true })).toBeVisible();

    // While the new list is on its way: 'Chargement des clients...' (the answer is held until seen).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/admin/customers.data*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Clients bloqués' }).click();
    await expect(page.getByText('Chargement des clients...')).toBeVisible();
    release();
    await expect(page).toHaveURL(/status=blocked/);
    await expect(page.getByText('Chargement des clients...')).toBeHidden();
    await page.unroute('**/admin/customers.data*');
    await expect(page.getByText('2 clients trouvés')).toBeVisible();
    await page.getByRole('link', { name: 'Clients actifs' }).click();
    await expect(page.getByRole('heading', { name: 'Aucun client trouvé' })).toBeVisible();
    await expect(page.getByText('Essayez de modifier vos filtres de recherche.')).toBeVisible();

    for (const customer of [first, second]) {
      await customer.page.reload();
      await expect(customer.page).toHaveURL(/\/auth\/login/);
    }
  } finally {
    await first.close();
    await second.close();
  }
});

test('the shop creates a customer account and edits a profile; the header search finds customers', {
  tag: '@desk-and-phone',
}, async ({ page }) => {
  const name = unique('Mariama Cissé');
  const client = freshClient(name);
  await logInAsAdmin(page, '/admin/customers');
  await page.getByRole('link', { name: 'Ajouter un client' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nouveau client' });
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByText('Le nom est requis')).toBeVisible();
  await form.getByLabel('Nom complet').fill(name);
  await form.getByLabel('Numéro WhatsApp').fill(client.spaced);
  await form.getByLabel('Email').fill(client.email);
  await form.getByRole('button', { name: 'Créer' }).click();

  const created = page.getByRole('dialog', { name: 'Compte client créé' });
  await expect(created.getByLabel('Lien de création du mot de passe')).toHaveValue(
    /\/auth\/reset-password\?token=/,
  );
  await expect(created.getByRole('link', { name: 'Envoyer le lien par WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/${client.digits}\\?text=`),
  );
  await expectAccessible(page);
  await created.getByRole('button', { name: 'Fermer' }).click();

  // The header search leads to the new customer's profile.
  const headerSearch = page.getByRole('searchbox', {
    name: 'Rechercher des produits, des catégories, des commandes ou des clients',
  });
  await headerSearch.fill(client.email);
  await headerSearch.press('Enter');
  await expect(page).toHaveURL(/\/admin\/search\?q=/);
  await page
    .getByRole('region', { name: 'Clients' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  const profile = page.getByRole('dialog', { name: 'Profil du client' });
  await expect(profile.getByText(name)).toBeVisible();
  // A new link for a customer who lost theirs (the old one stops working).
  await profile.getByRole('button', { name: 'Envoyer un lien de mot de passe' }).click();
  const resent = page.getByRole('dialog', { name: 'Lien de mot de passe' });
  await expect(resent.getByLabel('Lien de création du mot de passe')).toHaveValue(
    /\/auth\/reset-password\?token=/,
  );
  await resent.getByRole('button', { name: 'Fermer' }).click();
  await profile.getByRole('link', { name: 'Modifier le profil' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le profil' });
  await expect(edit.getByLabel('Nom complet')).toHaveValue(name);
  await edit.getByLabel('Nom complet').fill(`${name} Diallo`);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil du client mis à jour')).toBeVisible();
  await expect(page.getByRole('link', { name: `Voir le profil de ${name} Diallo` })).toBeVisible();
});
