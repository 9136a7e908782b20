import { cpSync, rmSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { ADMIN } from './admin-helpers.ts';
import { killLeftovers, type ShopProcess, startShop, untilReady } from './shop-process.ts';

// Every journey imports `test` and `expect` from here (biome.json refuses '@playwright/test' in a
// spec): each Playwright worker runs its journeys against a shop of its own — its port, its data
// directory copied from the seeded template global-setup.ts made, its SMTP port — so workers run
// side by side without sharing a row (docs/testing.md).

/** The first worker's shop port; worker n uses the hundred ports from E2E_PORT + 100 × n. */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * A port of this worker's block: its shop at `offset` 0, its SMTP sink at 25, and the ports of the
 * journeys that start processes of their own (crash 60, scale-out 70 to 75). Read in the worker,
 * where Playwright sets TEST_PARALLEL_INDEX: a worker that replaces a failed one reuses its block.
 */
export const workerPort = (offset = 0) =>
  E2E_PORT + 100 * Number(process.env.TEST_PARALLEL_INDEX ?? 0) + offset;

/** Where global-setup.ts leaves the seeded shop every worker copies (one per E2E_PORT). */
export const TEMPLATE_DATA_DIR = `var/e2e-template-${E2E_PORT}`;

/** The data directory of a shop on `port`, a copy of the seeded template (emptied first). */
export function copyOfTemplate(port: number) {
  const dataDir = `var/e2e-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(TEMPLATE_DATA_DIR, dataDir, { recursive: true });
  return dataDir;
}

/** The journeys' shop configuration (what a spec's `shopEnv` adds to or overrides). */
export function journeyEnv(port: number): Record<string, string> {
  return {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The server mails through SMTP to this port, where the journeys that read mail run a real sink.
    SMTP_URL: `smtp://127.0.0.1:${port + 25}`,
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
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
}

export type JourneyShop = {
  url: string;
  port: number;
  /** Where the shop sends its mail (a journey that reads it runs `startSmtpSink` there). */
  smtpPort: number;
  process: ShopProcess;
};

type WorkerFixtures = {
  /**
   * Settings of the shop this file's journeys run against, over `journeyEnv`. A file (or a
   * describe block) that needs another configuration says `test.use({ shopEnv: { … } })`: its
   * journeys get a worker, and a shop, of their own, started once for them.
   */
  shopEnv: Record<string, string>;
  shop: JourneyShop;
};

export const test = base.extend<object, WorkerFixtures>({
  shopEnv: [{}, { scope: 'worker', option: true }],
  shop: [
    async ({ shopEnv }, use) => {
      const port = workerPort();
      const dataDir = copyOfTemplate(port);
      const shop = startShop(port, { ...journeyEnv(port), DATA_DIR: dataDir, ...shopEnv });
      try {
        await untilReady(shop, 60_000);
        await use({ url: shop.url, port, smtpPort: port + 25, process: shop });
      } finally {
        await shop.stop();
        killLeftovers([shop]);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
});

// Everything else of Playwright's (expect, types, request) as it is: one import for a spec.
export * from '@playwright/test';
