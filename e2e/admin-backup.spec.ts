import { createGunzip } from 'node:zlib';
import { BACKUP_UNPROTECTED } from '@souk/domain/admin-backup';
import * as tar from 'tar-stream';
import { logInAsAdmin } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll } from './helpers.ts';

// The owner's backup: from the menu to a file on her phone or computer, while the shop stays open,
// and the page then says when it was taken.

/** The names of a downloaded archive's entries, in order. */
async function entriesOf(stream: NodeJS.ReadableStream): Promise<string[]> {
  const extract = tar.extract();
  stream.pipe(createGunzip()).pipe(extract as unknown as NodeJS.WritableStream);
  const names: string[] = [];
  for await (const entry of extract) {
    names.push(entry.header.name);
    entry.resume();
  }
  return names;
}

test('the owner downloads a backup of the whole shop from the back office, and sees when it was taken', {
  tag: '@desk-and-phone',
}, async ({ page, isMobile }) => {
  await logInAsAdmin(page, '/admin');
  // From the menu: on a phone, its drawer.
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('dialog', { name: "Menu de l'administration" })
      .getByRole('link', { name: 'Sauvegarde' })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Sauvegarde' })
      .click();
  }
  await expect(page).toHaveURL('/admin/backup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sauvegarde' })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The screen says what the file holds before it is taken.
  await expect(page.getByText('À garder comme un mot de passe')).toBeVisible();
  await expect(page.getByText(/mots de passe \(brouillés\), les paniers des visiteurs/)).toBeVisible();
  // This server has no BACKUP_KEY: the screen says its archives are not protected, and how.
  await expect(page.getByText('Sauvegardes non protégées')).toBeVisible();
  await expect(page.getByText(BACKUP_UNPROTECTED)).toBeVisible();

  // A form that posts (a backup is taken on a POST only): the browser saves what it answers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger une sauvegarde' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^souk-127-0-0-1-\d{12}\.tar\.gz$/);
  const names = await entriesOf(await download.createReadStream());
  expect(names[0]).toBe('manifest.json');
  expect(names.at(-1)).toBe('end.json');
  expect(names).toEqual(expect.arrayContaining(['database/orders.jsonl', 'database/products.jsonl']));
  // The demo shop's pictures are in it.
  expect(names.filter((n) => n.startsWith('media/')).length).toBeGreaterThan(100);

  // Recorded once the last byte has gone out: the page says so on a reload soon after.
  const last = page.getByRole('region', { name: 'Dernière sauvegarde' });
  await expect(async () => {
    await page.reload();
    await expect(last).toContainText(/Le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \([\d,]+ (Ko|Mo)/, {
      timeout: 1000,
    });
    await expect(last).toContainText('depuis le back-office', { timeout: 1000 });
  }).toPass();
});

test('opening the backup addresses builds nothing', async ({ page }) => {
  await logInAsAdmin(page, '/admin');
  // The API's address, as a link or a page of another site would open it: 405, in French.
  const res = await page.request.get('/api/admin/backup');
  expect(res.status()).toBe(405);
  expect((await res.json()).message).toBe('Méthode GET non autorisée pour /api/admin/backup');
  expect((await page.request.head('/api/admin/backup')).status()).toBe(405);
  // The button's address, opened rather than posted: the page, no download.
  await page.goto('/admin/backup/download');
  await expect(page).toHaveURL('/admin/backup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sauvegarde' })).toBeVisible();
});
