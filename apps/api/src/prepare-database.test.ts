import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { queryRows } from './db/client.ts';
import { categories } from './db/schema.ts';
import {
  LEGACY_RESTORE_MARKER,
  PGLITE_PRODUCTION_WARNING,
  prepareDatabase,
  restoreInterrupted,
} from './prepare-database.ts';
import { withDatabase } from './test/database.ts';
import { describeOnPostgres } from './test/describe-on-postgres.ts';

// Starting the server twice on the same embedded database: the demo shop is seeded when the
// database is created, never again (an owner who removed every category keeps an empty shop).
describe('preparing the database at start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'souk-prepare-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });

  it('seeds a new database once, then never because it has no category', async () => {
    const seeded: string[] = [];
    const seed = async () => void seeded.push('seed');
    const quiet = { log: () => {}, warn: () => {}, seed };

    const first = await prepareDatabase(config(), quiet);
    await first.db.insert(categories).values({ name: 'Savons', slug: 'savons' });
    await first.db.delete(categories);
    await first.close();
    expect(seeded).toEqual(['seed']);

    const second = await prepareDatabase(config(), quiet);
    await second.close();
    expect(seeded).toEqual(['seed']);
  });

  it('starts a new database as SEED says: the demo with its orders, the catalogue alone, or empty', async () => {
    const counts = async (seed: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), `souk-seed-${seed}-`));
      const lines: string[] = [];
      try {
        const database = await prepareDatabase(
          loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'test', SEED: seed }),
          { log: (line) => lines.push(line), warn: () => {} },
        );
        try {
          const [row] = await queryRows<{ categories: number; orders: number; clients: number }>(
            database.db,
            sql`select (select count(*)::int from categories) as categories, (select count(*)::int from orders) as orders,
                       (select count(*)::int from users where role = 'client') as clients`,
          );
          return { ...row, said: lines.join('\n') };
        } finally {
          await database.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const demo = await counts('demo');
    expect(demo.categories).toBeGreaterThan(0);
    expect(demo.orders).toBeGreaterThan(150);
    expect(demo.clients).toBeGreaterThan(20);
    const catalogue = await counts('catalogue');
    expect(catalogue).toMatchObject({ orders: 0, clients: 0 });
    expect(catalogue.categories).toBe(demo.categories);
    const none = await counts('none');
    expect(none).toMatchObject({ categories: 0, orders: 0, clients: 0 });
    expect(none.said).toContain('SEED=none');
    expect(() => loadConfig({ SEED: 'tout' })).toThrow('SEED doit valoir demo, catalogue ou none');
  }, 120_000);

  it('refuses to start on what a restore of an earlier version cut half-way left, saying how to finish it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'souk-cut-restore-'));
    try {
      writeFileSync(path.join(dir, LEGACY_RESTORE_MARKER), '');
      await expect(
        prepareDatabase(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'test' }), {
          log: () => {},
          warn: () => {},
          seed: async () => {},
        }),
      ).rejects.toThrow(restoreInterrupted(dir));
      expect(restoreInterrupted(dir)).toContain('Relancez npm run restore -- FICHIER --force');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns that an embedded database can lose orders when it serves production', async () => {
    const warnings: string[] = [];
    const options = { log: () => {}, warn: (line: string) => warnings.push(line), seed: async () => {} };
    await (await prepareDatabase(config({ NODE_ENV: 'development' }), options)).close();
    expect(warnings).toEqual([]);
    await (await prepareDatabase(config({ NODE_ENV: 'production' }), options)).close();
    expect(warnings).toEqual([PGLITE_PRODUCTION_WARNING]);
    expect(PGLITE_PRODUCTION_WARNING).toContain('DATABASE_URL');
  });
});

// Several server processes started at once on a new PostgreSQL database (WEB_CONCURRENCY, or a
// service per port): one migrates and seeds it, the others wait and find it done.
describeOnPostgres('preparing one PostgreSQL database from several processes at once', () => {
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `souk_test_start_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('migrates and seeds the new database once, every process starting', async () => {
    await admin(`create database ${name}`);
    const seeded: string[] = [];
    const options = { log: () => {}, warn: () => {}, seed: async () => void seeded.push('seed') };
    const config = loadConfig({
      DATABASE_URL: withDatabase(url, name),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    const started = await Promise.allSettled([1, 2, 3].map(() => prepareDatabase(config, options)));
    for (const start of started) if (start.status === 'fulfilled') await start.value.close();
    expect(started.map((start) => start.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(seeded).toEqual(['seed']);
  });
});
