// `npm run db:seed`: migrates, then fills an empty database with the demo shop as SEED says
// (DATABASE_URL or DATA_DIR).
import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from '../open-configured.ts';
import { seedDemoShop } from './seed.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  if (config.SEED === 'none') console.info('SEED=none : rien à ajouter.');
  else
    await seedDemoShop(database.db, config.mediaDir, {
      log: (msg) => console.info(msg),
      orders: config.SEED === 'demo',
    });
} finally {
  await database.close();
}
