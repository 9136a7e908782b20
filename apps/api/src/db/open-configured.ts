import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR/db (locked). */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL });
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ dataDir: path.join(config.dataDir, 'db') });
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
