import { loadConfig } from '../config.ts';
import { runDataMigrations } from './data-migrations.ts';
import { openConfiguredDatabase } from './open-configured.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  await runDataMigrations(database.db, {
    country: config.shopLocale.country,
    log: (line) => console.warn(line),
  });
  console.info(`Migrations appliquées (${database.kind}).`);
} finally {
  await database.close();
}
