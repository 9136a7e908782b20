import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { freshClient, registerThroughApi } from './helpers.ts';

/** The admin the e2e server creates at start (playwright.config.ts: ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@souk.test', password: 'motdepasse-admin-e2e' };

export async function logInAsAdmin(page: Page, to = '/admin') {
  await page.goto(`/auth/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel('Email ou numéro WhatsApp').fill(ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL((url) => url.pathname === to.split('?')[0]);
}

/** A picture to upload, drawn on the spot (no fixture files, no network). */
export async function pictureFile(name: string, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A name nobody used before in this run of the suite (the database lives for the whole run). */
export const unique = (name: string) => `${name} ${Date.now().toString(36).slice(-5)}`;

/** A new client account, signed in in this page's browser context (the API sets its cookie). */
export async function signInNewClient(page: Page) {
  await registerThroughApi(page.request, freshClient('Cliente Curieuse'));
}
