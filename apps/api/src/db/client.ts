import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction's handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The handle a repository works with: the database or a transaction. */
export type DbOrTx = Tx | Db;

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` for the hot reads (the catalogue under a rush): the statement is named after its
 * text, so PostgreSQL parses and plans it once per connection and then only binds the values.
 * Only for statements whose text takes a few forms (values always as parameters, lists as one
 * array, no text built from what a visitor types): every form stays prepared on each pooled
 * connection for its life, memory PostgreSQL never gives back. PGlite runs it as `queryRows` does.
 */
export async function queryPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = `souk_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 22)}`;
  const result = (await db._.session.prepareQuery(compiled, undefined, name, false).execute()) as unknown as {
    rows: T[];
  };
  return result.rows;
}

/** What `listen` reports: a notification's payload, or that some may have been missed. */
export type ChannelEvents = {
  message(payload: string): void;
  /** The connection was lost: notifications sent until `resumed` may never arrive. */
  lost(error: Error): void;
  /** Listening again. */
  resumed(): void;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Hears the notifications of `channel` (NOTIFY, sent at commit by any process on the same
   * database). PostgreSQL: one connection of its own, reconnected while the app runs; PGlite: in
   * the process. Resolves once listening; the returned function stops.
   */
  listen(channel: string, events: ChannelEvents): Promise<() => Promise<void>>;
  /** NOTIFY `channel` with `payload`, sent at once (outside any transaction of the caller's). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Applies pending migrations (of `folder`, by default the shop's own: a restore migrates first to
   * its archive's level); `created` when the database had none (it was just made).
   */
  migrate(folder?: string): Promise<{ created: boolean }>;
  /**
   * Runs `work` while no other process sharing the database runs its own (PostgreSQL: a
   * session advisory lock on a connection of its own; PGlite has one process). Starts of
   * several processes at once migrate and seed one after the other, never together.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
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

async function notify(db: Db, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies `folder`'s pending migrations inside the caller's transaction (a restore replaces the
 * schema and the rows together, or not at all). Drizzle's own migrator, handed the transaction as
 * its session: the same statements and the same record as `migrate`; the batch it would wrap in
 * a transaction of its own becomes a savepoint of this one.
 */
export async function migrateWithin(tx: Tx, folder = migrationsFolder): Promise<void> {
  const session = {
    execute: (query: SQL) => tx.execute(query),
    all: async (query: SQL) => ((await tx.execute(query)) as unknown as { rows: unknown[] }).rows,
    transaction: <T>(work: (inner: Tx) => Promise<T>) => tx.transaction(work),
  };
  await dialect.migrate(readMigrationFiles({ migrationsFolder: folder }), session as never, {
    migrationsFolder: folder,
  });
}

/** A typo matches a name this word-similar to it: 'crme' is 0.4 word-similar to 'creme hydratante'. */
export const TYPO_SIMILARITY = 0.35;

/**
 * The catalogue reads a typo's candidates through the names' trigram index, `word <% name`, whose
 * threshold is a setting of the connection, not of the query. Below TYPO_SIMILARITY, so the index
 * only narrows the rows read and word_similarity decides, the same on every connection
 * (docs/decisions/0024).
 */
export const WORD_SIMILARITY_THRESHOLD = TYPO_SIMILARITY - 0.05;

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    // Every connection speaks UTC so timestamps round-trip the same on both engines.
    const poolConfig = {
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: `-c TimeZone=UTC -c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    };
    const pool = new pg.Pool(poolConfig as pg.PoolConfig);
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => console.warn(`[db] connexion inactive perdue : ${error.message}`));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      listen: (channel, events) => listenPostgres(options.url, channel, events),
      notify: (channel, payload) => notify(db, channel, payload),
      migrate: (folder = migrationsFolder) =>
        migrating(db, () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: folder })),
      exclusive: (work) => withAdvisoryLock(pool, work),
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
  // PGlite is one session: set once, it holds for every query.
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, events) => {
      const stop = await client.listen(channel, (payload) => events.message(payload));
      return () => stop();
    },
    notify: (channel, payload) => notify(db, channel, payload),
    migrate: (folder = migrationsFolder) =>
      migrating(db, () => migratePglite(drizzlePglite(client), { migrationsFolder: folder })),
    exclusive: (work) => work(),
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}

/** The advisory lock key of a process's start (`exclusive`): any number no other code uses. */
const START_LOCK_KEY = 0x50_55_4b; // 'SUK'

async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  // A connection of its own holds the lock while `work` uses the others (a pool of one would wait
  // for itself).
  const holder = await pool.connect();
  let broken: Error | undefined;
  try {
    await holder.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection that may still hold the lock is closed, not pooled: closing releases it.
    holder.release(broken);
  }
}

const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on a connection outside the pool, reconnected after a loss (a restart, a failover, a
 * connection an idle firewall dropped: TCP keepalive finds those). One connection at a time and
 * one retry timer: a loss, however it is reported ('error', 'end', a failed connect), is handled
 * once.
 */
async function listenPostgres(url: string, channel: string, events: ChannelEvents) {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const drop = (client: pg.Client) => {
    client.removeAllListeners();
    // Errors after the end are of no interest, but must not be unhandled.
    client.on('error', () => {});
    client.end().catch(() => {});
  };
  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => events.resumed(),
        (error: Error) => lose(undefined, error),
      );
    }, RELISTEN_DELAY_MS);
  };
  /** The connection `client` (or a connect attempt) failed: report once, retry once. */
  const lose = (client: pg.Client | undefined, error: Error) => {
    if (client && client !== current) return;
    if (client) drop(client);
    current = undefined;
    if (stopped) return;
    events.lost(error);
    scheduleRetry();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', (note) => {
      if (note.channel === channel) events.message(note.payload ?? '');
    });
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client, new Error('connexion fermée')));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(client);
      throw error;
    }
    if (stopped) {
      drop(client);
      return;
    }
    current = client;
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  };
}
