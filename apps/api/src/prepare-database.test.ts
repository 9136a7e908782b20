import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { categories } from './db/schema.ts';
import { PGLITE_PRODUCTION_WARNING, prepareDatabase } from './prepare-database.ts';

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
