import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup_runs, sessions } from '../db/schema.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { recordRouteTable } from '../plugins/route-table.ts';
import { createTestApp } from './app.ts';
import { putInCart } from './cart-fixtures.ts';
import { seedCatalog } from './catalog-fixtures.ts';
import { engines } from './database.ts';
import { changedTables, type Fingerprint, fingerprint } from './db-fingerprint.ts';
import { injectAnswer } from './inject-answer.ts';
import { GUEST_SESSION, type Junk, junkRequest } from './junk-arbitraries.ts';
import { answerProblem, describeAnswer } from './refusals.ts';
import { type ApiRoute, routeKey, routesFromPrintout, routeTableOf, sweptRoutes } from './route-table.ts';
import { sessionFor, signedInUser } from './user-fixtures.ts';

// A property-based junk sweep walks the route table (docs/architecture.md, Tests). For every route
// of the real app, fast-check (fixed seed, bounded runs) sends junk path parameters, query strings
// and bodies, built from the route's own schemas, as every kind of caller. Every answer must be
// below 500, every refusal must carry `{ success: false, message }` in French, and a refusal must
// change nothing in the database. SWEEP_SEED (a number, or 'random') and SWEEP_RUNS override the
// seed and the number of requests per route and engine.
//
// Sized by what it is for (docs/testing.md): every run of the suite replays the same 50 requests
// per route and engine (fast-check draws them in order from the seed, so they are the first 50 of
// the 150 it sent before), which catches a route that starts answering a known junk with a 5xx;
// `npm run test:deep` sends 1 000 per route from a new seed, to look for junk nobody has sent yet.

const SEED =
  process.env.SWEEP_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.SWEEP_SEED ?? 20_261_123);
const RUNS = Number(process.env.SWEEP_RUNS ?? 50);
if (process.env.SWEEP_SEED === 'random') console.info(`[sweep] SWEEP_SEED=${SEED} SWEEP_RUNS=${RUNS}`);
const NO_LIMIT = { max: 1_000_000, windowMs: 60_000 };

// The route table, read from a real app once: the tests below are made from it.
const table: ApiRoute[] = await (async () => {
  const t = await createTestApp('pglite');
  try {
    return [...routeTableOf(t.app)];
  } finally {
    await t.close();
  }
})();
const routes = sweptRoutes(table);

type Caller = 'anonymous' | 'guest' | 'client' | 'blocked' | 'admin' | 'foreign-cookie' | 'junk-token';
/** Who calls, and how often: mostly callers who get past authentication, so the junk reaches the route. */
const CALLER_WEIGHTS: [Caller, number][] = [
  ['anonymous', 2],
  ['guest', 2],
  ['client', 3],
  ['blocked', 1],
  ['foreign-cookie', 1],
  ['junk-token', 1],
  // An admin only where there are admin routes.
  ['admin', routes.some((r) => r.url.startsWith('/api/admin')) ? 3 : 0],
];
const caller: fc.Arbitrary<Caller> = fc.oneof(
  ...CALLER_WEIGHTS.filter(([, weight]) => weight > 0).map(([name, weight]) => ({
    weight,
    arbitrary: fc.constant(name),
  })),
);

const seedOf = (key: string) => [...key].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, SEED);

it('records every route as it is added, so a new route is swept without being listed', async () => {
  const app = Fastify();
  recordRouteTable(app);
  await app.register(
    async (api) => {
      api.get('/nouveau/:id', async () => ({ success: true }));
      api.post('/nouveau', async () => ({ success: true }));
    },
    { prefix: '/api' },
  );
  await app.ready();
  expect(sweptRoutes(routeTableOf(app)).map(routeKey)).toEqual(['GET /api/nouveau/:id', 'POST /api/nouveau']);
  expect(routesFromPrintout(app).map(routeKey).sort()).toEqual([
    'GET /api/nouveau/:id',
    'HEAD /api/nouveau/:id',
    'POST /api/nouveau',
  ]);
  await app.close();
});

