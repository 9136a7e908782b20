import { readPhone } from '@souk/domain/phone';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from './client.ts';

// Numbers stored before the shop read them in its country (docs/decisions/0022) were kept as the
// digits typed: '221771234567', '771234567', '2250707123456'. Each is brought to E.164 where its
// country can be told: a number of the shop's own country, or digits that already carry a country
// code. A value that reads as neither, or as two different numbers, is left as it is and named in
// the log for the owner, and so is an account whose number, once read, is another account's:
// nothing is lost or merged.

export type PhoneMigrationReport = {
  accounts: number;
  orders: number;
  /** Values left as they were, with why, for the log (an account's id, an order's number). */
  left: { table: 'users' | 'orders'; id: number | string; value: string; reason: string }[];
};

/**
 * The E.164 form of an old stored value (digits only: the '+' was dropped), or why there is none.
 * It is read as the shop reads a number typed without '+' — a number of the shop's country, else
 * digits that carry their country code — except that a value both readings accept, as two different
 * numbers, is nobody's to decide: in a shop in Douala '672139972' is a Cameroonian mobile, and with
 * a '+' a Norfolk Island number.
 */
function storedPhoneToE164(value: string, country: string): { e164: string } | { reason: string } {
  const digits = value.replace(/\D/g, '');
  const read = readPhone(digits, country);
  if (!read.ok) return { reason: 'illisible' };
  const international = readPhone(`+${digits}`, country);
  if (international.ok && international.e164 !== read.e164)
    return { reason: `ambigu (${read.e164} ou ${international.e164})` };
  return { e164: read.e164 };
}

export async function phonesToE164(tx: DbOrTx, country: string): Promise<PhoneMigrationReport> {
  const report: PhoneMigrationReport = { accounts: 0, orders: 0, left: [] };
  // Lowest id first: of two accounts holding one number in two forms, the older keeps it.
  const users = await queryRows<{ id: number; whatsapp_phone: string }>(
    tx,
    sql`select id, whatsapp_phone from users where whatsapp_phone is not null order by id`,
  );
  const taken = new Set(users.map((u) => u.whatsapp_phone).filter((v) => v.startsWith('+')));
  for (const user of users) {
    if (user.whatsapp_phone.startsWith('+')) continue;
    const reading = storedPhoneToE164(user.whatsapp_phone, country);
    if ('reason' in reading) {
      report.left.push({ table: 'users', id: user.id, value: user.whatsapp_phone, reason: reading.reason });
      continue;
    }
    const { e164 } = reading;
    if (taken.has(e164)) {
      report.left.push({
        table: 'users',
        id: user.id,
        value: user.whatsapp_phone,
        reason: `${e164} est déjà le numéro d'un autre compte`,
      });
      continue;
    }
    taken.add(e164);
    await tx.execute(sql`update users set whatsapp_phone = ${e164} where id = ${user.id}`);
    report.accounts += 1;
  }

  // An order keeps the number it was placed with; one update per distinct old value.
  const values = await queryRows<{ contact_phone: string; id: string }>(
    tx,
    sql`select contact_phone, min(order_number) as id from orders
         where contact_phone is not null and contact_phone not like '+%'
         group by contact_phone order by min(order_number)`,
  );
  for (const { contact_phone, id } of values) {
    const reading = storedPhoneToE164(contact_phone, country);
    if ('reason' in reading) {
      report.left.push({ table: 'orders', id, value: contact_phone, reason: reading.reason });
      continue;
    }
    const { e164 } = reading;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update orders set contact_phone = ${e164} where contact_phone = ${contact_phone} returning id`,
    );
    report.orders += rows.length;
  }
  return report;
}
