import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApi } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type Engine } from './database.ts';

/** The real API on a fresh database, for `inject`. */
export async function createTestApp(engine: Engine) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'souk-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const database = await createTestDatabase(engine);
  const app = await buildApi({ config, database, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
