import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (docs/architecture.md, Tests).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium introuvable à ${CHROMIUM} : installez-le (apt-get install -y chromium) ou définissez CHROMIUM_PATH.`,
  );
}

// The demo seed's pictures, drawn once for every server the journeys start (the web server, the
// crash and scale-out journeys' own), and for the unit tests' seeds (vitest.config.ts).
process.env.SEED_PICTURE_CACHE ??= path.join(
  import.meta.dirname,
  'node_modules',
  '.cache',
  'souk-demo-pictures',
);

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Each port gets its own data directory so two runs never share (or wipe) one database.
export const E2E_DATA_DIR = PORT === 3100 ? 'var/e2e' : `var/e2e-${PORT}`;
// The server mails through SMTP to this port, where the journeys that read mail run a real sink.
export const E2E_SMTP_PORT = PORT + 25;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    // The shop's service worker answers pages from its copies once it is installed, out of sight of
    // a journey's request routes: the journeys of the offline shop let it in (e2e/offline.spec.ts),
    // the others see the network as it is.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      testIgnore: /admin-.*\.spec\.ts/,
      use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 360, height: 800 } },
    },
    // The back office is used from a desk and from a phone: its journeys run at both sizes.
    {
      name: 'admin-desktop',
      testMatch: /admin-.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'admin-phone',
      testMatch: /admin-.*\.spec\.ts/,
      use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 390, height: 844 } },
    },
  ],
  webServer: {
    // A fresh embedded database each run: the first start migrates and seeds the demo shop.
    // Started as `npm start` starts it (apps/web/start.ts), with NODE_ENV removed from the inherited
    // environment: production mode must be the default (e2e/production-mode.spec.ts checks it).
    command: `rm -rf ${E2E_DATA_DIR} && env -u NODE_ENV node apps/web/start.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // The demo catalogue without its two months of orders: the journeys count the orders,
      // customers and figures they make themselves (the demo's own are tested in
      // apps/api/src/db/seed/demo-orders.test.ts).
      SEED: 'catalogue',
      // Every journey logs in from 127.0.0.1: generous attempt limits, so admin journeys (one account
      // signing in again and again) never meet a 429, nor does the address its journeys' wrong passwords.
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_RATE_LIMIT_IP_MAX: '10000',
      // Every journey's customers order from 127.0.0.1 too (checkout, orders, dashboard): its refused
      // orders (empty cart, out of stock) all count against that one address.
      ORDER_RATE_LIMIT_IP_MAX: '1000',
      // Hours of their own, not the demo's: the checkout journey sees the configured agency reach the page.
      AGENCY_HOURS: 'Du lundi au vendredi, 8 h 30 – 18 h',
      // The back office's journeys log in as this admin (e2e/admin-helpers.ts).
      ADMIN_EMAIL: 'admin@souk.test',
      ADMIN_PASSWORD: 'motdepasse-admin-e2e',
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    stdout: 'pipe',
  },
});
