import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines } from '../test/database.ts';
import { addOrder } from '../test/order-fixtures.ts';
import { addUser } from '../test/user-fixtures.ts';
import type { Database } from './client.ts';
import { runDataMigrations } from './data-migrations.ts';
import { orders, users } from './schema.ts';

// Numbers stored before they were read in the shop's country: the data migration brings each to
// E.164 where its country can be told, and leaves (and names) the rest.
describe.each(engines)('stored phone numbers to E.164 (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  const phoneOf = async (id: number) =>
    (await database.db.select().from(users).where(eq(users.id, id)))[0]?.whatsapp_phone;

  it('converts what it can read, leaves the rest as it was and lists it in the log', async () => {
    const { db } = database;
    // The migration runs at every start, once: forget that the template's empty run happened.
    await db.execute(sql`delete from data_migrations`);
    const withCode = await addUser(db, { whatsapp_phone: '221771234567' });
    const local = await addUser(db, { whatsapp_phone: '771112233' });
    const ivorian = await addUser(db, { whatsapp_phone: '2250707123456' });
    const french = await addUser(db, { whatsapp_phone: '33612345678' });
    const already = await addUser(db, { whatsapp_phone: '+221781234567' });
    const unreadable = await addUser(db, { whatsapp_phone: '12' });
    // One number in two old forms on two accounts: the older account keeps it.
    const first = await addUser(db, { whatsapp_phone: '221765554433' });
    const twin = await addUser(db, { whatsapp_phone: '765554433' });
    const none = await addUser(db, { whatsapp_phone: null, email: 'sans-numero@exemple.sn' });
    const orderA = await addOrder(db, { contact_phone: '221771234567' });
    const orderB = await addOrder(db, { contact_phone: '221771234567' });
    const orderLocal = await addOrder(db, { contact_phone: '0707123456' });
    const orderBad = await addOrder(db, { contact_phone: '999' });
    const orderNone = await addOrder(db, { contact_phone: null });

    const log: string[] = [];
    await runDataMigrations(db, { country: 'SN', log: (line) => log.push(line) });

    expect(await phoneOf(withCode.id)).toBe('+221771234567');
    expect(await phoneOf(local.id)).toBe('+221771112233');
    expect(await phoneOf(ivorian.id)).toBe('+2250707123456');
    expect(await phoneOf(french.id)).toBe('+33612345678');
    expect(await phoneOf(already.id)).toBe('+221781234567');
    expect(await phoneOf(unreadable.id)).toBe('12');
    expect(await phoneOf(first.id)).toBe('+221765554433');
    expect(await phoneOf(twin.id)).toBe('765554433');
    expect(await phoneOf(none.id)).toBeNull();
    const contactOf = async (id: number) =>
      (await db.select().from(orders).where(eq(orders.id, id)))[0]?.contact_phone;
    expect(await contactOf(orderA.id)).toBe('+221771234567');
    expect(await contactOf(orderB.id)).toBe('+221771234567');
    // A Senegalese shop cannot tell whose country '0707123456' is: it stays.
    expect(await contactOf(orderLocal.id)).toBe('0707123456');
    expect(await contactOf(orderBad.id)).toBe('999');
    expect(await contactOf(orderNone.id)).toBeNull();

    expect(log).toEqual([
      'Numéros WhatsApp mis au format international : 5 compte(s), 2 commande(s).',
      `Numéro laissé tel quel (compte n° ${unreadable.id}) : « 12 » — illisible. À corriger à la main.`,
      `Numéro laissé tel quel (compte n° ${twin.id}) : « 765554433 » — +221765554433 est déjà le numéro d'un autre compte. À corriger à la main.`,
      `Numéro laissé tel quel (commande ${orderLocal.order_number}) : « 0707123456 » — illisible. À corriger à la main.`,
      `Numéro laissé tel quel (commande ${orderBad.order_number}) : « 999 » — illisible. À corriger à la main.`,
    ]);

    // Once only: the next start changes nothing and says nothing.
    const again: string[] = [];
    await runDataMigrations(db, { country: 'SN', log: (line) => again.push(line) });
    expect(again).toEqual([]);
  });

  it("reads a local number in the shop's own country, and leaves one that reads as two numbers", async () => {
    const { db } = database;
    await db.execute(sql`delete from data_migrations`);
    const abidjan = await addUser(db, { whatsapp_phone: '0708091011' });
    await runDataMigrations(db, { country: 'CI', log: () => {} });
    expect(await phoneOf(abidjan.id)).toBe('+2250708091011');

    // In Douala, '671234567' is a Cameroonian mobile (not Norfolk Island's +672…, as '672139972'
    // with a '+' would be): a number of the shop's country first, as typed numbers are read.
    await db.execute(sql`delete from data_migrations`);
    const douala = await addUser(db, { whatsapp_phone: '671234567' });
    const log: string[] = [];
    const twoWays = await addUser(db, { whatsapp_phone: '672139972' });
    await runDataMigrations(db, { country: 'CM', log: (line) => log.push(line) });
    expect(await phoneOf(douala.id)).toBe('+237671234567');
    expect(await phoneOf(twoWays.id)).toBe('672139972');
    expect(log).toContain(
      `Numéro laissé tel quel (compte n° ${twoWays.id}) : « 672139972 » — ambigu (+237672139972 ou +672139972). À corriger à la main.`,
    );
  });
});
