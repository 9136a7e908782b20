import { logInAsAdmin, pictureFile, throttleUploads, unique } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll } from './helpers.ts';

test('an admin bulk-creates three products with images and finds them in their category', async ({
  page,
}) => {
  const categoryName = unique('Coffrets cadeaux');
  const names = [unique('Coffret hammam'), unique('Coffret oud'), unique('Coffret karité')];
  await logInAsAdmin(page, '/admin/products');
  const created = await page.request.post('/api/admin/categories', {
    data: { name: categoryName, description: 'Des coffrets tout prêts.' },
  });
  expect(created.status()).toBe(201);
  const category = (await created.json()).data.category as { id: number; slug: string };
  await page.reload();

  await page.getByRole('link', { name: 'Créer plusieurs produits' }).click();
  const wizard = page.getByRole('dialog', { name: 'Créer plusieurs produits' });
  await expect(wizard).toContainText('Étape 1 sur 2');
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByText('Veuillez sélectionner une catégorie')).toBeVisible();
  await wizard.getByLabel('Catégorie des nouveaux produits').selectOption({ label: categoryName });
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard).toContainText('Étape 2 sur 2');

  const fill = async (row: number, name: string, price: string) => {
    const product = wizard.getByRole('group', { name: `Produit ${row}` });
    await product.getByLabel('Nom', { exact: true }).fill(name);
    await product.getByLabel('Description').fill(`${name} : savon, huile et bougie.`);
    await product.getByLabel('Prix (FCFA)').fill(price);
    return product;
  };
  const first = await fill(1, names[0] as string, '15000');
  await first
    .getByLabel('Image (obligatoire)')
    .setInputFiles(await pictureFile('hammam.jpg', { r: 150, g: 120, b: 90 }, { photo: true }));
  await wizard.getByRole('button', { name: 'Ajouter un produit' }).click();
  const second = await fill(2, names[1] as string, '25000');
  await second
    .getByLabel('Image (obligatoire)')
    .setInputFiles(await pictureFile('oud.jpg', { r: 70, g: 40, b: 30 }, { photo: true }));
  await second.getByRole('button', { name: 'Ajouter une variante au produit 2' }).click();
  await second.getByLabel('Nom (variante 1)').fill('Grand format');
  await second.getByLabel('Prix (variante 1)').fill('32000');
  await wizard.getByRole('button', { name: 'Ajouter un produit' }).click();
  const third = await fill(3, names[2] as string, '12000');

  // The third has no image: nothing is sent, and the alert says which product and why.
  await wizard.getByRole('button', { name: 'Créer 3 produit(s)' }).click();
  await expect(wizard.getByRole('alert')).toHaveText("Produit 3: L'image est obligatoire");
  await expect(wizard.getByRole('alert')).toBeFocused();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Back to step 1 and forward again: the rows are still there.
  await wizard.getByRole('button', { name: 'Précédent' }).click();
  await expect(wizard.getByLabel('Catégorie des nouveaux produits')).toHaveValue(String(category.id));
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(first.getByLabel('Nom', { exact: true })).toHaveValue(names[0] as string);
  await expect(first).toContainText('Image choisie : hammam.jpg');
  await third
    .getByLabel('Image (obligatoire)')
    .setInputFiles(await pictureFile('karite.jpg', { r: 230, g: 210, b: 170 }, { photo: true }));

  // Sent over a slow link: the screen shows how far the upload got, then the server's count.
  const unthrottle = await throttleUploads(page, 100_000);
  await wizard.getByRole('button', { name: 'Créer 3 produit(s)' }).click();
  await expect(wizard.getByRole('status')).toContainText(/Envoi des images : [1-9]\d? %/);
  await unthrottle();
  await expect(page.getByText('3 produit(s) créé(s) avec succès')).toBeVisible({ timeout: 30_000 });
  await expect(wizard).toBeHidden();

  // In the shop, under their category, with their pictures; the variant prices the second.
  await page.goto(`/catalog/${category.slug}`);
  for (const name of names)
    await expect(page.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  const listed = (await (await page.request.get(`/api/admin/products?category_id=${category.id}`)).json())
    .data;
  expect(listed.pagination.total).toBe(3);
  for (const product of listed.products) expect(product.image).not.toBeNull();
  const withVariant = listed.products.find((p: { name: string }) => p.name === names[1]);
  expect(withVariant.variants_count).toBe(1);
});
