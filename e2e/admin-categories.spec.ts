import { logInAsAdmin, pictureFile, unique } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll } from './helpers.ts';

test('an admin creates a category with a picture and a subcategory; the shop shows them at once', async ({
  page,
}) => {
  const main = unique('Savons artisanaux');
  const sub = unique('Savons au karité');
  await logInAsAdmin(page, '/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Catégories' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Nouvelle catégorie' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nouvelle catégorie' });
  await expect(form).toBeVisible();
  // The name is required: checked before anything is sent.
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByText('Le nom de la catégorie est obligatoire')).toBeVisible();
  await form.getByLabel('Nom de la catégorie').fill(`  ${main}  `);
  await form.getByLabel('Description').fill('Savons saponifiés à froid, fabriqués à Dakar.');
  await form
    .getByLabel(/Image principale/)
    .setInputFiles(await pictureFile('savon.jpg', { r: 200, g: 150, b: 90 }));
  await expect(form.getByRole('img', { name: "Aperçu de l'image" })).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText(`Catégorie « ${main} » créée avec succès`)).toBeVisible();
  await expect(form).toBeHidden();
  const card = page.getByRole('article', { name: main });
  await expect(card).toBeVisible();
  await expect(card.getByText('Actif', { exact: true })).toBeVisible();

  // A subcategory, filed under it through the parent select.
  await page.getByRole('link', { name: 'Nouvelle catégorie' }).first().click();
  await form.getByLabel('Nom de la catégorie').fill(sub);
  await form.getByLabel('Catégorie parente').selectOption({ label: `${main} (0 sous-catégorie)` });
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText(`Catégorie « ${sub} » créée avec succès`)).toBeVisible();
  await card.getByText('Sous-catégories (1)').click();
  await expect(card.getByText(sub)).toBeVisible();

  // The details overlay.
  await card.getByRole('link', { name: `Voir les détails de ${main}` }).click();
  const details = page.getByRole('dialog', { name: main });
  await expect(details.getByText('Catégorie principale')).toBeVisible();
  await expect(details.getByRole('link', { name: new RegExp(sub) })).toBeVisible();
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Fermer' }).click();
  await expect(details).toBeHidden();

  // The shop shows the new category, its picture and its subcategory on the next page load.
  const shop = await page.context().newPage();
  await shop.goto('/catalog');
  const tile = shop.getByRole('article').filter({ hasText: main });
  await expect(tile.locator('img')).toHaveAttribute('src', /\/media\/[0-9a-f]{32}-\d+\.webp/);
  await tile.getByRole('link', { name: main }).click();
  await expect(shop.getByRole('heading', { level: 1, name: main })).toBeVisible();
  await expect(shop.getByRole('link', { name: new RegExp(sub) }).first()).toBeVisible();

  // Deactivated, it leaves the shop; the list keeps it with its badge.
  await card.getByRole('button', { name: `Désactiver ${main}` }).click();
  await expect(page.getByText(`Catégorie « ${main} » désactivée avec succès`)).toBeVisible();
  await expect(card.getByText('Inactif', { exact: true }).first()).toBeVisible();
  await shop.goto('/catalog');
  await expect(shop.getByRole('link', { name: new RegExp(main) })).toHaveCount(0);

  // A category with a subcategory is not deleted: the message says why.
  await card
    .getByRole('button', { name: `Supprimer ${main}` })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer la catégorie' });
  await expect(confirm).toContainText(`« ${main} »`);
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(/Impossible de supprimer .* 1 sous-catégorie/)).toBeVisible();
  await expect(card).toBeVisible();

  // The subcategory goes, then the category.
  await card.getByRole('button', { name: `Supprimer ${sub}` }).click();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(`Catégorie « ${sub} » supprimée avec succès`)).toBeVisible();
  await card.getByRole('button', { name: `Supprimer ${main}` }).click();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(`Catégorie « ${main} » supprimée avec succès`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await shop.close();
});

test('the categories filters live in the URL: a reload and the back button keep them', async ({ page }) => {
  await logInAsAdmin(page, '/admin/categories');
  await page.getByText('Filtres et tri').click();
  await page.getByLabel('Inactives').check();
  await page.getByLabel('Trier par').selectOption('most_products');
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page).toHaveURL(/sort=most_products/);
  // What the server renders for that address, read in a page of its own: the list here follows the
  // new address a moment after it changes, so it is waited for, not counted at once.
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  const shown = await fresh.getByRole('article').count();
  await fresh.close();
  await expect(page.getByRole('article')).toHaveCount(shown);
  await page.reload();
  await expect(page.getByLabel('Inactives')).toBeChecked();
  await expect(page.getByRole('article')).toHaveCount(shown);
  await page.getByLabel('Rechercher une catégorie').fill('parfum');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/search=parfum/);
  await page.goBack();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page).not.toHaveURL(/search=parfum/);
  await expectNoHorizontalScroll(page);

  // Details asked for a category that is not there: the page says so and stays usable.
  await page.goto('/admin/categories?details=999999');
  await expect(page.getByText('Erreur lors du chargement des détails de la catégorie')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Catégories' })).toBeVisible();
});
