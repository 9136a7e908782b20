import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from './client.ts';
import { phonesToE164 } from './phones-to-e164.ts';

// Migrations SQL alone cannot write: they need the application's code (the phone numbering plans).
// Each runs once, after the SQL migrations, in one transaction with the row that records it, so a
// crash halfway leaves it to run again whole at the next start.

export type DataMigrationContext = { country: string; log: (line: string) => void };

const DATA_MIGRATIONS: { name: string; run: (tx: DbOrTx, context: DataMigrationContext) => Promise<void> }[] =
  [
    {
      name: '0001_phones_e164',
      async run(tx, { country, log }) {
        const report = await phonesToE164(tx, country);
        if (report.accounts || report.orders)
          log(
            `Numéros WhatsApp mis au format international : ${report.accounts} compte(s), ${report.orders} commande(s).`,
          );
        for (const left of report.left) {
          const what = left.table === 'users' ? `compte n° ${left.id}` : `commande ${left.id}`;
          log(`Numéro laissé tel quel (${what}) : « ${left.value} » — ${left.reason}. À corriger à la main.`);
        }
      },
    },
  ];

export async function runDataMigrations(db: Db, context: DataMigrationContext): Promise<void> {
  for (const migration of DATA_MIGRATIONS) {
    await db.transaction(async (tx) => {
      // The claim first: a second process starting at the same time waits here, then finds it done.
      const claimed = await queryRows<{ name: string }>(
        tx,
        sql`insert into data_migrations (name) values (${migration.name}) on conflict do nothing returning name`,
      );
      if (claimed.length) await migration.run(tx, context);
    });
  }
}
