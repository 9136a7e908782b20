import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const ROOT = import.meta.dirname;
const API_TESTS = 'apps/api/src';

// An API test needs the migrated database templates of the global setup when it opens a database
// (createTestApp, createTestDatabase, or openDatabase itself). Decided from each file's text, so a
// new test lands in the right project without anyone listing it.
const OPENS_DATABASE = /\b(?:createTestApp|createTestDatabase|openDatabase)\(/;
const databaseTests = readdirSync(path.join(ROOT, API_TESTS), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `${API_TESTS}/${file.split(path.sep).join('/')}`)
  .filter((file) => OPENS_DATABASE.test(readFileSync(path.join(ROOT, file), 'utf8')))
  .sort();

export default defineConfig({
  // The web app's '~/…' imports (apps/web/tsconfig.json and vite.config.ts), for its unit tests.
  resolve: { alias: { '~': path.join(ROOT, 'apps/web/app') } },
  test: {
    // The demo seed's pictures, drawn once for every test and journey run (db/seed/images.ts).
    env: { SEED_PICTURE_CACHE: path.join(ROOT, 'node_modules', '.cache', 'souk-demo-pictures') },
    // Bounds for a busy machine (both cores taken by another load, docs/testing.md): a wait ends
    // as soon as its state is seen, so only a failure takes this long.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Said, not left to the default: with it the database project's files ran one after another on
    // this two-core machine (docs/testing.md).
    maxWorkers: availableParallelism(),
    // A fork goes from file to file with the modules it has loaded (a new process importing the
    // API or the web app costs about a second per file); every file still opens its own database
    // and app, and a file that stubs a global or the clock puts it back.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure units: no database, no global set-up.
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/app/**/*.test.ts',
            'apps/web/service-worker/**/*.test.ts',
            'apps/web/*.test.ts',
            `${API_TESTS}/**/*.test.ts`,
            'deploy/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...databaseTests],
        },
      },
      {
        extends: true,
        test: {
          name: 'database',
          // Service and route tests: the global set-up migrates PGlite (a template every file clones)
          // and, with TEST_DATABASE_URL, a PostgreSQL template database.
          include: databaseTests,
          globalSetup: ['apps/api/src/test/global-setup.ts'],
        },
      },
    ],
  },
});
