import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app.ts';
import { putInCart } from './cart-fixtures.ts';
import { seedCatalog } from './catalog-fixtures.ts';
import { engines } from './database.ts';
import { changedTables, fingerprint } from './db-fingerprint.ts';
import { describeAnswer, refusalProblem } from './refusals.ts';
import { PASSWORD, signedInUser } from './user-fixtures.ts';

// docs/architecture.md: no input, however strange, produces a 5xx. Each probe below is a request that
// once reached the database (int4 overflow, U+0000 in text, an array or boolean coerced to a
// number): each must be refused with a 4xx and a French message, and a refused write changes nothing.

type Caller = 'anonymous' | 'guest' | 'client';
type Probe = { name: string; method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown; as?: Caller };

const GUEST_SESSION = 'bad-input-guest-session';

const reads: Probe[] = [
  { name: 'a product id beyond int4', method: 'GET', url: '/api/products/99999999999' },
  { name: 'a category id beyond int4', method: 'GET', url: '/api/categories/99999999999' },
  { name: 'a variant id beyond int4', method: 'GET', url: '/api/variants/99999999999999' },
  { name: 'a minimum price beyond int4', method: 'GET', url: '/api/products?min_price=99999999999' },
  { name: 'a category filter beyond int4', method: 'GET', url: '/api/products?category_id=3000000000' },
  { name: 'a page size in exponent notation', method: 'GET', url: '/api/products?per_page=1e9' },
  { name: 'a negative page', method: 'GET', url: '/api/products?page=-1' },
  { name: 'a page given twice (an array)', method: 'GET', url: '/api/products?page=1&page=2' },
  { name: 'a page size given as a boolean', method: 'GET', url: '/api/products?per_page=true' },
  { name: 'a NUL byte in the search', method: 'GET', url: '/api/products?search=%00' },
  { name: 'a NUL byte in a category slug', method: 'GET', url: '/api/categories/a%00b' },
  {
    name: 'an order id beyond int4 (signed in)',
    method: 'GET',
    url: '/api/orders/99999999999',
    as: 'client',
  },
];

const writes: Probe[] = [
  {
    name: 'a product id beyond int4 added to the cart',
    method: 'POST',
    url: '/api/cart',
    body: { product_id: 99999999999 },
    as: 'guest',
  },
  {
    name: 'an array product id and a boolean variant id added to the cart',
    method: 'POST',
    url: '/api/cart',
    body: { product_id: [1], variant_id: true },
    as: 'guest',
  },
  {
    name: 'a NUL byte in the login password',
    method: 'POST',
    url: '/api/auth/login',
    body: { email: 'bad-input@exemple.sn', password: `${PASSWORD}\u0000` },
  },
  {
    name: 'a NUL byte in the login e-mail',
    method: 'POST',
    url: '/api/auth/login',
    body: { email: 'bad-input\u0000@exemple.sn', password: PASSWORD },
  },
  {
    name: 'a NUL byte in the name of a new account',
    method: 'POST',
    url: '/api/auth/register',
    body: {
      name: 'Awa\u0000 Ndiaye',
      whatsapp_phone: '+221 77 555 01 02',
      email: 'awa.nul@exemple.sn',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  },
];

describe.each(engines)('bad input on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let c: Awaited<ReturnType<typeof seedCatalog>>;
  let client: Awaited<ReturnType<typeof signedInUser>>;
  let lineId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    c = await seedCatalog(t.db);
    client = await signedInUser(t.db, { email: 'bad-input@exemple.sn' });
    lineId = (await putInCart(t.db, { userId: client.user.id }, { productId: c.nuit.product.id })).id;
  });
  afterAll(() => t?.close());

  const headersOf = (as: Caller = 'anonymous'): Record<string, string> =>
    as === 'client' ? client.auth : as === 'guest' ? { 'x-session-id': GUEST_SESSION } : {};

  const send = async ({ method, url, body, as }: Probe) => {
    const res = await t.app.inject(
      body === undefined
        ? { method, url, headers: headersOf(as) }
        : {
            method,
            url,
            headers: { ...headersOf(as), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          },
    );
    return { status: res.statusCode, text: res.body };
  };

  /** Sends the probe and expects a French 4xx refusal that left every table as it was. */
  const expectRefused = async (probe: Probe) => {
    const before = await fingerprint(t.db);
    const answer = await send(probe);
    expect(refusalProblem(answer), `${probe.method} ${probe.url} → ${describeAnswer(answer)}`).toBeNull();
    expect(changedTables(before, await fingerprint(t.db)), 'tables changed by the refusal').toEqual([]);
  };

  it.each(reads)('refuses $name', expectRefused);
  it.each(writes)('refuses $name and changes nothing', expectRefused);

  it('refuses a cart quantity given as an array or a boolean, and keeps the line as it was', async () => {
    for (const quantity of [[2], true, '2e0', '']) {
      await expectRefused({
        name: 'quantity',
        method: 'PUT',
        url: `/api/cart/${lineId}`,
        body: { quantity },
        as: 'client',
      });
    }
  });

  describe('an order of 25 lines of 9999 units (its total exceeds int4)', () => {
    const fillCart = async (owner: { userId: number } | { sessionId: string }) => {
      for (const { product } of c.numbered) {
        await putInCart(t.db, owner, { productId: product.id, quantity: 9999 });
      }
    };

    /** Orders, expects a French refusal with `message`, and checks that no table changed. */
    const expectOrderRefused = async (
      order: () => Promise<{ statusCode: number; body: string }>,
      message: RegExp,
    ) => {
      const before = await fingerprint(t.db);
      const res = await order();
      const answer = { status: res.statusCode, text: res.body };
      expect(refusalProblem(answer), describeAnswer(answer)).toBeNull();
      expect(JSON.parse(res.body).message).toMatch(message);
      expect(changedTables(before, await fingerprint(t.db))).toEqual([]);
    };
    const asCustomer = (auth: Record<string, string>) => () =>
      t.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: {} });
    const TOO_MANY_LINES = /^Votre panier ne peut pas contenir plus de 20 produits différents$/;

    it('is refused for a signed-in customer, and creates nothing', async () => {
      const buyer = await signedInUser(t.db);
      await fillCart({ userId: buyer.user.id });
      await expectOrderRefused(asCustomer(buyer.auth), TOO_MANY_LINES);
    });

    it('is refused at 20 lines too, for its total, which the int4 columns could not hold', async () => {
      const buyer = await signedInUser(t.db);
      // 20 lines of 9999 units at 6 000 to 25 000 FCFA: about 3.1 billion FCFA.
      for (const { product } of c.numbered.slice(5)) {
        await putInCart(t.db, { userId: buyer.user.id }, { productId: product.id, quantity: 9999 });
      }
      await expectOrderRefused(
        asCustomer(buyer.auth),
        /^Le montant de la commande dépasse le maximum autorisé \(1\s000\s000\s000\sFCFA\)$/,
      );
    });

    it('is refused for a guest, and creates nothing', async () => {
      const sessionId = 'bad-input-big-order';
      await fillCart({ sessionId });
      await expectOrderRefused(
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/orders/guest',
            payload: { name: 'Moussa Fall', whatsapp_phone: '+221 77 555 03 04', session_id: sessionId },
          }),
        TOO_MANY_LINES,
      );
    });
  });
});
