import { FORGOT_PASSWORD, loginTooMany } from '@souk/domain/account-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password_reset_tokens } from '../db/schema.ts';
import { hashToken, newToken } from '../modules/auth/tokens.ts';
import { createTestApp } from '../test/app.ts';
import { putInCart } from '../test/cart-fixtures.ts';
import { seedCatalog } from '../test/catalog-fixtures.ts';
import { oneEngine } from '../test/database.ts';
import { addUser, PASSWORD } from '../test/user-fixtures.ts';

// ADR 0012: a customer who knows her password gets in, and a real guest order is taken, whatever
// strangers do with her number. Strangers typing it from many addresses fill the ceiling across
// addresses; her own browser, which logged in (or ordered) before, holds a signed cookie saying
// so and is not held by that ceiling. A password reset forgets what strangers did.

const MINUTE = 60_000;
// 3 logins per identifier and address, 30 across addresses; 5 refusals per address.
const LOW = { perIdentifier: { max: 3, windowMs: MINUTE }, perIp: { max: 5, windowMs: MINUTE } };

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Call = { ip: string; cookie?: string };
type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

const post = (t: TestApp, url: string, payload: object, { ip, cookie }: Call) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });
const login = (t: TestApp, identifier: string, call: Call, password = 'mauvais-mot') =>
  post(t, '/api/auth/login', { identifier, password }, call);

/** The Cookie header a browser sends back after `res`, for the cookie `name`. */
const cookieFrom = (res: Answer, name: string) => {
  const found = res.cookies.find((cookie) => cookie.name === name);
  if (!found) throw new Error(`no ${name} cookie set`);
  return `${name}=${found.value}`;
};

// Her number as strangers type it: every form is the same number.
const HER_NUMBER = ['77 123 01 01', '+221771230101', '00221 77-123-01-01', '221771230101', '771230101'];

/**
 * Strangers make `count` wrong guesses at one account, typed as `identifiers` in turn, three from
 * each address (the most an address may): with what was counted before, the ceiling across addresses.
 */
async function strangersGuess(t: TestApp, identifiers: readonly string[], count: number, subnet: number) {
  for (let n = 0; n < count; n += 1) {
    const typed = identifiers[n % identifiers.length] as string;
    const res = await login(t, typed, { ip: `198.18.${subnet}.${Math.floor(n / 3)}` });
    expect(res.statusCode).toBe(401);
  }
}

