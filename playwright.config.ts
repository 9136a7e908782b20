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

// Journeys run in WORKERS processes side by side, each against a shop of its own started from a
// seeded copy (e2e/fixtures.ts, e2e/global-setup.ts): measured on two cores in docs/testing.md.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // A file's journeys run in order in one worker (some build on the previous one's state); files
  // are shared out between the workers.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // Bounds for two workers on a machine whose two cores are also taken by something else
  // (docs/testing.md: the longest journeys took 60 to 100 s there): a wait ends as soon as its
  // state is seen, so only a failure takes this long.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
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
    // The back office is used from a phone first (the owner's) and from a desk: all its journeys run
    // on a phone; at a desk's size only those whose outcome the width decides (a drawer or a
    // sidebar, cards or a table, folded filters, the drop box's sentence: tagged '@desk-and-phone')
    // and those of the desk alone ('@desk-only'). Every other screen is one layout at both sizes
    // (grid columns only), and the shell's journey audits each page at both (docs/testing.md).
    {
      name: 'admin-desktop',
      testMatch: /admin-.*\.spec\.ts/,
      grep: /@desk-(and-phone|only)/,
      use: { ...devices['Desktop Chrome'], browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'admin-phone',
      testMatch: /admin-.*\.spec\.ts/,
      grepInvert: /@desk-only/,
      use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 390, height: 844 } },
    },
  ],
});
