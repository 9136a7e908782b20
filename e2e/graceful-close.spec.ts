import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { killLeftovers, readiness, type ShopProcess, startShop, untilReady } from './shop-process.ts';

// A server of its own, started as `npm start` starts it, on its own port and data directory.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const DATA_DIR = `var/e2e-close-${PORT}`;

test('on SIGTERM the server closes cleanly and exits 0; the shop starts again on the same data', async () => {
  // The first start migrates and seeds a demo shop: more time than a journey's default.
  test.setTimeout(240_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  const running: ShopProcess[] = [];
  try {
    for (const round of ['first start', 'restart']) {
      const server = startShop(PORT, { DATA_DIR, LOG_LEVEL: 'info' });
      running.push(server);
      await untilReady(server).catch((error: Error) => {
        throw new Error(`${round}: ${error.message}`);
      });
      expect(await server.stop('SIGTERM'), server.output()).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('SIGTERM reçu : fermeture propre');
      // The port is free again: nothing is left listening.
      expect(await readiness(server.url)).toBe(0);
    }
  } finally {
    killLeftovers(running);
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
});
