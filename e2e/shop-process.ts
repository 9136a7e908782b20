import { type ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { connect } from 'node:net';
import { type APIRequestContext, expect, request } from '@playwright/test';
import pg from 'pg';
import { withDatabase } from '../apps/api/src/test/database.ts';
import { freshClient, registerThroughApi } from './helpers.ts';
import { sellableLine } from './order-helpers.ts';

// Server processes of the journeys' own, each started as `npm start` starts it (apps/web/start.ts,
// production mode, on the build the run has made), on a port and data of the journey's choosing.

export type ShopProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it printed. */
  output(): string;
  /** Resolves when it has exited, with its code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (to its whole process group when it has one) and does not wait. */
  kill(signal: NodeJS.Signals): void;
  /** Sends `signal` and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * `ownGroup`: started as `npm start` is, under a parent of its own (a shell) in a process group of
 * its own, so that a SIGKILL of the group kills the parent with the server: nobody is left to
 * reap the server at once, and for a moment it is a zombie that still answers signals.
 */
export function startShop(
  port: number,
  env: Record<string, string>,
  { ownGroup = false }: { ownGroup?: boolean } = {},
): ShopProcess {
  const { NODE_ENV: _production_by_default, ...inherited } = process.env;
  const options = {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
  };
  // The shell stays the server's parent (the command is not its last: it does not exec it).
  const child = ownGroup
    ? spawn('sh', ['-c', '"$0" apps/web/start.ts; exit $?', process.execPath], { ...options, detached: true })
    : spawn(process.execPath, ['apps/web/start.ts'], options);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    kill(signal) {
      if (ownGroup && child.pid) process.kill(-child.pid, signal);
      else child.kill(signal);
    },
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) this.kill(signal);
      return exited;
    },
  };
}

/**
 * The process's readiness: its status code, 0 while nothing answers (within 3 s). Asked on a
 * connection of its own, closed with the answer: a connection kept open would hold the process's
 * stop for its whole drain (DRAIN_MAX_MS), waiting for this client to close it.
 */
export const readiness = (url: string) =>
  new Promise<number>((resolve) => {
    const asked = get(`${url}/api/health/ready`, { agent: false, timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    asked.on('timeout', () => asked.destroy());
    asked.on('error', () => resolve(0));
  });

/** Waits until the process says it is ready (a first start migrates and seeds: up to a minute or two). */
export async function untilReady(shop: ShopProcess, timeout = 150_000) {
  await expect
    .poll(
      async () => {
        if (shop.child.exitCode !== null || shop.child.signalCode !== null)
          throw new Error(`le processus ${shop.port} s'est arrêté :\n${shop.output()}`);
        return readiness(shop.url);
      },
      { timeout, intervals: [250] },
    )
    .toBe(200);
}

/** Kills whatever is still running among `shops` (a test that failed half-way). */
export function killLeftovers(shops: (ShopProcess | undefined)[]) {
  for (const shop of shops)
    if (shop && shop.child.exitCode === null && shop.child.signalCode === null) shop.kill('SIGKILL');
}

/** PostgreSQL for the journeys that need it: TEST_DATABASE_URL, as for the route tests. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL;
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The test PostgreSQL's database `name` (the route tests' own helper). */
export const databaseUrl = (name: string) => withDatabase(POSTGRES_URL as string, name);

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database `name` on the test PostgreSQL (dropped first if a run left it). */
export async function createDatabase(name: string) {
  await dropDatabase(name);
  await onServer(`create database ${name}`);
}

export const dropDatabase = (name: string) => onServer(`drop database if exists ${name} with (force)`);

/** Whether Redis answers a PING at `url`. */
export function redisAnswers(url = REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname);
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}

/** Customers of `url`, each with an account and two units of a product in the cart, ready to order. */
export async function customersReadyToOrder(url: string, count: number): Promise<APIRequestContext[]> {
  const customers: APIRequestContext[] = [];
  let line: Awaited<ReturnType<typeof sellableLine>> | undefined;
  for (let i = 0; i < count; i += 1) {
    const customer = await request.newContext({ baseURL: url });
    customers.push(customer);
    await registerThroughApi(customer, freshClient(`Client ${i}`));
    line ??= await sellableLine(customer);
    expect((await customer.post('/api/cart', { data: line })).status()).toBe(200);
  }
  return customers;
}

/**
 * Every customer orders at once; `shop` is killed outright (SIGKILL) as the `killAfter`-th
 * acknowledgement arrives, the others in flight (how many were answered before the kill landed
 * is the machine's speed: the callers print it). Returns the orders acknowledged, with their
 * customers.
 */
export async function orderBurstKilled(shop: ShopProcess, customers: APIRequestContext[], killAfter: number) {
  const acknowledged: { customer: APIRequestContext; number: string }[] = [];
  await Promise.allSettled(
    customers.map(async (customer) => {
      const res = await customer.post('/api/orders', { data: {} });
      if (res.status() !== 201) return;
      acknowledged.push({ customer, number: (await res.json()).data.order.order_number });
      if (acknowledged.length === killAfter) shop.kill('SIGKILL');
    }),
  );
  // Fewer orders acknowledged than that (refused, or failed): killed now, and said below.
  killLeftovers([shop]);
  expect((await shop.exited).signal).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
  return acknowledged;
}

/** Each acknowledged order is in its customer's 'Mes Commandes' (the customer's own session). */
export async function expectOrdersKept(acknowledged: { customer: APIRequestContext; number: string }[]) {
  for (const { customer, number } of acknowledged) {
    const mine = await customer.get('/api/orders');
    expect(mine.status()).toBe(200);
    const numbers = ((await mine.json()).data.orders as { order_number: string }[]).map(
      (o) => o.order_number,
    );
    expect(numbers, `order ${number}`).toContain(number);
  }
}
