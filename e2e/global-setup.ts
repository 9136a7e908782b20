import { rmSync } from 'node:fs';
import { journeyEnv, TEMPLATE_DATA_DIR } from './fixtures.ts';
import { startShop, untilReady } from './shop-process.ts';

/**
 * The shop every worker copies (e2e/fixtures.ts): started once as `npm start` starts a new shop
 * (apps/web/start.ts, production mode, the build the run has made), which migrates and seeds the
 * demo catalogue into a fresh data directory, then stopped. A copy starts in about two seconds;
 * a first start takes half a minute.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3100);
  rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
  const shop = startShop(port, { ...journeyEnv(port), DATA_DIR: TEMPLATE_DATA_DIR });
  try {
    await untilReady(shop, 240_000);
  } catch (error) {
    shop.kill('SIGKILL');
    throw error;
  }
  const exit = await shop.stop();
  if (exit.code !== 0)
    throw new Error(`la boutique modèle ne s'est pas arrêtée proprement :\n${shop.output()}`);
}