describe.each(engines)('junk sweep on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const tokens: Partial<Record<'client' | 'blocked' | 'admin', { userId: number; token: string }>> = {};
  const swept = new Set<string>();
  let current: Fingerprint;
  let backupsTaken = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { authRateLimits: { perIdentifier: NO_LIMIT, perIp: NO_LIMIT } });
    const c = await seedCatalog(t.db);
    const client = await signedInUser(t.db, { email: 'client1@exemple.sn', whatsapp_phone: '221770000001' });
    tokens.client = { userId: client.user.id, token: client.token };
    const blocked = await signedInUser(t.db, { status: 'blocked' });
    tokens.blocked = { userId: blocked.user.id, token: blocked.token };
    const admin = await signedInUser(t.db, { role: 'admin' });
    tokens.admin = { userId: admin.user.id, token: admin.token };
    // Something to find behind the ids: a guest cart, a customer's order and cart line.
    await putInCart(t.db, { sessionId: GUEST_SESSION }, { productId: c.nuit.product.id });
    await putInCart(t.db, { userId: client.user.id }, { productId: c.lait.product.id, quantity: 2 });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: client.auth,
      payload: {},
    });
    if (order.statusCode !== 201) throw new Error(`sweep set-up: order refused ${order.body}`);
    await putInCart(t.db, { userId: client.user.id }, { productId: c.nuit.product.id });
  });
  afterAll(() => t?.close());

  /** After a successful write (a logout, a password change), signed-in callers get a live session back. */
  async function restoreSessions() {
    for (const entry of Object.values(tokens)) {
      const found = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(entry.token)));
      if (!found.length) entry.token = await sessionFor(t.db, entry.userId);
    }
  }

  function headersOf({ caller, sessionHeader, body }: Junk<Caller>): Record<string, string> {
    const headers: Record<string, string> = {};
    const token = caller === 'client' || caller === 'blocked' || caller === 'admin' ? tokens[caller] : null;
    if (token) headers.authorization = `Bearer ${token.token}`;
    if (caller === 'foreign-cookie') {
      headers.cookie = `session=${tokens.client?.token}`;
      headers.origin = 'https://autre-site.example';
    }
    if (caller === 'junk-token') headers.authorization = 'Bearer 0000%00<script>';
    if (caller === 'guest' || sessionHeader) headers['x-session-id'] = sessionHeader ?? GUEST_SESSION;
    if (body) headers['content-type'] = body.contentType;
    return headers;
  }

  /**
   * Sends one junk request and checks the answer and, for a refusal, that no table changed. The data
   * is fingerprinted after every call (one query, a few milliseconds on the test catalogue), so the
   * failure names the very request that changed a table; a success may change the data, and then
   * becomes the new reference.
   */
  async function check(route: ApiRoute, junk: Junk<Caller>) {
    // An event stream accepted is let go of once its head is read.
    const res = await injectAnswer(t.app, {
      method: route.method as 'GET',
      url: junk.url,
      headers: headersOf(junk),
      ...(junk.body ? { payload: junk.body.text } : {}),
    });
    const answer = { status: res.statusCode, text: res.body };
    // Work a call leaves for after its answer (a reset e-mail) is a job row, queued with the call's
    // changes; the sweep never runs it, so it cannot be mistaken for the next call's doing.
    const before = current;
    current = await fingerprint(t.db);
    const changed = changedTables(before, current);
    if (answer.status < 400 && route.method !== 'GET') {
      // A backup is recorded once its last byte has gone (ADR 0035), a moment after the answer:
      // waited for here, so that it is not taken for what the next call did.
      if (routeKey(route) === 'POST /api/admin/backup') {
        backupsTaken += 1;
        await expect.poll(() => t.db.$count(backup_runs), { timeout: 10_000 }).toBe(backupsTaken);
      }
      await restoreSessions();
      current = await fingerprint(t.db);
    }
    // The contract must promise every status a route answers (ADR 0009): an undeclared one is a gap.
    // A request no route takes (a path past the router's limits) is answered by the /api fallback.
    const fallback = table.find((r) => r.url === '/api/*' && r.method === route.method);
    const declared = [
      ...Object.keys(route.schema.response ?? {}),
      ...Object.keys(fallback?.schema.response ?? {}),
    ];
    if (!declared.includes(String(answer.status)))
      throw new Error(
        `${route.method} ${junk.url}: answered ${answer.status}, not declared (${declared.join(', ')})`,
      );
    const problem = answerProblem(answer);
    if (problem)
      throw new Error(`${route.method} ${junk.url}: ${problem}\n    answer: ${describeAnswer(answer)}`);
    if (answer.status >= 400 && changed.length) {
      throw new Error(
        `${route.method} ${junk.url}: refused (${describeAnswer(answer)}) but changed ${changed.join(', ')}`,
      );
    }
  }

  it('sweeps the whole route table: what the router holds is what was recorded', () => {
    const printed = sweptRoutes(routesFromPrintout(t.app)).map(routeKey).sort();
    expect(routes.map(routeKey).sort()).toEqual(printed);
    expect(sweptRoutes(routeTableOf(t.app)).map(routeKey).sort()).toEqual(printed);
    expect(printed.length).toBeGreaterThan(20);
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s answers junk with a refusal that changes nothing',
    async (key, route) => {
      swept.add(key);
      current = await fingerprint(t.db);
      await fc.assert(
        fc.asyncProperty(junkRequest(route, caller), (junk) => check(route, junk)),
        { seed: seedOf(key), numRuns: RUNS },
      );
    },
    Math.max(120_000, RUNS * 1_000),
  );

  it('has swept every route of the route table', () => {
    const expected = sweptRoutes(routesFromPrintout(t.app)).map(routeKey).sort();
    expect([...swept].sort()).toEqual(expected);
  });
});
