import { createProductThroughApi, logInAsAdmin, unique } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, fcfa } from './helpers.ts';

test('an admin adds two variants, one batch of two, deactivates one and the shop stops offering it', async ({
  page,
}) => {
  const name = unique('Parfum au musc blanc');
  const sku = unique('MUSC').replace(/\s+/g, '-').toUpperCase();
  await logInAsAdmin(page, '/admin/products');

  const product = await createProductThroughApi(page, {
    name,
    description: 'Musc blanc et fleur de coton.',
    base_price: 7000,
  });

  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `Gérer les variantes de ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`variants=${product.id}`));
  const manager = page.getByRole('dialog', { name: 'Gestion des variantes' });
  await expect(manager).toContainText(name);
  await expect(manager.getByText('Aucune variante configurée')).toBeVisible();
  await expect(manager.getByRole('status')).toHaveText('0 variante configurée, 0 active');
  await expectAccessible(page);

  // The first variant: the submit waits for a name and a price, then the domain's rules apply.
  await manager.getByRole('button', { name: 'Créer la première variante' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle variante' });
  const submit = form.getByRole('button', { name: 'Créer' });
  await expect(submit).toBeDisabled();
  await form.getByLabel('Nom de la variante').fill('30 ml');
  await expect(submit).toBeDisabled();
  // A price with a decimal comma is refused, with how to write it.
  await form.getByLabel('Prix (FCFA)').fill('3,5');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(form.getByText('Écrivez le prix en FCFA, sans centimes : 3500, 3 500 ou 3.500')).toBeVisible();
  await expect(form.getByLabel('Prix (FCFA)')).toBeFocused();
  // Written the French way, with a thousands space: read as 5000.
  await form.getByLabel('Prix (FCFA)').fill('5 000');
  await form.getByLabel(/Code SKU/).fill(sku);
  await form.getByLabel(/Quantité en stock/).fill('3');
  await expect(form.getByRole('radio', { name: 'Active', exact: true })).toBeChecked();
  await expectAccessible(page);
  await submit.click();
  await expect(page.getByText('Variante créée avec succès')).toBeVisible();
  await expect(form).toBeHidden();
  const first = manager.locator('article').filter({ hasText: '30 ml' });
  await expect(first).toContainText(fcfa(5000));
  await expect(first).toContainText('Faible');
  await expect(first).toContainText(sku);

  // The second: no SKU, no stock (unlimited).
  await manager.getByRole('button', { name: 'Ajouter une variante' }).click();
  await form.getByLabel('Nom de la variante').fill('100 ml');
  await form.getByLabel('Prix (FCFA)').fill('12000');
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form).toBeHidden();
  const second = manager.locator('article').filter({ hasText: '100 ml' });
  await expect(second).toContainText('Illimité');
  await expect(second).toContainText('Non défini');
  await expect(manager.getByRole('status')).toHaveText('2 variantes configurées, 2 actives');

  // A batch of two: a row without a name blocks the whole batch; a SKU already used is refused by
  // the server under its row, and nothing is created until every row is right.
  await manager.getByRole('button', { name: 'Créer plusieurs variantes' }).click();
  const batch = page.getByRole('dialog', { name: 'Créer plusieurs variantes' });
  await batch.getByLabel('Nom (ligne 1)').fill('Coffret');
  await batch.getByLabel('Prix (FCFA) (ligne 1)').fill('20000');
  await batch.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await batch.getByLabel('Prix (FCFA) (ligne 2)').fill('15000');
  await batch.getByRole('button', { name: 'Créer 2 variante(s)' }).click();
  await expect(batch.getByText('Le nom est obligatoire')).toBeVisible();
  await expect(batch.getByLabel('Nom (ligne 2)')).toBeFocused();
  await batch.getByLabel('Nom (ligne 2)').fill('Recharge');
  await batch.getByLabel('SKU (ligne 2)').fill(sku.toLowerCase());
  await batch.getByRole('button', { name: 'Créer 2 variante(s)' }).click();
  await expect(batch.getByText('Ce code SKU est déjà utilisé par une autre variante')).toBeVisible();
  await expect(manager.getByRole('status')).toHaveText('2 variantes configurées, 2 actives');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await batch.getByLabel('SKU (ligne 2)').fill('');
  await batch.getByRole('button', { name: 'Créer 2 variante(s)' }).click();
  await expect(batch).toBeHidden();
  await expect(manager.getByRole('status')).toHaveText('4 variantes configurées, 4 actives');
  // Opened again, the batch table starts afresh: the last answer is not taken for a new one.
  await manager.getByRole('button', { name: 'Créer plusieurs variantes' }).click();
  await expect(batch).toBeVisible();
  await expect(batch.getByLabel('Nom (ligne 1)')).toHaveValue('');
  await expect(batch.getByRole('alert')).toHaveCount(0);
  await batch.getByRole('button', { name: 'Annuler' }).click();
  await expect(batch).toBeHidden();

  // Deactivated: still listed here, gone from the shop at once, and the cart refuses it.
  await manager.getByRole('button', { name: 'Désactiver 100 ml' }).click();
  await expect(second).toContainText('Inactif');
  await expect(manager.getByRole('status')).toHaveText('4 variantes configurées, 3 actives');

  // Deleted after the confirmation question.
  await manager.getByRole('button', { name: 'Supprimer Coffret' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(
    'Êtes-vous sûr de vouloir supprimer cette variante ? Cette action est irréversible.',
  );
  await question.getByRole('button', { name: 'Supprimer' }).click();
  await expect(manager.locator('article').filter({ hasText: 'Coffret' })).toHaveCount(0);
  await expect(manager.getByRole('status')).toHaveText('3 variantes configurées, 2 actives');

  const detail = (await (await page.request.get(`/api/products/${product.id}`)).json()).data;
  const inactive = (
    await (await page.request.get(`/api/admin/products/${product.id}/variants`)).json()
  ).data.variants.find((v: { name: string }) => v.name === '100 ml');
  await page.goto(`/product/${product.slug}`);
  const picker = page.getByRole('group', { name: 'Choisir une variante' });
  await expect(picker.getByRole('radio')).toHaveCount(2);
  await expect(picker.getByRole('radio', { name: /30 ml/ })).toBeVisible();
  await expect(picker.getByRole('radio', { name: /Recharge/ })).toBeVisible();
  await expect(picker.getByRole('radio', { name: /100 ml/ })).toHaveCount(0);
  expect(detail.variants.map((v: { name: string }) => v.name).sort()).toEqual(['30 ml', 'Recharge']);
  const refused = await page.request.post('/api/cart', {
    data: { product_id: product.id, variant_id: inactive.id, quantity: 1 },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(refused.status()).toBeLessThan(500);
});
