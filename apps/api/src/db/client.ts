import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a repository works with: the database or a transaction. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; `created` when the database had none (it was just made). */
  migrate(): Promise<{ created: boolean }>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory, for test templates. */
  dump?(): Promise<Blob>;
};

/** Runs `apply` and says whether the database was new: drizzle's journal table did not exist yet. */
async function migrating(db: Db, apply: () => Promise<void>): Promise<{ created: boolean }> {
  const [row] = await queryRows<{ known: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as known`,
  );
  await apply();
  return { created: !row?.known };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    // Every connection speaks UTC so timestamps round-trip the same on both engines.
    const poolConfig = {
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: '-c TimeZone=UTC',
    };
    const pool = new pg.Pool(poolConfig as pg.PoolConfig);
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => console.warn(`[db] connexion inactive perdue : ${error.message}`));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrating(db, () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder })),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, unaccent },
    relaxedDurability: true,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migrating(db, () => migratePglite(drizzlePglite(client), { migrationsFolder })),
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}
