import sharp from 'sharp';
import { logInAsAdmin, phonePhoto, pictureFile, throttleUploads, unique } from './admin-helpers.ts';
import { expect, type Page, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, fcfa } from './helpers.ts';

// A demo subcategory with 19 active products and one inactive (apps/api/src/db/seed/catalog-data.ts).
const CATEGORY = 'Huiles essentielles pures';

/** The products the page shows: the table's rows at 1280 px, the cards at 390 px. */
const entries = (page: Page) => page.locator('tbody tr, article').filter({ visible: true });
const entryNames = (page: Page) =>
  page.locator('tbody th[scope="row"], article h3').filter({ visible: true }).allTextContents();

/** The number a counter shows (fr-FR grouping: '1 234'). */
async function counter(page: Page, label: string) {
  const text = await page.locator('dl > div').filter({ hasText: label }).locator('dd').textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

const notAnImage = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') };

test('an admin creates a product with a picture, finds it in the shop, changes its price, then deletes it', {
  tag: '@desk-and-phone',
}, async ({ page }) => {
  const name = unique('Savon noir au ghassoul');
  await logInAsAdmin(page, '/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des produits' })).toBeVisible();
  await expect(entries(page)).toHaveCount(10);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByRole('link', { name: 'Nouveau produit' }).click();
  await expect(page).toHaveURL(/edit=new/);
  const form = page.getByRole('dialog', { name: 'Nouveau produit' });
  await expect(form).toBeVisible();
  // The domain's rules, checked before anything is sent.
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByText('Le nom du produit est obligatoire')).toBeVisible();
  await expect(form.getByText('La description du produit est obligatoire')).toBeVisible();
  await expect(
    form.getByText('Écrivez le prix de base en FCFA, sans centimes : 3500, 3 500 ou 3.500'),
  ).toBeVisible();
  await expect(form.getByText('La catégorie est obligatoire')).toBeVisible();
  await expect(form.getByLabel('Nom du produit')).toBeFocused();

  await form.getByLabel('Nom du produit').fill(name);
  await form.getByLabel('Description').fill('Savon traditionnel au ghassoul, pour le hammam.');
  // A thousands dot, as many write it: 4500 FCFA.
  await form.getByLabel('Prix de base (FCFA)').fill('4.500');
  await expect(form.getByLabel('Catégorie')).toHaveValue('');
  await form.getByLabel('Catégorie').selectOption({ label: CATEGORY });
  await expect(form.getByLabel('Produit actif (visible dans la boutique)')).toBeChecked();
  // A file that is not an image is refused at once, with the field's message.
  const mainImage = form.getByLabel(/Image principale/);
  await mainImage.setInputFiles(notAnImage);
  await expect(form.getByText('Le fichier doit être une image')).toBeVisible();
  // One that only claims to be a picture passes the browser; the server's refusal shows under it.
  await mainImage.setInputFiles({
    name: 'faux.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('pas un JPEG'),
  });
  await expect(form.getByText('Le fichier doit être une image')).toBeHidden();
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(
    form.getByText("Erreur lors du traitement de l'image principale: Le fichier doit être une image"),
  ).toBeVisible();
  await expect(mainImage).toBeFocused();
  await mainImage.setInputFiles(await pictureFile('savon.jpg', { r: 60, g: 50, b: 40 }));
  await expect(form.getByText('Le fichier doit être une image')).toBeHidden();
  await expect(form.getByRole('img', { name: "Aperçu de l'image" })).toBeVisible();
  // The preview really shows the picture (the page's CSP lets the browser read the picked file).
  await expect
    .poll(() =>
      form
        .getByRole('img', { name: "Aperçu de l'image" })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  // Additional images: a file that is not an image is silently left out.
  await form
    .getByLabel(/Images supplémentaires/)
    .setInputFiles([await pictureFile('savon-dos.jpg', { r: 90, g: 80, b: 60 }), notAnImage]);
  await expect(form.getByRole('img', { name: /Aperçu de l'image supplémentaire/ })).toHaveCount(1);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText('Produit créé avec succès')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page).not.toHaveURL(/edit=/);

  // Newest first: it heads the list, filed under its parent and subcategory, active, at its price.
  const entry = entries(page).filter({ hasText: name });
  await expect(entry).toContainText(`Huiles essentielles > ${CATEGORY}`);
  await expect(entry).toContainText(fcfa(4500));
  await expect(entry.getByText('Actif', { exact: true })).toBeVisible();
  await expect(entry.locator('img')).toHaveAttribute('src', /\/media\/[0-9a-f]{32}-\d+\.webp/);

  // The shop finds it, with its picture and its price.
  const shop = await page.context().newPage();
  await shop.goto(`/search?q=${encodeURIComponent(name)}`);
  const result = shop.getByRole('article').filter({ hasText: name });
  await expect(result.locator('img').first()).toHaveAttribute('src', /\/media\/[0-9a-f]{32}-\d+\.webp/);
  await expect(result).toContainText(fcfa(4500));
  await result.getByRole('link', { name }).first().click();
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
  const price = shop.locator('main p', { hasText: 'Prix :' });
  await expect(price).toContainText(fcfa(4500));
  await expect(shop.locator('main img[src*="/media/"]').first()).toBeVisible();
  const productUrl = shop.url();

  // A new price in the edit form; the product page shows it.
  await page.getByRole('link', { name: `Modifier ${name}` }).click();
  await expect(page).toHaveURL(/edit=\d+/);
  const edit = page.getByRole('dialog', { name: 'Modifier le produit' });
  await expect(edit.getByLabel('Nom du produit')).toHaveValue(name);
  await expect(edit.getByLabel('Prix de base (FCFA)')).toHaveValue('4500');
  await expect(edit.getByRole('heading', { name: 'Images actuelles (2)' })).toBeVisible();
  await edit.getByLabel('Prix de base (FCFA)').fill('5200');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Produit mis à jour avec succès')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(entry).toContainText(fcfa(5200));
  await shop.goto(productUrl);
  await expect(price).toContainText(fcfa(5200));

  // Deleted after a confirmation that names it and says it cannot be undone.
  await page.getByRole('button', { name: `Supprimer ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer le produit' });
  await expect(confirm).toContainText(
    `Êtes-vous sûr de vouloir supprimer le produit « ${name} » ? Cette action est irréversible.`,
  );
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Produit supprimé avec succès')).toBeVisible();
  await expect(entry).toHaveCount(0);
  const gone = await shop.goto(productUrl);
  expect(gone?.status()).toBe(404);
  await shop.close();
});

test('on a 1280 px screen the table fits, every action in view, beside a menu as tall as the page', {
  tag: '@desk-only',
}, async ({ page }) => {
  // The desk's screen, whichever project runs it (a phone shows cards and a drawer instead).
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAsAdmin(page, '/admin/products');
  await expect(entries(page)).toHaveCount(10);
  // Nothing of the table hides behind a horizontal scroll: its last column ends inside the screen.
  const overflow = await page
    .locator('table')
    .evaluate((table) =>
      table.parentElement ? table.parentElement.scrollWidth - table.parentElement.clientWidth : -1,
    );
  expect(overflow).toBe(0);
  const width = page.viewportSize()?.width ?? 0;
  for (const button of await page.getByRole('button', { name: /^Supprimer / }).all()) {
    const box = await button.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
  }
  // The menu's green runs the page's whole height, and the menu stays in view at its bottom.
  const heights = await page.evaluate(() => ({
    aside: document.querySelector('aside')?.getBoundingClientRect().height,
    page: document.documentElement.scrollHeight,
  }));
  expect(Math.round(heights.aside ?? 0)).toBe(heights.page);
  await page.mouse.wheel(0, heights.page);
  await expect(
    page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Produits' }),
  ).toBeInViewport();
});

test('the products list is filtered, sorted and paged through its URL: a reload and the back button keep it', {
  tag: '@desk-and-phone',
}, async ({ page, isMobile }) => {
  await logInAsAdmin(page, '/admin/products');
  const total = await counter(page, 'Total produits');
  expect(await counter(page, 'Produits actifs')).toBeGreaterThan(0);
  expect(await counter(page, 'Produits inactifs')).toBeGreaterThan(0);
  expect(await counter(page, 'Produits actifs')).toBe(total - (await counter(page, 'Produits inactifs')));
  expect(await counter(page, 'Catégories')).toBeGreaterThan(1);

  await page.getByText('Filtres et tri').click();
  await page.getByLabel('Actifs', { exact: true }).check();
  await page.getByLabel('Catégorie', { exact: true }).selectOption({ label: CATEGORY });
  await page.getByLabel('Trier par').selectOption({ label: 'Nom (A-Z)' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page).toHaveURL(/category_id=\d+/);
  await expect(page).toHaveURL(/sort=name-asc/);
  // The counters are the filtered set's, counted by the server over every page. Waited for on what
  // only the filtered set shows (no inactive product): the unfiltered counters are still on screen
  // until its answer arrives.
  await expect.poll(() => counter(page, 'Produits inactifs')).toBe(0);
  const filtered = await counter(page, 'Total produits');
  expect(filtered).toBeGreaterThanOrEqual(19);
  expect(await counter(page, 'Produits actifs')).toBe(filtered);
  await expect(entries(page)).toHaveCount(10);
  await expect(page.getByText(`Affichage de 1 à 10 sur ${filtered} résultats`)).toBeVisible();
  // 'Nom (A-Z)': the page is in French alphabetical order.
  const firstPage = await entryNames(page);
  expect(firstPage).toEqual([...firstPage].sort((a, b) => a.localeCompare(b, 'fr')));

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Page 2 sur \d+/)).toBeVisible();
  const secondPage = await entryNames(page);
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.every((shown) => !/armoise blanche/.test(shown))).toBe(true);

  await page.reload();
  await expect(page.getByLabel('Actifs', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Trier par')).toHaveValue('name-asc');
  await expect(page.getByText(/Page 2 sur \d+/)).toBeVisible();
  expect(await entryNames(page)).toEqual(secondPage);

  // A new search starts again at page 1, keeping the other filters.
  await page.getByLabel('Rechercher un produit').fill('lavande');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/search=lavande/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(entries(page).filter({ hasText: 'Huile essentielle de lavande vraie' })).toHaveCount(1);

  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).not.toHaveURL(/search=lavande/);
  await expect(page.getByLabel('Rechercher un produit')).toHaveValue('');
  expect(await entryNames(page)).toEqual(secondPage);

  // The grid is a view of the same list, kept in the URL too.
  await page.getByRole('link', { name: 'Grille' }).click();
  await expect(page).toHaveURL(/view=grid/);
  await expect(page.getByRole('article')).toHaveCount(secondPage.length);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Nothing found: the empty state says so and clears the filters.
  await page.getByLabel('Rechercher un produit').fill('zzzzqqqq');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('heading', { name: 'Aucun produit trouvé' })).toBeVisible();
  await page.getByRole('link', { name: 'Effacer tous les filtres' }).last().click();
  await expect(page).toHaveURL(/\/admin\/products\?view=grid$/);
  await expect.poll(() => counter(page, 'Total produits')).toBe(total);

  // A value the screen does not know falls back to the default, never to an error page.
  const response = await page.goto(
    '/admin/products?page=abc&status=deleted&category_id=-4&sort=price&view=carousel&edit=0x10',
  );
  expect(response?.status()).toBe(200);
  await expect(entries(page)).toHaveCount(10);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Actualiser' }).click();
  await expect(entries(page)).toHaveCount(10);
  await expectNoHorizontalScroll(page);
  if (isMobile) {
    // The smallest phones the shop serves: the list, its open filter panel and the form still fit.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByText('Filtres et tri').click();
    await expectNoHorizontalScroll(page);
    await page.getByRole('link', { name: 'Nouveau produit' }).click();
    await expect(page.getByRole('dialog', { name: 'Nouveau produit' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});

test("a phone's 9 MB photo is shrunk before it is sent, with the upload's progress; a refused picture creates nothing", async ({
  page,
}) => {
  test.slow(); // a 12-megapixel photo is made, decoded and shrunk, then sent over a slowed link
  const name = unique('Savon au miel');
  const found = async () =>
    (await (await page.request.get(`/api/admin/products?search=${encodeURIComponent(name)}`)).json()).data
      .products as { id: number }[];
  await logInAsAdmin(page, '/admin/products');
  await page.getByRole('link', { name: 'Nouveau produit' }).click();
  const form = page.getByRole('dialog', { name: 'Nouveau produit' });
  await form.getByLabel('Nom du produit').fill(name);
  await form.getByLabel('Description').fill('Savon au miel du Rif, photographié à la boutique.');
  await form.getByLabel('Prix de base (FCFA)').fill('3000');
  await form.getByLabel('Catégorie').selectOption({ label: CATEGORY });

  // A refused main picture holds the form: nothing is created, the form says why and keeps what was typed.
  const mainImage = form.getByLabel(/Image principale/);
  await mainImage.setInputFiles(notAnImage);
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByText('Le fichier doit être une image')).toBeVisible();
  await expect(mainImage).toBeFocused();
  await expect(form.getByLabel('Nom du produit')).toHaveValue(name);
  expect(await found()).toEqual([]);

  // The photo is shrunk in the browser, under 5 MB (the server's limit) and to 2000 px, upright.
  await mainImage.setInputFiles(await phonePhoto());
  await expect(form.getByText(/Photo réduite pour l'envoi : [89](,\d)? Mo → [0-4](,\d)? Mo/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(form.getByText('Le fichier doit être une image')).toBeHidden();
  const preview = form.getByRole('img', { name: "Aperçu de l'image" });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([1500, 2000]);

  // Sent over a slow link: the form shows how far the upload got.
  const unthrottle = await throttleUploads(page, 250_000);
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByRole('progressbar', { name: 'Envoi de la photo' })).toBeVisible();
  await expect(form.getByText(/Envoi de la photo… \d+ %/)).toBeVisible();
  await unthrottle();
  await expect(page.getByText('Produit créé avec succès')).toBeVisible({ timeout: 20_000 });
  await expect(form).toBeHidden();

  // Made with that picture, upright (taller than wide) and no wider than 2000 px.
  const [product] = await found();
  const detail = (await (await page.request.get(`/api/admin/products/${product.id}`)).json()).data;
  expect(detail.images).toHaveLength(1);
  const [picture] = detail.images;
  expect(picture.width).toBeLessThanOrEqual(2000);
  expect(picture.height).toBeGreaterThan(picture.width);
  await expect(entries(page).filter({ hasText: name }).locator('img')).toHaveAttribute(
    'src',
    /\/media\/[0-9a-f]{32}-\d+\.webp/,
  );
  const served = await page.request.get(picture.url);
  expect(served.status()).toBe(200);
  const { width, height } = await sharp(await served.body()).metadata();
  expect(width).toBeLessThanOrEqual(2000);
  expect(height).toBeGreaterThan(width ?? 0);
});
