import { type APIRequestContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectLive, freshClient, registerThroughApi } from './helpers.ts';

/** The admin the e2e server creates at start (e2e/fixtures.ts: ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@souk.test', password: 'motdepasse-admin-e2e' };

/**
 * An API client with the admin's session of its own, for a journey in which the shop changes
 * behind a visitor's back (a price, a name). The caller disposes of it.
 */
export async function adminApi(newContext: () => Promise<APIRequestContext>): Promise<APIRequestContext> {
  const admin = await newContext();
  const login = await admin.post('/api/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status()).toBe(200);
  return admin;
}

/**
 * The admin signed in in this page's browser context (the API's login sets its cookie there),
 * then on `to`, live. The login form itself, and its way back to the page asked for, is the
 * journey of e2e/admin-access.spec.ts; the other journeys start signed in, as the owner's phone
 * is, without a login page's load and hydration each (docs/testing.md).
 */
export async function logInAsAdmin(page: Page, to = '/admin') {
  const login = await page.request.post('/api/auth/login', {
    data: { identifier: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status()).toBe(200);
  await page.goto(to);
  await expect(page).toHaveURL((url) => url.pathname === to.split('?')[0]);
  await expectLive(page);
  await expectFollowing(page);
}

/**
 * The page follows the back office's changes (docs/decisions/0042): its events stream is open and
 * the page read itself once since, so a change made elsewhere from now on shows on it, and no
 * reading of its own is still to come.
 */
export async function expectFollowing(page: Page) {
  await expect(page.locator('header[data-live]')).toHaveAttribute('data-live', 'live');
}

/**
 * A picture to upload, drawn on the spot (no fixture files, no network). `photo` adds grain so it
 * weighs what a photo weighs (~150 kB) rather than a few kB of flat colour.
 */
export async function pictureFile(
  name: string,
  colour: { r: number; g: number; b: number },
  { photo = false } = {},
) {
  const noise = photo ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 30 } } : {};
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: colour, ...noise },
  })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/**
 * A phone's photo: 4000 × 3000 pixels of grain in a 9 MB JPEG, taken with the phone turned (EXIF
 * orientation 6: the pixels lie on their side, the picture stands upright).
 */
export async function phonePhoto() {
  const buffer = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 120, g: 90, b: 60 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 94 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  expect(buffer.length).toBeGreaterThan(8 * 1024 * 1024);
  return { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer };
}

/**
 * A name nobody used before in this run of the suite (the database lives for the whole run). Its
 * mark is letters only: digits would also match the phone numbers holding them (the customers'
 * search reads three digits or more as a phone), and find someone else.
 */
export const unique = (name: string) =>
  `${name} ${Date.now()
    .toString(26)
    .slice(-6)
    .replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)] ?? 'q')}`;

/** A new client account, signed in in this page's browser context (the API sets its cookie). */
export async function signInNewClient(page: Page) {
  await registerThroughApi(page.request, freshClient('Cliente Curieuse'));
}

/**
 * A product of the test's own, created through the admin's session (the API answers the page's
 * cookie), in the category of a demo product.
 */
export async function createProductThroughApi(
  page: Page,
  product: { name: string; description: string; base_price: number },
): Promise<{ id: number; slug: string }> {
  const [sample] = (await (await page.request.get('/api/admin/products?per_page=1')).json()).data.products;
  const created = await page.request.post('/api/admin/products', {
    data: { ...product, category_id: sample.category_id },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.product;
}

/**
 * Slows the page's uploads to `bytesPerSecond` (Chromium's network emulation), so a progress bar
 * has time to show; the returned function lifts the limit.
 */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 2_000_000,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
}
