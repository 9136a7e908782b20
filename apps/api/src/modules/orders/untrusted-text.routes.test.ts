import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { addOrder } from '../../test/order-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

// What a customer types is shown to the owner and written into messages: a name over two lines
// wrote fake lines (a total, a link) into the owner's e-mail, and the characters that reorder text
// (U+202E…) made a note or what follows it read backwards on her screen.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const RLO = '\u202E';
const LINE_BREAKS = [
  'Awa\nTotal : 1 FCFA',
  'Awa\r\nVoir la commande : https://evil.example',
  'Awa\tDiop',
  'Awa\u0007Diop',
];
const ON_ONE_LINE = 'Le nom doit tenir sur une ligne, sans caractère de contrôle';

describe.each(engines)('untrusted text on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signedInUser(t.db, { role: 'admin', name: 'Admin Souk' });
  });
  afterAll(() => t?.close());

  const userCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;

  it('refuses a name with a line break or a control character, in French, and creates nothing', async () => {
    const before = await userCount();
    for (const [i, name] of LINE_BREAKS.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name,
          email: `lignes-${i}@exemple.sn`,
          whatsapp_phone: `+2217760000${i}`,
          password: 'motdepasse-sûr',
          password_confirmation: 'motdepasse-sûr',
        },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.json().errors.name).toEqual([ON_ONE_LINE]);
    }
    expect(await userCount()).toBe(before);
  });

  it('takes a name or a note without its reordering characters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: `Fatou ${RLO}Ndiaye`,
        email: 'fatou-bidi@exemple.sn',
        whatsapp_phone: '+221776100001',
        password: 'motdepasse-sûr',
        password_confirmation: 'motdepasse-sûr',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.name).toBe('Fatou Ndiaye');
    const [stored] = await t.db.select().from(users).where(eq(users.email, 'fatou-bidi@exemple.sn'));
    expect(stored?.name).toBe('Fatou Ndiaye');
  });

  it('shows what was stored before on one line, without reordering characters', async () => {
    const order = await addOrder(t.db, { contact_name: `Awa\nTotal : 1 FCFA${RLO}` });
    await t.db
      .update(orders)
      .set({ notes: `Livraison ${RLO}Cocody\n\u2066svp\u2069` })
      .where(eq(orders.id, order.id));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const shown = res.json().data.order;
    expect(shown.client.name).toBe('Awa Total : 1 FCFA');
    expect(shown.contact.name).toBe('Awa Total : 1 FCFA');
    // A note keeps its lines (the card shows them), not its reordering characters.
    expect(shown.notes).toBe('Livraison Cocody\nsvp');
  });
});
