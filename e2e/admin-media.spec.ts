import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeVideo } from '../apps/api/src/test/video-fixtures.ts';
import {
  createProductThroughApi,
  logInAsAdmin,
  phonePhoto,
  pictureFile,
  throttleUploads,
  unique,
} from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, expectLive, expectNoHorizontalScroll } from './helpers.ts';

let dir: string;
let aviBytes: Buffer;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'souk-e2e-media-'));
  // An AVI (MPEG-4 Part 2 + MP3): no browser plays it, so the server converts it to H.264/AAC.
  aviBytes = await readFile(
    await makeVideo(dir, { container: 'avi', codec: 'mpeg4', seconds: 2, size: '320x240', audio: true }),
  );
});

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('the drop box tells a touch screen to touch, a desk to drag', { tag: '@desk-and-phone' }, async ({
  page,
  isMobile,
}) => {
  // A demo product (apps/api/src/db/seed/catalog-data.ts); CSS picks the sentence.
  await logInAsAdmin(page, '/admin/products?media=1');
  const manager = page.getByRole('dialog', { name: 'Images et vidéos du produit' });
  const touch = manager.getByText('Touchez pour choisir une photo');
  const drag = manager.getByText('Glissez-déposez vos images et vidéos ici');
  await expect(isMobile ? touch : drag).toBeVisible();
  await expect(isMobile ? drag : touch).toBeHidden();
  await expectAccessible(page);
});

test("an admin uploads images and a video with their progress, reorders with the keyboard, adds a phone's photo shrunk before it is sent, and the video plays in the shop", async ({
  page,
}) => {
  test.slow(); // a real conversion by ffmpeg runs in the middle of it
  const name = unique('Savon au lait de chèvre');
  await logInAsAdmin(page, '/admin/products');
  const product = await createProductThroughApi(page, {
    name,
    description: 'Savon doux, filmé en atelier.',
    base_price: 2500,
  });

  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `Gérer les images de ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`media=${product.id}`));
  const manager = page.getByRole('dialog', { name: 'Images et vidéos du produit' });
  await expect(manager.getByText('Aucun média pour ce produit')).toBeVisible();
  await expectAccessible(page);

  // A file that is neither an image nor a video is refused on the spot, with the reason.
  const picker = manager.getByLabel('Choisir des fichiers');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('du texte') });
  await expect(manager.getByRole('alert')).toContainText('Format non pris en charge');

  // Two pictures and the video, sent one by one over a slow link: each shows how far it got.
  const unthrottle = await throttleUploads(page, 60_000);
  await picker.setInputFiles([
    await pictureFile('savon-face.jpg', { r: 200, g: 180, b: 150 }),
    await pictureFile('savon-dos.jpg', { r: 40, g: 90, b: 60 }),
    { name: 'atelier.avi', mimeType: 'video/x-msvideo', buffer: aviBytes },
  ]);
  const uploads = manager.getByRole('list', { name: 'Envois' });
  await expect(uploads.getByRole('progressbar', { name: 'Envoi de atelier.avi' })).toBeVisible();
  await expect(uploads.getByRole('listitem').filter({ hasText: 'atelier.avi' })).toContainText(
    /\b[1-9]\d? %/,
  );
  await unthrottle();
  await expect(uploads.getByRole('listitem').filter({ hasText: 'Envoyé' })).toHaveCount(3, {
    timeout: 30_000,
  });
  await expect(manager.getByRole('heading', { name: 'Images (2)' })).toBeVisible();
  await expect(manager.getByRole('heading', { name: 'Vidéos (1)' })).toBeVisible();

  // The conversion runs in the background and the manager follows it until the video is ready.
  await expect(manager.locator('video')).toHaveCount(1, { timeout: 60_000 });
  await expect(manager.getByText(/Durée : 0:0[12]/)).toBeVisible();

  // Reordered with the keyboard: the first picture goes down, the focus follows it, the main image changes.
  const images = manager.locator('section').filter({ hasText: 'Images (2)' }).getByRole('listitem');
  const firstSrc = await images.nth(0).locator('img').getAttribute('src');
  const mainBadge = (i: number) => images.nth(i).getByText('Principale', { exact: true });
  await expect(mainBadge(0)).toBeVisible();
  await manager.getByRole('button', { name: "Descendre l'image 1" }).focus();
  await page.keyboard.press('Enter');
  await expect(images.nth(1).locator('img')).toHaveAttribute('src', firstSrc ?? '');
  await expect(manager.getByRole('button', { name: "Monter l'image 2" })).toBeFocused();
  await expect(manager.getByText('Image déplacée en position 2 sur 2')).toBeAttached();
  await expect(mainBadge(0)).toBeVisible();
  await expect(mainBadge(1)).toHaveCount(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The API agrees: the order and the main image stuck.
  const saved = (await (await page.request.get(`/api/admin/products/${product.id}/images`)).json()).data;
  expect(saved.images[1].image.url).toBe(firstSrc);
  expect(saved.images[0].is_main).toBe(true);

  // A phone's 9 MB photo: over the server's 5 MB, it is sent only once shrunk in the browser.
  await picker.setInputFiles(await phonePhoto());
  await expect(uploads.getByRole('listitem').filter({ hasText: 'IMG_2041' })).toContainText('Envoyé', {
    timeout: 30_000,
  });
  await expect(manager.getByRole('heading', { name: 'Images (3)' })).toBeVisible();

  // The shop's product page: the pictures, then the video, which plays on a phone's browser.
  await page.goto(`/product/${product.slug}`);
  await expectLive(page);
  await page.getByRole('button', { name: 'Afficher la vidéo 4 sur 4' }).click();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('poster', /\/media\//);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    void element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(2);

  // Back in the manager, an image is deleted after the confirmation question.
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}&media=${product.id}`);
  await manager.getByRole('button', { name: "Supprimer l'image 2" }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(
    'Êtes-vous sûr de vouloir supprimer cette image ? Cette action est irréversible.',
  );
  await question.getByRole('button', { name: 'Supprimer' }).click();
  await expect(manager.getByRole('heading', { name: 'Images (2)' })).toBeVisible();
});
