import { startSmtpSink } from '../apps/api/src/test/smtp-sink.ts';
import { expect, type Page, test } from './fixtures.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  freshClient,
  PASSWORD,
  registerThroughApi,
} from './helpers.ts';

// The server mails through SMTP (e2e/fixtures.ts) to a real sink run here: a test waits on
// the sink receiving the message, never on a folder or a timer.
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
test.beforeAll(async ({ shop }) => {
  smtp = await startSmtpSink(shop.smtpPort);
});
test.afterAll(() => smtp?.close());

/** The reset link in a message as it travels. */
function resetLinkIn(raw: string): string {
  const body = decodeMailBody(raw);
  const link = body.match(/https?:\/\/[^\s]+\/auth\/reset-password\?token=[A-Za-z0-9_%-]+/)?.[0];
  if (!link) throw new Error(`no reset link in the message:\n${raw}`);
  return link;
}
async function logIn(page: Page, identifier: string, password = PASSWORD) {
  await page.getByLabel('Email ou numéro WhatsApp').fill(identifier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

const accountHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('a visitor registers, lands on Mon Compte with their name, then logs out', async ({ page }) => {
  const client = freshClient('Awa Diop');
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();
  // No shop header or footer on the auth screens.
  await expect(page.getByRole('navigation', { name: 'Navigation mobile' })).toHaveCount(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Client-side checks use the shop's messages and move focus to the first invalid field.
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Le nom est requis')).toBeVisible();
  await expect(page.getByText('Le numéro WhatsApp est requis')).toBeVisible();
  await expect(page.getByLabel('Nom complet')).toBeFocused();
  await expect(page.getByLabel('Nom complet')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Nom complet').fill(client.name);
  await page.getByLabel('Numéro WhatsApp').fill(client.spaced);
  await page.getByLabel(/^Email/).fill(client.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill('autre-chose-123');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();

  // The show/hide toggle reveals what was typed.
  const toggle = page.getByRole('button', { name: 'Afficher le mot de passe' }).first();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveAttribute('type', 'text');

  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  // A new client goes to the account, not /admin (docs/decisions/0006).
  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountHeading(page, client.name)).toBeVisible();
  await expect(page.getByText(/^Membre depuis \d{1,2} \S+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: `Mon compte (${client.name})` })).toHaveAttribute(
    'href',
    '/profile',
  );
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/\?loggedOut=1$/);
  await expect(page.getByText('Déconnexion réussie')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mon compte : se connecter' })).toHaveAttribute(
    'href',
    '/auth/login',
  );
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fprofile$/);
});

test('a client logs in with her WhatsApp number typed the Dakar way, without the country code', async ({
  page,
  request,
}) => {
  const client = freshClient('Moussa Ndiaye');
  await registerThroughApi(request, client);

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  const identifier = page.getByLabel('Email ou numéro WhatsApp');
  await expect(identifier).toHaveAttribute('autocomplete', 'username');
  await expect(identifier).toHaveAttribute('inputmode', 'email');
  await expectAccessible(page);

  // The hint says which forms are accepted.
  await expect(
    page.getByText('Par exemple : nom@exemple.com, 70 123 45 67 ou +221 70 123 45 67'),
  ).toBeVisible();
  await logIn(page, client.spaced, 'mauvais-mot-de-passe');
  await expect(page.getByRole('alert')).toHaveText('Identifiants incorrects');
  await expect(page.getByRole('alert')).toBeFocused();

  await logIn(page, client.local);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountHeading(page, client.name)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aucune commande' })).toHaveCount(0);
  await expect(page.getByText('Aucune commande pour le moment.')).toBeVisible();
});

test('a client who forgot the password gets a link by e-mail and sets a new one', async ({
  page,
  request,
}) => {
  const client = freshClient('Fatou Sall');
  await registerThroughApi(request, client);

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText("L'email ou le numéro WhatsApp est requis")).toBeVisible();
  await page.getByLabel('Email ou numéro WhatsApp').fill('pas-un-email');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText("Format d'email invalide")).toBeVisible();

  const mail = smtp.nextTo(client.email);
  await page.getByLabel('Email ou numéro WhatsApp').fill(client.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email envoyé !' })).toBeVisible();
  await expect(page.getByRole('button', { name: "Renvoyer l'email" })).toBeVisible();

  const link = resetLinkIn((await mail).raw);
  const url = new URL(link);
  expect(url.pathname).toBe('/auth/reset-password');
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  const newPassword = 'nouveau-secret-2026';
  await page.getByLabel('Nouveau mot de passe').fill(newPassword);
  await page.getByLabel('Confirmer le mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe réinitialisé. Vous pouvez vous connecter.')).toBeVisible();

  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, client.email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Identifiants incorrects');
  await logIn(page, client.email, newPassword);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountHeading(page, client.name)).toBeVisible();
});

