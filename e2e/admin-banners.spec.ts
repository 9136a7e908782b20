import { logInAsAdmin, pictureFile, unique } from './admin-helpers.ts';
import { expect, type Page, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll } from './helpers.ts';

const LINK_INVALID =
  'Le lien doit être une adresse web (http:// ou https://) ou un chemin de la boutique commençant par /';

/** The home page's carousel, read on a fresh load: its first slide, and the slide showing `title`. */
async function homeCarousel(shop: Page) {
  await shop.goto('/');
  const carousel = shop.getByRole('region', { name: 'Nos offres du moment' });
  await expect(carousel).toBeVisible();
  return {
    first: carousel.getByRole('group', { name: /^1 sur \d+$/ }),
    slide: (title: string) => carousel.getByRole('group').filter({ has: shop.getByAltText(title) }),
  };
}

test('an admin adds a banner at position 0 with a picture: the next home page shows it first, its link in place or in a new tab', async ({
  page,
}) => {
  const title = unique('Promo karité');
  await logInAsAdmin(page, '/admin/banners');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Bannières' })).toBeVisible();
  await expect(page.getByText('Gérez les bannières publicitaires de votre site')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ bannières? affichées?$/ })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByRole('link', { name: 'Nouvelle bannière' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle bannière' });
  await expect(form).toBeVisible();
  // The title is required: checked before anything is sent.
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByText('Le titre de la bannière est obligatoire')).toBeVisible();
  await form.getByLabel('Titre', { exact: true }).fill(title);
  await form.getByLabel(/^Image/).setInputFiles(await pictureFile('karite.jpg', { r: 210, g: 160, b: 70 }));
  await expect(form.getByRole('img', { name: "Aperçu de l'image" })).toBeVisible();
  await form.getByLabel(/URL de redirection/).fill('/catalog');
  await form.getByLabel('Position').fill('0');
  await expect(form.getByLabel('Actif', { exact: true })).toBeChecked();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText(`Bannière « ${title} » créée avec succès`)).toBeVisible();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Actif', { exact: true })).toBeVisible();
  await expect(card.getByText('/catalog', { exact: true })).toBeVisible();
  await expect(card.getByText("À l'instant")).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/media\/[0-9a-f]{32}-\d+\.webp/);

  // The next page load of the home page: the banner is the first slide, its shop link opens in place.
  const shop = await page.context().newPage();
  let carousel = await homeCarousel(shop);
  const firstPicture = carousel.first.getByRole('img', { name: title });
  await expect(firstPicture).toHaveAttribute('src', /\/media\/[0-9a-f]{32}-\d+\.webp/);
  const inPlace = carousel.first.getByRole('link');
  await expect(inPlace).toHaveAttribute('href', '/catalog');
  await expect(inPlace).not.toHaveAttribute('target', /.+/);

  // Edited to lead to another site, it opens there in a new tab.
  await card.getByRole('link', { name: `Modifier ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier la bannière' });
  await expect(edit.getByLabel('Titre', { exact: true })).toHaveValue(title);
  await edit.getByLabel(/URL de redirection/).fill('https://wa.me/221770000000');
  await edit.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(page.getByText(`Bannière « ${title} » mise à jour avec succès`)).toBeVisible();
  await expect(edit).toBeHidden();
  carousel = await homeCarousel(shop);
  const away = carousel.first.getByRole('link');
  await expect(away).toHaveAttribute('href', 'https://wa.me/221770000000');
  await expect(away).toHaveAttribute('target', '_blank');
  await expect(away).toHaveAttribute('rel', 'noopener noreferrer');

  await deleteBanner(page, title);
  await shop.close();
});

test('toggling and deleting a banner each ask first; the home page follows on its next load', async ({
  page,
}) => {
  const title = unique('Coffret hammam');
  await logInAsAdmin(page, '/admin/banners');
  await page.getByRole('link', { name: 'Nouvelle bannière' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle bannière' });
  await form.getByLabel('Titre', { exact: true }).fill(title);
  await form.getByLabel(/^Image/).setInputFiles(await pictureFile('hammam.jpg', { r: 90, g: 140, b: 160 }));
  await form.getByLabel('Position').fill('3');
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText(`Bannière « ${title} » créée avec succès`)).toBeVisible();
  const card = page.getByRole('article', { name: title });
  const shop = await page.context().newPage();
  await expect((await homeCarousel(shop)).slide(title)).toHaveCount(1);

  // Deactivate: a question first; 'Annuler' changes nothing.
  await card.getByRole('button', { name: `Désactiver ${title}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Désactiver la bannière' });
  await expect(question).toContainText(
    `Désactiver la bannière « ${title} » ? Elle ne sera plus affichée dans le carrousel de la page d'accueil.`,
  );
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Annuler' }).click();
  await expect(question).toBeHidden();
  await expect(card.getByText('Actif', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Désactiver ${title}` }).click();
  await question.getByRole('button', { name: 'Désactiver' }).click();
  await expect(page.getByText(`Bannière « ${title} » désactivée avec succès`)).toBeVisible();
  await expect(card.getByText('Inactif', { exact: true })).toBeVisible();
  await expect((await homeCarousel(shop)).slide(title)).toHaveCount(0);

  // The status buttons and the search keep it in sight, or not, and say how many they found.
  await page.getByRole('link', { name: /^Actives \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(card).toHaveCount(0);
  await page.getByRole('link', { name: /^Inactives \(\d+\)$/ }).click();
  await expect(card).toBeVisible();
  await page.getByLabel('Rechercher une bannière').fill(title);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page.getByRole('status').filter({ hasText: '1 bannière trouvée' })).toBeVisible();
  await page.getByRole('link', { name: /^Actives \(\d+\)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Aucune bannière trouvée' })).toBeVisible();
  await expect(page.getByText('Essayez de modifier vos filtres de recherche.')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('link', { name: /^Toutes \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/search=/);
  await expect(card).toBeVisible();

  // Activate again, after its own question.
  await card.getByRole('button', { name: `Activer ${title}` }).click();
  const activate = page.getByRole('alertdialog', { name: 'Activer la bannière' });
  await expect(activate).toContainText('à la position 3');
  await activate.getByRole('button', { name: 'Activer' }).click();
  await expect(page.getByText(`Bannière « ${title} » activée avec succès`)).toBeVisible();
  await expect((await homeCarousel(shop)).slide(title)).toHaveCount(1);

  await deleteBanner(page, title);
  await expect(page.getByRole('heading', { name: 'Aucune bannière trouvée' })).toBeVisible();
  await expect((await homeCarousel(shop)).slide(title)).toHaveCount(0);
  await shop.close();
});

test('a javascript: link is refused in the form in French, and nothing is created', async ({ page }) => {
  const title = unique('Piège');
  await logInAsAdmin(page, '/admin/banners');
  await page.getByRole('link', { name: 'Nouvelle bannière' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle bannière' });
  await form.getByLabel('Titre', { exact: true }).fill(title);
  await form.getByLabel(/^Image/).setInputFiles(await pictureFile('piege.jpg', { r: 20, g: 20, b: 20 }));
  const link = form.getByLabel(/URL de redirection/);
  await link.fill('javascript:alert(document.cookie)');
  await form.getByLabel('Position').fill('-1');
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByText(LINK_INVALID)).toBeVisible();
  await expect(form.getByText('La position doit être un nombre entier positif ou nul')).toBeVisible();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  // A protocol-relative address is refused the same way.
  await link.fill('//evil.example/phish');
  await form.getByLabel('Position').fill('0');
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByText(LINK_INVALID)).toBeVisible();
  await form.getByRole('button', { name: 'Annuler' }).click();
  await expect(form).toBeHidden();
  const found = await (
    await page.request.get(`/api/admin/banners?search=${encodeURIComponent(title)}`)
  ).json();
  expect(found.data.banners).toEqual([]);
});

/** Deletes the banner `title` through its card, after the confirmation. */
async function deleteBanner(page: Page, title: string) {
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Supprimer ${title}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer la bannière' });
  await expect(confirm).toContainText(
    `Êtes-vous sûr de vouloir supprimer la bannière « ${title} » ? Cette action est irréversible.`,
  );
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(`Bannière « ${title} » supprimée avec succès`)).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
}
