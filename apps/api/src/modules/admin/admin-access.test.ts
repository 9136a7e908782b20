import { SESSION_COOKIE } from '@souk/domain/cookies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { fingerprint } from '../../test/db-fingerprint.ts';
import { injectAnswer } from '../../test/inject-answer.ts';
import { fillPath, pathParams, routeTableOf, sweptRoutes } from '../../test/route-table.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

// Walks the API's own route table: every /api/admin route, including one added later without
// anyone listing it here, refuses a guest (401), a client and a blocked admin (403), and lets an
// admin in; its answers are never stored by a browser or a proxy.

describe.each(engines)('admin authorization on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let callers: Record<'client' | 'blockedAdmin' | 'admin', Record<string, string>>;
  let adminCookie: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const admin = await signedInUser(t.db, { role: 'admin' });
    callers = {
      client: (await signedInUser(t.db)).auth,
      blockedAdmin: (await signedInUser(t.db, { role: 'admin', status: 'blocked' })).auth,
      admin: admin.auth,
    };
    adminCookie = { cookie: `${SESSION_COOKIE}=${admin.token}` };
  });
  afterAll(() => t?.close());

  const adminRoutes = () =>
    sweptRoutes(routeTableOf(t.app)).filter((r) => r.url === '/api/admin' || r.url.startsWith('/api/admin/'));
  /** One call (an event stream let go of once its head is read). */
  const request = (route: { method: string; url: string }, headers: Record<string, string>) =>
    injectAnswer(t.app, {
      method: route.method as 'GET',
      url: fillPath(
        route.url,
        pathParams(route.url).map(() => '1'),
      ),
      headers,
      ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
    });

  it('finds the admin routes in the route table', () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(8);
  });

  it('answers 401 to a guest, 403 to a client and to a blocked admin, and changes nothing', async () => {
    const before = await fingerprint(t.db);
    const problems: string[] = [];
    for (const route of adminRoutes()) {
      const cases: [string, Record<string, string>, number][] = [
        ['guest', {}, 401],
        ['junk token', { authorization: 'Bearer inconnu' }, 401],
        ['client', callers.client, 403],
        ['blocked admin', callers.blockedAdmin, 403],
      ];
      for (const [who, headers, status] of cases) {
        const res = await request(route, headers);
        if (res.statusCode !== status)
          problems.push(`${route.method} ${route.url} as ${who}: ${res.statusCode}`);
        else if (!res.json().message) problems.push(`${route.method} ${route.url} as ${who}: no message`);
        if (res.headers['cache-control'] !== 'no-store')
          problems.push(
            `${route.method} ${route.url} as ${who}: cache-control ${res.headers['cache-control']}`,
          );
      }
    }
    expect(problems).toEqual([]);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('lets an admin through (bearer or cookie), answers no-store', async () => {
    const problems: string[] = [];
    for (const route of adminRoutes()) {
      for (const headers of [callers.admin, adminCookie]) {
        const res = await request(route, headers);
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
          problems.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
        if (res.headers['cache-control'] !== 'no-store')
          problems.push(`${route.method} ${route.url}: cache-control ${res.headers['cache-control']}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