test('a client without an e-mail who forgot the password is offered a WhatsApp message to the shop', async ({
  page,
  request,
}) => {
  const client = freshClient('Ndeye Sarr');
  const registered = await request.post('/api/auth/quick-register', {
    data: { name: client.name, whatsapp_phone: client.local, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email ou numéro WhatsApp').fill(client.local);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demande envoyée' })).toBeVisible();
  const answer = (number: string) =>
    `Numéro indiqué : ${number}Si un compte correspond à ce numéro et a un email, un lien de réinitialisation vient d'y être envoyé. Sinon, écrivez-nous sur WhatsApp : nous vous enverrons un lien.`;
  await expect(page.getByRole('status')).toHaveText(answer(client.spaced));
  const offer = page.getByRole('link', { name: 'Demander un lien sur WhatsApp (nouvel onglet)' });
  const href = (await offer.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\/wa\.me\/221770000000\?text=/);
  expect(new URL(href).searchParams.get('text')).toBe(
    `Bonjour, j'ai oublié mon mot de passe. Pouvez-vous m'envoyer un lien pour en choisir un nouveau ? Mon numéro WhatsApp : ${client.spaced}`,
  );
  await expectAccessible(page);

  // An unknown number gets the very same page: nothing tells who is a customer.
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email ou numéro WhatsApp').fill('+221 76 000 00 01');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demande envoyée' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(answer('+221 76 000 00 01'));
  await expect(
    page.getByRole('link', { name: 'Demander un lien sur WhatsApp (nouvel onglet)' }),
  ).toBeVisible();
});

test('a client edits the name in Paramètres, and the tabs follow the keyboard', async ({ page, request }) => {
  const client = freshClient('Khady Fall');
  await registerThroughApi(request, client);
  await page.goto('/auth/login?redirectTo=%2Fprofile%3Ftab%3Dsettings');
  await logIn(page, client.email);
  await expect(page).toHaveURL(/\/profile\?tab=settings$/);

  const tabs = page.getByRole('tablist', { name: 'Sections du compte' });
  await expect(tabs.getByRole('tab', { name: 'Paramètres' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Nom complet', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Modifier : Nom complet' }).click();
  const nameInput = page.getByLabel('Nom complet', { exact: true });
  await expect(nameInput).toBeFocused();
  // One field at a time: the others stay read-only.
  await expect(page.getByLabel('Numéro WhatsApp', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);

  await nameInput.fill('K');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le nom doit contenir au moins 2 caractères')).toBeVisible();

  const newName = 'Khadija Fall';
  await nameInput.fill(newName);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Informations mises à jour avec succès')).toBeVisible();
  await expect(accountHeading(page, newName)).toBeVisible();
  await expect(page.getByLabel('Nom complet', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Mon compte (${newName})` })).toBeVisible();

  await page.getByRole('link', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByLabel('Mot de passe actuel')).toBeVisible();
  await expectAccessible(page);

  const settings = tabs.getByRole('tab', { name: 'Paramètres' });
  await settings.focus();
  await page.keyboard.press('Home');
  await expect(tabs.getByRole('tab', { name: 'Aperçu' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Aperçu' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Continuer mes achats' })).toHaveAttribute('href', '/catalog');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/profile\?tab=orders$/);
  await expect(tabs.getByRole('tab', { name: 'Mes Commandes' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Aucune commande' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Découvrir le catalogue' })).toHaveAttribute(
    'href',
    '/catalog',
  );
});

test('/profile sends a guest to the login page and back to /profile after login', async ({
  page,
  request,
}) => {
  const client = freshClient('Ibrahima Ba');
  await registerThroughApi(request, client);

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Navigation mobile' })
    .getByRole('link', { name: 'Profil' })
    .click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fprofile$/);
  await logIn(page, client.digits);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountHeading(page, client.name)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Navigation mobile' }).getByRole('link', { name: /^Profil/ }),
  ).toHaveAttribute('href', '/profile');
});

/** Undoes the transfer encoding nodemailer chose for the text part (quoted-printable or base64). */
function decodeMailBody(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
