import { readPhone } from '@souk/domain/phone';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from './client.ts';

// Numbers stored before the shop read them in its country (docs/decisions/0022) were kept as the
// digits typed: '221771234567', '771234567', '2250707123456'. Each is brought to E.164 where its
// country can be told: digits that already carry a country code, or a number of the shop's own
// country. A value that reads as neither is left as it is and named in the log for the owner, and
// so is an account whose number, once read, is another account's: nothing is lost or merged.

export type PhoneMigrationReport = {
  accounts: number;
  orders: number;
  /** Values left as they were, with why, for the log (an account's id, an order's number). */
  left: { table: 'users' | 'orders'; id: number | string; value: string; reason: string }[];
};

/**
 * The E.164 form of an old stored value, or null. An old value is digits only (the '+' was
 * dropped), so one that is valid with a '+' first already carries its country code; otherwise it
 * is read as typed in the shop's country.
 */
export function storedPhoneToE164(value: string, country: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (!digits) return null;
  const international = readPhone(`+${digits}`, country);
  if (international.ok) return international.e164;
  const local = readPhone(digits, country);
  return local.ok ? local.e164 : null;
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
    const e164 = storedPhoneToE164(user.whatsapp_phone, country);
    if (!e164) {
      report.left.push({ table: 'users', id: user.id, value: user.whatsapp_phone, reason: 'illisible' });
      continue;
    }
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
    const e164 = storedPhoneToE164(contact_phone, country);
    if (!e164) {
      report.left.push({ table: 'orders', id, value: contact_phone, reason: 'illisible' });
      continue;
    }
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update orders set contact_phone = ${e164} where contact_phone = ${contact_phone} returning id`,
    );
    report.orders += rows.length;
  }
  return report;
}
