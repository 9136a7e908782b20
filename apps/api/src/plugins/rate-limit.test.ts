import {
  isTooManyAttempts,
  loginTooMany,
  ordersTooMany,
  tooManyAttempts,
} from '@souk/domain/account-messages';
import { operations } from '@souk/domain/contract';
import { formatPhone } from '@souk/domain/phone-format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { putInCart } from '../test/cart-fixtures.ts';
import { seedCatalog } from '../test/catalog-fixtures.ts';
import { oneEngine } from '../test/database.ts';
import { addUser, PASSWORD, signedInUser } from '../test/user-fixtures.ts';
import { WindowStore } from './rate-limit-stores.ts';

// ADR 0012: rate limits that cannot be walked around: not by rotating X-Forwarded-For, not by
// sending junk, not by flooding other identifiers, not on the routes that were left open. And that
// do not turn a crowd away: customers share one address behind their operator's NAT, so per
// address only refused attempts count.

const MINUTE = 60_000;
const LOW = { perIdentifier: { max: 3, windowMs: MINUTE }, perIp: { max: 5, windowMs: MINUTE } };
type Answered = { headers: Record<string, unknown> };
/** A refused login says when to try again: the wait of its Retry-After. */
const loginRefusal = (res: Answered) => ({
  success: false,
  message: loginTooMany(Number(res.headers['retry-after'])),
});
/** Any other refusal past a limit says when to try again too. */
const refusal = (res: Answered) => ({
  success: false,
  message: tooManyAttempts(Number(res.headers['retry-after'])),
});
/** An order refused past the limit adds where to order at once: the shop's WhatsApp (the test default's). */
const orderRefusal = (res: Answered) => ({
  success: false,
  message: ordersTooMany(Number(res.headers['retry-after']), formatPhone('+221770000000')),
});

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Call = { ip?: string; headers?: Record<string, string> };

const send = (t: TestApp, method: 'POST' | 'PUT', url: string, payload: object, call: Call = {}) =>
  t.app.inject({
    method,
    url,
    payload,
    ...(call.headers ? { headers: call.headers } : {}),
    ...(call.ip ? { remoteAddress: call.ip } : {}),
  });
const login = (t: TestApp, email: string, call: Call = {}, password = 'mauvais-mot') =>
  send(t, 'POST', '/api/auth/login', { email, password }, call);

