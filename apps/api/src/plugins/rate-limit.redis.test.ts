import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { password_reset_tokens } from '../db/schema.ts';
import { hashToken, newToken } from '../modules/auth/tokens.ts';
import { createCaptureMailer } from '../test/capture-mailer.ts';
import { putInCart } from '../test/cart-fixtures.ts';
import { seedCatalog } from '../test/catalog-fixtures.ts';
import { createTestDatabase } from '../test/database.ts';
import { addUser, PASSWORD } from '../test/user-fixtures.ts';

// ADR 0012: with REDIS_URL the counters live in Redis, so several server processes share them.
// Two apps on one database stand for two processes. Redis is required here, as in CI: without it
// this file fails, it does not skip.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `souk-test:${randomBytes(6).toString('hex')}:`;
const LOW = { perIdentifier: { max: 3, windowMs: 60_000 }, perIp: { max: 5, windowMs: 60_000 } };
// Two orders placed per phone number and address. The address's window is a minute too, so every
// key this file makes expires within one (the order's default of an hour made the check of a key's
// expiry depend on which key Redis listed first).
const ORDERS = { perIdentifier: { max: 2, windowMs: 60_000 }, perIp: { max: 300, windowMs: 60_000 } };

describe('rate limits shared through Redis', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'souk-redis-'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_URL });
  let probe: Redis;
  let database: Database;
  const apps: FastifyInstance[] = [];
  const start = async () => {
    const app = await buildApi({
      config,
      database,
      logger: false,
      authRateLimits: LOW,
      orderRateLimits: ORDERS,
      rateLimitKeyPrefix: PREFIX,
      mailer: createCaptureMailer().mailer,
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let catalog: Awaited<ReturnType<typeof seedCatalog>>;

  beforeAll(async () => {
    probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
    } catch (error) {
      throw new Error(
        `Redis injoignable à ${REDIS_URL} (TEST_REDIS_URL) : ce test en a besoin, démarrez Redis. / ` +
          `Redis unreachable at ${REDIS_URL}: this test needs it, start Redis. (${String(error)})`,
      );
    }
    database = await createTestDatabase('pglite');
    catalog = await seedCatalog(database.db);
    a = await start();
    b = await start();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    if (probe?.status === 'ready') {
      const keys = await probe.keys(`${PREFIX}*`);
      if (keys.length) await probe.del(...keys);
      await probe.quit();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (app: FastifyInstance, email: string, ip: string, password = 'mauvais-mot') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email, password },
    });

  it('counts the failed logins made on two servers from one address together, and only those', async () => {
    await addUser(database.db, { email: 'voisine@exemple.sn' });
    // A customer signing in on both servers: successes do not count against the address (LOW: 5 failures).
    expect((await login(a, 'voisine@exemple.sn', '203.0.113.1', PASSWORD)).statusCode).toBe(200);
    expect((await login(b, 'voisine@exemple.sn', '203.0.113.1', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await login(a, `a${i}@exemple.sn`, '203.0.113.1')).statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1)
      expect((await login(b, `b${i}@exemple.sn`, '203.0.113.1')).statusCode).toBe(401);
    expect((await login(a, 'a9@exemple.sn', '203.0.113.1')).statusCode).toBe(429);
    const res = await login(b, 'voisine@exemple.sn', '203.0.113.1', PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(b, 'voisine@exemple.sn', '203.0.113.2', PASSWORD)).statusCode).toBe(200);
  });

  it('stops a burst of parallel failed logins from one address sent to two servers at its refusals', async () => {
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(i % 2 ? a : b, `rafale${i}@exemple.sn`, '203.0.113.40')),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('counts the attempts made on two servers against one account together', async () => {
    expect((await login(a, 'cible@exemple.sn', '203.0.113.10')).statusCode).toBe(401);
    expect((await login(b, 'cible@exemple.sn', '203.0.113.10')).statusCode).toBe(401);
    expect((await login(a, 'cible@exemple.sn', '203.0.113.10')).statusCode).toBe(401);
    expect((await login(b, 'CIBLE@exemple.sn', '203.0.113.10')).statusCode).toBe(429);
  });

  it("forgets an account's login counters on every server once its password is reset", async () => {
    const her = await addUser(database.db, { email: 'reinitialisee@exemple.sn' });
    for (let i = 0; i < 3; i += 1) {
      expect((await login(a, 'reinitialisee@exemple.sn', '203.0.113.20')).statusCode).toBe(401);
      expect((await login(b, 'REINITIALISEE@exemple.sn', '203.0.113.21')).statusCode).toBe(401);
    }
    expect((await login(a, 'reinitialisee@exemple.sn', '203.0.113.20', PASSWORD)).statusCode).toBe(429);
    const counters = () => probe.keys(`${PREFIX}*reinitialisee@exemple.sn*`);
    expect((await counters()).length).toBeGreaterThan(0);

    const token = newToken();
    await database.db.insert(password_reset_tokens).values({
      user_id: her.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const fresh = 'tout-nouveau-1';
    const reset = await b.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: '203.0.113.22',
      payload: { token, password: fresh, password_confirmation: fresh },
    });
    expect(reset.statusCode).toBe(200);
    expect(await counters()).toEqual([]);
    expect((await login(a, 'reinitialisee@exemple.sn', '203.0.113.20', fresh)).statusCode).toBe(200);
    expect((await login(b, 'reinitialisee@exemple.sn', '203.0.113.21', fresh)).statusCode).toBe(200);
  });

  let carts = 0;
  const guestOrder = async (app: FastifyInstance, phone: string, { emptyCart = false } = {}) => {
    carts += 1;
    const sessionId = `redis-${carts}-${Date.now()}`;
    if (!emptyCart) await putInCart(database.db, { sessionId }, { productId: catalog.nuit.product.id });
    return app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      remoteAddress: '203.0.113.30',
      payload: { name: 'Cliente invitée', whatsapp_phone: phone, session_id: sessionId },
      headers: { 'x-session-id': sessionId },
    });
  };

  it('stops a burst of parallel orders with one number sent to two servers at its share', async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => guestOrder(i % 2 ? a : b, '771230808')),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect((await guestOrder(a, '771230808')).statusCode).toBe(429);
  });

  it('gives back on every server the share of an order that was refused', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await guestOrder(i % 2 ? a : b, '771230909', { emptyCart: true })).statusCode).toBe(422);
    expect((await guestOrder(a, '771230909')).statusCode).toBe(201);
    expect((await guestOrder(b, '771230909')).statusCode).toBe(201);
    expect((await guestOrder(a, '771230909')).statusCode).toBe(429);
  });

  it('keeps its counters in Redis, under its prefix, expiring with their window', async () => {
    const keys = await probe.keys(`${PREFIX}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const ttl = await probe.pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(60_000);
    }
  });

  it('closes its Redis connection when the app closes', async () => {
    const connections = async () =>
      String(await probe.client('LIST'))
        .split('\n')
        .filter((line) => line.includes('name=souk-api')).length;
    const before = await connections();
    const c = await start();
    expect(await connections()).toBe(before + 1);
    await c.close();
    apps.splice(apps.indexOf(c), 1);
    await expect.poll(connections).toBe(before);
  });

  it('refuses to start, with a readable reason, when Redis cannot be reached', async () => {
    const unreachable = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    await expect(buildApi({ config: unreachable, database, logger: false })).rejects.toThrow(
      /^Redis injoignable \(REDIS_URL\) : connect ECONNREFUSED/,
    );
  });
});
