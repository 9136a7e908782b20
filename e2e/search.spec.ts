import { expect, test } from './fixtures.ts';

test("search suggestions for 'creme' lead to a product", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Ouvrir la recherche' }).click();
  const box = page.getByRole('combobox');
  await box.fill('c');
  // one character is not enough (at least 2)
  await expect(page.getByRole('option')).toHaveCount(0);
  await box.fill('creme');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions de recherche' });
  await expect(suggestions.getByRole('option', { name: /Crème/ }).first()).toBeVisible();
  await expect(suggestions.getByRole('option').filter({ hasText: /Crème/ })).not.toHaveCount(0);
  await expect(suggestions.getByText('Voir tous les résultats')).toBeVisible();

  const first = suggestions.getByRole('option', { name: /Crème/ }).first();
  const name = (await first.locator('span span').first().textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('Enter searches, results can be sorted and shown as a list, and an unknown word finds nothing', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Ouvrir la recherche' }).click();
  await page.getByRole('combobox').fill('CRÈME');
  await page.getByRole('combobox').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=CR%C3%88ME/);
  const results = page.locator('main ul li article h3');
  await expect(results.first()).toContainText('Crème');
  expect(await results.count()).toBeGreaterThanOrEqual(3);

  await page.goto('/search?q=crme&sort=price_asc');
  await expect(results.first()).toContainText(/Crème/);

  await page.goto('/search?q=zzzzqqqq');
  await expect(page.getByText('Aucun produit trouvé')).toBeVisible();
});