describe.each(oneEngine)('rate limits on %s', (engine) => {
  describe('the client address', () => {
    let t: TestApp;
    let behindProxy: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine, { authRateLimits: LOW });
      // The inject client's address (127.0.0.1) is the trusted proxy.
      behindProxy = await createTestApp(engine, { authRateLimits: LOW, env: { TRUST_PROXY: '127.0.0.1' } });
    });
    afterAll(async () => {
      await t?.close();
      await behindProxy?.close();
    });

    it('counts logins against the connecting address, whatever X-Forwarded-For claims', async () => {
      for (let i = 0; i < 5; i += 1) {
        const res = await login(t, `rotation${i}@exemple.sn`, {
          headers: { 'x-forwarded-for': `10.9.0.${i}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await login(t, 'rotation9@exemple.sn', { headers: { 'x-forwarded-for': '10.9.0.99' } });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(loginRefusal(res));
    });

    it('refuses an address once its failed logins are used up, the right password too, and only that address', async () => {
      const customers = [];
      for (let i = 0; i < 6; i += 1) customers.push(await addUser(t.db, { email: `voisin${i}@exemple.sn` }));
      // Six customers behind one address sign in (LOW allows that address 5 failures): successes never count.
      for (const { email } of customers)
        expect((await login(t, email ?? '', { ip: '203.0.113.1' }, PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 5; i += 1)
        expect((await login(t, `inconnu${i}@exemple.sn`, { ip: '203.0.113.1' })).statusCode).toBe(401);
      const res = await login(t, 'voisin0@exemple.sn', { ip: '203.0.113.1' }, PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(loginRefusal(res));
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(t, 'voisin0@exemple.sn', { ip: '203.0.113.2' }, PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a burst of parallel failed logins from one address, not only the attempts after it', async () => {
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(t, `rafale${i}@exemple.sn`, { ip: '203.0.113.77' })),
      );
      const statuses = burst.map((res) => res.statusCode);
      // LOW gives the address 5 refusals: the attempts under way count as refusals to come.
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
      expect((await login(t, 'rafale0@exemple.sn', { ip: '203.0.113.77' })).statusCode).toBe(429);
    });

    it('does not count against the address the attempts another limit refused (429)', async () => {
      // LOW: 3 attempts per identifier and address. The 429s past them are the limiter's refusals,
      // not the handler's: they do not count against the address.
      for (let i = 0; i < 3; i += 1)
        expect((await login(t, 'insiste@exemple.sn', { ip: '203.0.113.3' })).statusCode).toBe(401);
      for (let i = 0; i < 3; i += 1)
        expect((await login(t, 'insiste@exemple.sn', { ip: '203.0.113.3' })).statusCode).toBe(429);
      for (let i = 0; i < 2; i += 1)
        expect((await login(t, `autre${i}@exemple.sn`, { ip: '203.0.113.3' })).statusCode).toBe(401);
      expect((await login(t, 'autre9@exemple.sn', { ip: '203.0.113.3' })).statusCode).toBe(429);
    });

    it('behind a proxy named by TRUST_PROXY, reads the address that proxy saw, not what the client prepended', async () => {
      for (let i = 0; i < 5; i += 1) {
        const res = await login(behindProxy, `proxy${i}@exemple.sn`, {
          headers: { 'x-forwarded-for': `10.8.0.${i}, 198.51.100.9` },
        });
        expect(res.statusCode).toBe(401);
      }
      const spoofed = { 'x-forwarded-for': '10.8.0.99, 198.51.100.9' };
      expect((await login(behindProxy, 'proxy9@exemple.sn', { headers: spoofed })).statusCode).toBe(429);
      const other = { 'x-forwarded-for': '198.51.100.10' };
      expect((await login(behindProxy, 'proxy9@exemple.sn', { headers: other })).statusCode).toBe(401);
    });
  });

  describe('well-formed attempts only', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine, { authRateLimits: LOW });
      await addUser(t.db, { email: 'cible.valide@exemple.sn' });
    });
    afterAll(() => t?.close());

    it('does not count a login refused by validation against the address', async () => {
      for (let i = 0; i < 10; i += 1) {
        const res = await send(
          t,
          'POST',
          '/api/auth/login',
          { email: `junk${i}@exemple.sn` },
          { ip: '203.0.113.20' },
        );
        expect(res.statusCode).toBe(422);
      }
      expect((await login(t, 'junk@exemple.sn', { ip: '203.0.113.20' })).statusCode).toBe(401);
    });

    it("does not count junk naming someone's e-mail against that account", async () => {
      for (let i = 0; i < 10; i += 1) {
        const res = await send(
          t,
          'POST',
          '/api/auth/login',
          { email: 'cible.valide@exemple.sn', password: '' },
          { ip: `203.0.113.${30 + i}` },
        );
        expect(res.statusCode).toBe(422);
      }
      const res = await login(t, 'cible.valide@exemple.sn', { ip: '203.0.113.29' }, PASSWORD);
      expect(res.statusCode).toBe(200);
    });

    it('refuses even the right password once the wrong ones are used up (the handler never runs)', async () => {
      await addUser(t.db, { email: 'devinee@exemple.sn' });
      for (let i = 0; i < 3; i += 1)
        expect((await login(t, 'devinee@exemple.sn', { ip: '203.0.113.50' })).statusCode).toBe(401);
      const res = await login(t, 'DEVINEE@exemple.sn', { ip: '203.0.113.50' }, PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // A stranger's wrong guesses elsewhere do not lock the customer out.
      expect((await login(t, 'devinee@exemple.sn', { ip: '203.0.113.51' }, PASSWORD)).statusCode).toBe(200);
    });

    it('counts a phone number once, however it is retyped', async () => {
      await addUser(t.db, { email: null, whatsapp_phone: '+221771239999' });
      for (const typed of ['77 123 99 99', '00221 77-123-99-99', '221771239999'])
        expect((await login(t, typed, { ip: '203.0.113.60' })).statusCode).toBe(401);
      expect((await login(t, '77.123.99.99', { ip: '203.0.113.60' }, PASSWORD)).statusCode).toBe(429);
    });

    it('caps guesses at one identifier spread over many addresses at ten times the per-address count', async () => {
      // LOW allows 3 per identifier and address: 30 in all, over ten addresses.
      for (let i = 0; i < 10; i += 1)
        for (let j = 0; j < 3; j += 1)
          expect((await login(t, 'repandue@exemple.sn', { ip: `198.18.0.${i}` })).statusCode).toBe(401);
      expect((await login(t, 'repandue@exemple.sn', { ip: '198.18.0.99' })).statusCode).toBe(429);
    });
  });

  describe('a flood of other identifiers', () => {
    let t: TestApp;
    beforeAll(async () => {
      // The default per-address limit: these requests all succeed, so none counts there.
      t = await createTestApp(engine, { authRateLimits: { perIdentifier: LOW.perIdentifier } });
    });
    afterAll(() => t?.close());

    it("does not reset someone's counter, even 6,000 identifiers later", async () => {
      const forgot = (email: string) => send(t, 'POST', '/api/auth/forgot-password', { email });
      for (let i = 0; i < 3; i += 1) expect((await forgot('victime@exemple.sn')).statusCode).toBe(200);
      for (let start = 0; start < 6000; start += 100) {
        const batch = Array.from({ length: 100 }, (_, i) => forgot(`autre${start + i}@exemple.sn`));
        for (const res of await Promise.all(batch)) expect(res.statusCode).toBe(200);
      }
      expect((await forgot('victime@exemple.sn')).statusCode).toBe(429);
    }, 180_000);
  });

  describe('operations limited since ADR 0012', () => {
    let t: TestApp;
    let c: Awaited<ReturnType<typeof seedCatalog>>;
    beforeAll(async () => {
      t = await createTestApp(engine, {
        authRateLimits: LOW,
        // Three refused orders per address; per phone number or account, the default.
        orderRateLimits: { perIp: { max: 3, windowMs: MINUTE } },
      });
      c = await seedCatalog(t.db);
    });
    afterAll(() => t?.close());

    it('declares 429 in the contract of each of them', () => {
      for (const key of [
        'POST /auth/register',
        'POST /auth/quick-register',
        'PUT /auth/me',
        'POST /auth/change-password',
        'POST /orders/guest',
        'POST /orders',
      ] as const) {
        expect(operations[key].rateLimited, key).toBe(true);
      }
    });

    it('lets a crowd register quickly from one address, and stops phone numbers being tried there', async () => {
      const quick = (i: number, ip = '203.0.113.70') =>
        send(
          t,
          'POST',
          '/api/auth/quick-register',
          {
            name: `Rapide ${i}`,
            whatsapp_phone: `2217610000${String(i).padStart(2, '0')}`,
            password: PASSWORD,
          },
          { ip },
        );
      // LOW allows the address 5 refusals: ten new customers register all the same.
      for (let i = 0; i < 10; i += 1) expect((await quick(i)).statusCode).toBe(201);
      // A number already taken is refused by the rules (422 after the schema): that counts.
      for (let i = 0; i < 5; i += 1) expect((await quick(i)).statusCode).toBe(422);
      expect((await quick(99)).statusCode).toBe(429);
      expect((await quick(99, '203.0.113.71')).statusCode).toBe(201);
    });

    it('limits profile edits per account, so one account cannot probe phone numbers', async () => {
      const { auth } = await signedInUser(t.db);
      const edit = (phone: string, ip: string) =>
        send(
          t,
          'PUT',
          '/api/auth/me',
          { whatsapp_phone: phone, current_password: PASSWORD },
          { headers: auth, ip },
        );
      const taken = await addUser(t.db);
      // A number already taken is refused by the rules (422 naming the field), after the schema: it counts.
      for (let i = 0; i < 3; i += 1) {
        const res = await edit(taken.whatsapp_phone ?? '', `203.0.113.${80 + i}`);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.whatsapp_phone).toHaveLength(1);
      }
      const res = await edit('221760000001', '203.0.113.89');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(refusal(res));
    });

    it('limits password changes per account, so the current password cannot be guessed', async () => {
      const { auth } = await signedInUser(t.db);
      const change = (current: string, ip: string) =>
        send(
          t,
          'POST',
          '/api/auth/change-password',
          {
            current_password: current,
            password: 'nouveau-mot-123',
            password_confirmation: 'nouveau-mot-123',
          },
          { headers: auth, ip },
        );
      for (let i = 0; i < 3; i += 1)
        expect((await change('devine', `203.0.113.${90 + i}`)).statusCode).toBe(422);
      expect((await change(PASSWORD, '203.0.113.99')).statusCode).toBe(429);
    });

    // Orders keep their own limits whatever `authRateLimits` says: 5 placed an hour per phone number
    // and address (50 across addresses) or per account (one visitor cannot reserve a whole shop's
    // stock), refusals per address.
    const guestOrder = async (phone: string, ip: string, { emptyCart = false } = {}) => {
      const sessionId = `limite-${Math.random().toString(36).slice(2)}-${Date.now()}`;
      if (!emptyCart) await putInCart(t.db, { sessionId }, { productId: c.nuit.product.id });
      return send(
        t,
        'POST',
        '/api/orders/guest',
        { name: 'Client invité', whatsapp_phone: phone, session_id: sessionId },
        { ip, headers: { 'x-session-id': sessionId } },
      );
    };

    it('takes 5 guest orders an hour per phone number and address, however it is written', async () => {
      const phones = ['221771230001', '+221 77 123 00 01', '+221771230001', '77 123 00 01', '00221771230001'];
      for (const phone of phones) expect((await guestOrder(phone, '198.51.100.10')).statusCode).toBe(201);
      const res = await guestOrder('+221 771 230 001', '198.51.100.10');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(orderRefusal(res));
      // Someone else typing that number elsewhere is not refused for it.
      expect((await guestOrder('+221 771 230 001', '198.51.100.19')).statusCode).toBe(201);
    });

    it('takes every guest order from one address, and counts only the refused ones there', async () => {
      const phone = (i: number) => `2217712400${String(i).padStart(2, '0')}`;
      for (let i = 0; i < 15; i += 1)
        expect((await guestOrder(phone(i), '198.51.100.30')).statusCode).toBe(201);
      // An empty cart is refused by the rules (422 after the schema): three such, the address's share.
      for (let i = 20; i < 23; i += 1)
        expect((await guestOrder(phone(i), '198.51.100.30', { emptyCart: true })).statusCode).toBe(422);
      const res = await guestOrder(phone(99), '198.51.100.30');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(orderRefusal(res));
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await guestOrder(phone(99), '198.51.100.31')).statusCode).toBe(201);
    });

    it('does not count against the address a product sold out under the crowd (409)', async () => {
      const soldOut = c.muscBlanc.variants[0] as { id: number };
      const phone = (i: number) => `2217712600${String(i).padStart(2, '0')}`;
      for (let i = 0; i < 5; i += 1) {
        const sessionId = `epuise-${i}-${Date.now()}`;
        await putInCart(t.db, { sessionId }, { productId: c.muscBlanc.product.id, variantId: soldOut.id });
        const res = await send(
          t,
          'POST',
          '/api/orders/guest',
          { name: 'Client invité', whatsapp_phone: phone(i), session_id: sessionId },
          { ip: '198.51.100.50', headers: { 'x-session-id': sessionId } },
        );
        expect(res.statusCode).toBe(409);
      }
      // Five sold-out refusals, more than the address's 3: its next order is still taken.
      expect((await guestOrder(phone(9), '198.51.100.50')).statusCode).toBe(201);
    });

    it('takes 5 orders an hour per customer account, and counts refused ones with guest orders per address', async () => {
      const buyer = await signedInUser(t.db);
      const order = async (ip: string) => {
        await putInCart(t.db, { userId: buyer.user.id }, { productId: c.nuit.product.id });
        return send(t, 'POST', '/api/orders', {}, { ip, headers: buyer.auth });
      };
      for (let i = 0; i < 5; i += 1) expect((await order(`198.51.100.${40 + i}`)).statusCode).toBe(201);
      expect((await order('198.51.100.49')).statusCode).toBe(429);

      // One address: its refused guest orders and refused customer orders share one count, which
      // neither kind's successes add to.
      const customerOrder = async ({ emptyCart = false } = {}) => {
        const other = await signedInUser(t.db);
        if (!emptyCart) await putInCart(t.db, { userId: other.user.id }, { productId: c.nuit.product.id });
        return send(t, 'POST', '/api/orders', {}, { ip: '198.51.100.60', headers: other.auth });
      };
      expect((await guestOrder('221771250000', '198.51.100.60')).statusCode).toBe(201);
      expect((await customerOrder()).statusCode).toBe(201);
      for (let i = 1; i < 3; i += 1)
        expect(
          (await guestOrder(`2217712500${String(i).padStart(2, '0')}`, '198.51.100.60', { emptyCart: true }))
            .statusCode,
        ).toBe(422);
      expect((await customerOrder({ emptyCart: true })).statusCode).toBe(422);
      expect((await customerOrder()).statusCode).toBe(429);
      expect((await guestOrder('221771250099', '198.51.100.60')).statusCode).toBe(429);
    });
  });

  // A 429 says when to try again, in the shop's words, with Retry-After; an order's also gives the
  // shop's WhatsApp (SHOP_WHATSAPP_NUMBER, written as the pages write it), where she can order at once.
  describe('what a refusal past the limit says', () => {
    let t: TestApp;
    let c: Awaited<ReturnType<typeof seedCatalog>>;
    beforeAll(async () => {
      t = await createTestApp(engine, {
        // One registration per number and address in 15 minutes; one order an hour.
        authRateLimits: { perIdentifier: { max: 1, windowMs: 15 * MINUTE } },
        orderRateLimits: { perIdentifier: { max: 1, windowMs: 60 * MINUTE } },
        env: { SHOP_WHATSAPP_NUMBER: '221785551234' },
      });
      c = await seedCatalog(t.db);
    });
    afterAll(() => t?.close());

    it('an order: the wait in minutes, and the shop’s WhatsApp number to order by', async () => {
      const { auth, user } = await signedInUser(t.db);
      const order = async () => {
        await putInCart(t.db, { userId: user.id }, { productId: c.nuit.product.id });
        return send(t, 'POST', '/api/orders', {}, { headers: auth, ip: '198.51.100.220' });
      };
      expect((await order()).statusCode).toBe(201);
      const res = await order();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(59 * 60);
      expect(res.json()).toEqual({
        success: false,
        message:
          'Trop de commandes en peu de temps. Réessayez dans 60 minutes ou commandez directement sur WhatsApp au +221 78 555 12 34.',
      });
      // The pages still tell it for the API's own words.
      expect(isTooManyAttempts(res.json().message)).toBe(true);
    });

    it('a registration, quick or not: the wait in minutes, and the shop’s WhatsApp to order by', async () => {
      const register = (path: string) =>
        send(
          t,
          'POST',
          path,
          {
            name: 'Awa Pressée',
            whatsapp_phone: '77 123 99 01',
            password: PASSWORD,
            password_confirmation: PASSWORD,
          },
          { ip: '198.51.100.221' },
        );
      expect((await register('/api/auth/register')).statusCode).toBe(201);
      for (const path of ['/api/auth/register', '/api/auth/quick-register']) {
        const res = await register(path);
        expect(res.statusCode, path).toBe(429);
        expect(Number(res.headers['retry-after']), path).toBeGreaterThan(14 * 60);
        expect(res.json(), path).toEqual({
          success: false,
          message:
            'Trop de tentatives. Réessayez dans 15 minutes ou commandez directement sur WhatsApp au +221 78 555 12 34.',
        });
      }
    });

    it('a password reset asked for too often: the wait', async () => {
      const forgot = () => send(t, 'POST', '/api/auth/forgot-password', { email: 'presse@exemple.sn' });
      expect((await forgot()).statusCode).toBe(200);
      const res = await forgot();
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Trop de tentatives\. Réessayez dans 1[45] minutes\.$/);
    });
  });

  describe('a crowd behind one address (an operator NAT), with the default limits', () => {
    let t: TestApp;
    let c: Awaited<ReturnType<typeof seedCatalog>>;
    beforeAll(async () => {
      t = await createTestApp(engine);
      c = await seedCatalog(t.db);
    });
    afterAll(() => t?.close());

    it('registers 100 new customers from one address and takes the order of each', async () => {
      const nat = '198.51.100.200';
      for (let i = 0; i < 100; i += 1) {
        const registered = await send(
          t,
          'POST',
          '/api/auth/register',
          {
            name: `Client du quartier ${i}`,
            whatsapp_phone: `22177800${String(i).padStart(4, '0')}`,
            password: PASSWORD,
            password_confirmation: PASSWORD,
          },
          { ip: nat },
        );
        expect(registered.statusCode).toBe(201);
        const { token, user } = registered.json().data;
        await putInCart(t.db, { userId: user.id }, { productId: c.nuit.product.id });
        const ordered = await send(
          t,
          'POST',
          '/api/orders',
          {},
          { ip: nat, headers: { authorization: `Bearer ${token}` } },
        );
        expect(ordered.statusCode).toBe(201);
      }
    }, 180_000);
  });
});

describe('limits from the environment', () => {
  it('applies AUTH_RATE_LIMIT_IP_MAX, the refusals an address may have in an hour, to the app the config builds', async () => {
    const t = await createTestApp('pglite', { env: { AUTH_RATE_LIMIT_IP_MAX: '2' } });
    try {
      for (let i = 0; i < 3; i += 1) {
        const { email } = await addUser(t.db, { email: `env${i}@exemple.sn` });
        expect((await login(t, email ?? '', { ip: '192.0.2.7' }, PASSWORD)).statusCode).toBe(200);
      }
      for (let i = 0; i < 2; i += 1)
        expect((await login(t, `inconnu${i}@exemple.sn`, { ip: '192.0.2.7' })).statusCode).toBe(401);
      const res = await login(t, 'env0@exemple.sn', { ip: '192.0.2.7' }, PASSWORD);
      expect(res.statusCode).toBe(429);
      // The address's window is an hour, not the 15 minutes of an identifier's.
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(15 * 60);
    } finally {
      await t.close();
    }
  });
});

describe('the in-memory store', () => {
  it('forgets a key only when its window has passed, and then lets go of its memory', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = 1_000_000;
      vi.setSystemTime(start);
      const store = new WindowStore();
      const incr = (key: string, windowMs: number) => {
        let counted: { current: number; ttl: number } | undefined;
        store.incr(key, (_error, result) => (counted = result), windowMs);
        return counted;
      };
      expect(incr('victime', 10 * MINUTE)).toEqual({ current: 1, ttl: 10 * MINUTE });
      for (let i = 0; i < 6000; i += 1) incr(`autre${i}`, 1000);
      expect(store.size).toBe(6001);
      vi.setSystemTime(start + MINUTE + 1);
      expect(incr('victime', 10 * MINUTE)).toEqual({ current: 2, ttl: 9 * MINUTE - 1 });
      expect(store.size).toBe(1);
      vi.setSystemTime(start + 10 * MINUTE);
      expect(incr('victime', 10 * MINUTE)).toEqual({ current: 1, ttl: 10 * MINUTE });
    } finally {
      vi.useRealTimers();
    }
  });
});