describe.each(oneEngine)('strangers cannot keep a customer out, on %s', (engine) => {
  describe('logging in', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine, { authRateLimits: LOW });
    });
    afterAll(() => t?.close());

    it('lets in the browser that logged in before once strangers have filled the ceiling, and only it', async () => {
      await addUser(t.db, { email: null, whatsapp_phone: '+221771230101' });
      const earlier = await login(t, '77 123 01 01', { ip: '192.0.2.10' }, PASSWORD);
      expect(earlier.statusCode).toBe(200);
      const device = earlier.cookies.find((cookie) => cookie.name === 'device');
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(device?.maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
      const her = cookieFrom(earlier, 'device');

      // A neighbour behind her carrier's NAT uses up her address's count for her number (her own
      // login there was one), then strangers elsewhere the rest of the 30 across addresses.
      for (let i = 0; i < 2; i += 1)
        expect((await login(t, '+221771230101', { ip: '192.0.2.10' })).statusCode).toBe(401);
      await strangersGuess(t, HER_NUMBER, 27, 1);

      // Without the cookie, the right password waits, from anywhere.
      expect((await login(t, '771230101', { ip: '192.0.2.20' }, PASSWORD)).statusCode).toBe(429);
      expect((await login(t, '771230101', { ip: '192.0.2.10' }, PASSWORD)).statusCode).toBe(429);
      // Her browser gets in, from her own address and from a new one, her number typed any way.
      for (const [typed, ip] of [
        ['221 77 123 01 01', '192.0.2.10'],
        ['00221771230101', '192.0.2.21'],
      ] as const) {
        const res = await login(t, typed, { ip, cookie: her }, PASSWORD);
        expect(res.statusCode).toBe(200);
        // The same device, its proof renewed.
        expect(cookieFrom(res, 'device').split('.').slice(0, 2)).toEqual(her.split('.').slice(0, 2));
      }
    });

    it('lets in the browser that logged in before once strangers behind her address have used up its refusals', async () => {
      await addUser(t.db, { email: null, whatsapp_phone: '+221771230707' });
      const earlier = await login(t, '77 123 07 07', { ip: '192.0.2.110' }, PASSWORD);
      expect(earlier.statusCode).toBe(200);
      const her = cookieFrom(earlier, 'device');
      // Strangers behind her carrier's NAT: wrong passwords on other identifiers, the address's 5.
      for (let i = 0; i < 5; i += 1)
        expect((await login(t, `voisin.nat${i}@exemple.sn`, { ip: '192.0.2.110' })).statusCode).toBe(401);
      // Without the cookie, the right password from that address waits; a stranger's own genuine
      // cookie proves nothing about her account.
      expect((await login(t, '771230707', { ip: '192.0.2.110' }, PASSWORD)).statusCode).toBe(429);
      await addUser(t.db, { email: 'voisin.nat@exemple.sn' });
      const neighbour = cookieFrom(
        await login(t, 'voisin.nat@exemple.sn', { ip: '192.0.2.111' }, PASSWORD),
        'device',
      );
      expect(
        (await login(t, '771230707', { ip: '192.0.2.110', cookie: neighbour }, PASSWORD)).statusCode,
      ).toBe(429);
      // Her browser gets in from there.
      expect((await login(t, '771230707', { ip: '192.0.2.110', cookie: her }, PASSWORD)).statusCode).toBe(
        200,
      );
    });

    it('still counts a known device per identifier: its cookie is no licence to guess', async () => {
      await addUser(t.db, { email: 'appareil@exemple.sn' });
      const her = cookieFrom(await login(t, 'appareil@exemple.sn', { ip: '192.0.2.30' }, PASSWORD), 'device');
      for (let i = 0; i < 3; i += 1)
        expect(
          (await login(t, 'appareil@exemple.sn', { ip: `192.0.2.${31 + i}`, cookie: her })).statusCode,
        ).toBe(401);
      expect(
        (await login(t, 'appareil@exemple.sn', { ip: '192.0.2.39', cookie: her }, PASSWORD)).statusCode,
      ).toBe(429);
    });

    it('gives no exemption to a forged or altered cookie, nor to one of another account', async () => {
      const victim = await addUser(t.db, { email: 'victime.cookie@exemple.sn' });
      await addUser(t.db, { email: 'intrus@exemple.sn' });
      const intruder = cookieFrom(
        await login(t, 'intrus@exemple.sn', { ip: '192.0.2.40' }, PASSWORD),
        'device',
      );
      await strangersGuess(t, ['victime.cookie@exemple.sn', 'VICTIME.cookie@exemple.sn'], 30, 2);

      const [name, value] = intruder.split('=') as [string, string];
      const decoded = decodeURIComponent(value);
      const [, device, tag, signature = ''] = decoded.split('.');
      const otherSignature = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      const forged = [
        // The intruder's genuine cookie: another account.
        intruder,
        // Its account changed to the victim's, the signature kept.
        `${name}=${encodeURIComponent([victim.id, device, tag, signature].join('.'))}`,
        // Made up, unsigned.
        `${name}=${victim.id}.${device}.${tag}`,
        // The victim's account with another signature.
        `${name}=${encodeURIComponent([victim.id, device, tag, otherSignature].join('.'))}`,
      ];
      for (const [i, cookie] of forged.entries()) {
        const res = await login(
          t,
          'victime.cookie@exemple.sn',
          { ip: `192.0.2.${41 + i}`, cookie },
          PASSWORD,
        );
        expect(res.statusCode, cookie).toBe(429);
      }
    });

    it('says when to try again, and points to the new password, with Retry-After', async () => {
      await addUser(t.db, { email: 'patiente@exemple.sn' });
      for (let i = 0; i < 3; i += 1)
        expect((await login(t, 'patiente@exemple.sn', { ip: '192.0.2.50' })).statusCode).toBe(401);
      const res = await login(t, 'patiente@exemple.sn', { ip: '192.0.2.50' }, PASSWORD);
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(res.json()).toEqual({ success: false, message: loginTooMany(wait) });
      expect(res.json().message).toBe(
        `Trop de tentatives. Réessayez dans 1 minute ou utilisez « ${FORGOT_PASSWORD} ».`,
      );
    });

    it('forgets what strangers did once she has chosen a new password, and her old proofs with it', async () => {
      const her = await addUser(t.db, { email: 'oubliee@exemple.sn', whatsapp_phone: '+221771230202' });
      const oldProof = cookieFrom(await login(t, '771230202', { ip: '192.0.2.60' }, PASSWORD), 'device');
      for (let i = 0; i < 3; i += 1)
        expect((await login(t, 'OUBLIEE@exemple.sn', { ip: '192.0.2.61' })).statusCode).toBe(401);
      await strangersGuess(t, ['oubliee@exemple.sn'], 27, 3);
      await strangersGuess(t, ['77 123 02 02', '+221 77 123 02 02'], 29, 4);
      expect((await login(t, 'oubliee@exemple.sn', { ip: '192.0.2.61' }, PASSWORD)).statusCode).toBe(429);
      expect((await login(t, '771230202', { ip: '192.0.2.65' }, PASSWORD)).statusCode).toBe(429);

      const token = newToken();
      await t.db.insert(password_reset_tokens).values({
        user_id: her.id,
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + 30 * MINUTE).toISOString(),
      });
      const fresh = 'tout-nouveau-1';
      const reset = await post(
        t,
        '/api/auth/reset-password',
        { token, password: fresh, password_confirmation: fresh },
        { ip: '192.0.2.62' },
      );
      expect(reset.statusCode).toBe(200);

      // Her e-mail and her number, from the address strangers used up and from a new one.
      expect((await login(t, 'oubliee@exemple.sn', { ip: '192.0.2.61' }, fresh)).statusCode).toBe(200);
      expect((await login(t, '77 123 02 02', { ip: '198.18.4.0' }, fresh)).statusCode).toBe(200);
      expect((await login(t, '+221771230202', { ip: '192.0.2.63' }, fresh)).statusCode).toBe(200);

      // A device that logged in with the old password proves nothing now.
      await strangersGuess(t, ['oubliee@exemple.sn'], 29, 5);
      expect(
        (await login(t, 'oubliee@exemple.sn', { ip: '192.0.2.64', cookie: oldProof }, fresh)).statusCode,
      ).toBe(429);
    });
  });

  describe('guest orders', () => {
    let t: TestApp;
    let c: Awaited<ReturnType<typeof seedCatalog>>;
    beforeAll(async () => {
      // 2 orders per number and address, 20 across addresses, in a minute; 3 refusals per address.
      t = await createTestApp(engine, {
        orderRateLimits: { perIdentifier: { max: 2, windowMs: MINUTE }, perIp: { max: 3, windowMs: MINUTE } },
      });
      c = await seedCatalog(t.db);
    });
    afterAll(() => t?.close());

    let carts = 0;
    const guestOrder = async (phone: string, call: Call, { emptyCart = false } = {}) => {
      carts += 1;
      const sessionId = `inconnu-${carts}-${Date.now()}`;
      if (!emptyCart) await putInCart(t.db, { sessionId }, { productId: c.nuit.product.id });
      return t.app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        payload: { name: 'Cliente invitée', whatsapp_phone: phone, session_id: sessionId },
        remoteAddress: call.ip,
        headers: { 'x-session-id': sessionId, ...(call.cookie ? { cookie: call.cookie } : {}) },
      });
    };

    it("takes her first order whatever others' refused orders with her number", async () => {
      // Made-up orders with her number from ten addresses, all refused (an empty cart).
      for (let i = 0; i < 10; i += 1)
        for (let j = 0; j < 3; j += 1) {
          const res = await guestOrder(
            HER_NUMBER[j] as string,
            { ip: `198.18.10.${i}` },
            { emptyCart: true },
          );
          expect(res.statusCode).toBe(422);
        }
      expect((await guestOrder('77 123 01 01', { ip: '192.0.2.70' })).statusCode).toBe(201);
    });

    it('takes the order of the device that ordered with her number before, once others have filled the ceiling', async () => {
      const number = '+221771230303';
      const earlier = await guestOrder('77 123 03 03', { ip: '192.0.2.80' });
      expect(earlier.statusCode).toBe(201);
      const hers = cookieFrom(earlier, 'order_phone');
      // A digest of the number, not the number: a shared phone's other users read nothing there.
      const held = decodeURIComponent(hers.slice('order_phone='.length));
      for (const digits of ['771230303', '221771230303', '77 123 03 03', '1230303'])
        expect(held).not.toContain(digits);

      // Orders placed with her number from ten other addresses: with hers, 20, the ceiling across
      // addresses.
      for (let n = 0; n < 19; n += 1)
        expect((await guestOrder(number, { ip: `198.18.11.${Math.floor(n / 2)}` })).statusCode).toBe(201);
      // A device that never ordered with it waits; one that ordered with another number too.
      expect((await guestOrder(number, { ip: '192.0.2.81' })).statusCode).toBe(429);
      const other = cookieFrom(await guestOrder('771230404', { ip: '192.0.2.82' }), 'order_phone');
      expect((await guestOrder(number, { ip: '192.0.2.82', cookie: other })).statusCode).toBe(429);
      expect(
        (await guestOrder(number, { ip: '192.0.2.83', cookie: 'order_phone=%2B221771230303' })).statusCode,
      ).toBe(429);
      // Hers is taken, her number written another way.
      expect((await guestOrder('00221 77 123 03 03', { ip: '192.0.2.80', cookie: hers })).statusCode).toBe(
        201,
      );
    });

    it('still takes only so many orders from one address with one number, cookie or not', async () => {
      const first = await guestOrder('771230505', { ip: '192.0.2.90' });
      const hers = cookieFrom(first, 'order_phone');
      expect((await guestOrder('771230505', { ip: '192.0.2.90', cookie: hers })).statusCode).toBe(201);
      const res = await guestOrder('+221 77 123 05 05', { ip: '192.0.2.90', cookie: hers });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('stops a burst of parallel orders from one address with one number at its share', async () => {
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => guestOrder('771230606', { ip: '192.0.2.100' })),
      );
      const statuses = burst.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(2);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
    });
  });
});
