import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const TEMPLATE_FILE = path.join(root, 'var', 'test', 'template.tar.gz');
export const PG_TEMPLATE_DB = 'souk_test_template';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (concurrency tests need it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * For route tests whose outcome the engine cannot change: what they check is counted or decided
 * outside the database (the rate limits' memory store, a signed cookie), through SQL the route
 * tests run on both engines. One run, on PGlite, which every machine has (docs/testing.md).
 */
export const oneEngine: Engine[] = ['pglite'];

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh migrated database for one test file, copied from the template made in global setup. */
/** A test database; on PostgreSQL with its URL, so that a second server process can open it. */
export async function createTestDatabase(engine: Engine): Promise<Database & { url?: string }> {
  if (engine === 'pglite') {
    return openDatabase({ loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]) });
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `souk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 25 });
  return {
    ...database,
    url: withDatabase(url, name),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
