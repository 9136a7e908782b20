import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from './open-configured.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  console.info(`Migrations appliquées (${database.kind}).`);
} finally {
  await database.close();
}
