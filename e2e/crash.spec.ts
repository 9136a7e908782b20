import { rmSync } from 'node:fs';
import { type APIRequestContext, copyOfTemplate, expect, test, workerPort } from './fixtures.ts';
import {
  customersReadyToOrder,
  expectOrdersKept,
  killLeftovers,
  orderBurstKilled,
  readiness,
  type ShopProcess,
  startShop,
  untilReady,
} from './shop-process.ts';

// The embedded database's process killed outright (SIGKILL of its whole process group, as a
// supervisor does: no close, no flush, its lock left behind, its parent gone with it) in the
// middle of a burst of orders, then started again at once on the same DATA_DIR; and
// stopped the way systemd or Ctrl-C stops it. PostgreSQL's crash is in e2e/scale-out.spec.ts.
const PORT = workerPort(60);
const CUSTOMERS = 20;
const KILL_AFTER = 3;

test('killed in an order burst, the shop loses no order it acknowledged, starts again, and stops cleanly on SIGTERM', async () => {
  // Twenty registrations and a restart, on a copy of the seeded shop.
  test.setTimeout(180_000);
  const DATA_DIR = copyOfTemplate(PORT);
  const env = {
    DATA_DIR,
    LOG_LEVEL: 'info',
    ORDER_RATE_LIMIT_IP_MAX: '10000',
    AUTH_RATE_LIMIT_IP_MAX: '10000',
  };
  const started: ShopProcess[] = [];
  let customers: APIRequestContext[] = [];
  try {
    const first = startShop(PORT, env, { ownGroup: true });
    started.push(first);
    await untilReady(first);
    customers = await customersReadyToOrder(first.url, CUSTOMERS);
    const acknowledged = await orderBurstKilled(first, customers, KILL_AFTER);

    // At once: the same data, the dead process's lock still on it, the process perhaps not reaped yet.
    const again = startShop(PORT, env);
    started.push(again);
    await untilReady(again);
    await expectOrdersKept(acknowledged);
    console.info(
      `[e2e] PGlite: ${acknowledged.length} of ${CUSTOMERS} orders acknowledged before SIGKILL, all there after the restart`,
    );

    expect(await again.stop('SIGTERM'), again.output()).toEqual({ code: 0, signal: null });
    expect(again.output()).toContain('SIGTERM reçu : fermeture propre');
    // The port is free again: nothing is left listening.
    expect(await readiness(again.url)).toBe(0);
  } finally {
    await Promise.all(customers.map((customer) => customer.dispose()));
    killLeftovers(started);
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
});
