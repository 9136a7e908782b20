// `npm run db:seed`: migrates, then fills an empty database with the demo shop (DATABASE_URL or DATA_DIR).
import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from '../open-configured.ts';
import { seedDemoShop } from './seed.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  await seedDemoShop(database.db, config.mediaDir, { log: (msg) => console.info(msg) });
} finally {
  await database.close();
}
