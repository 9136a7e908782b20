import { describe } from 'vitest';
import { engines } from './database.ts';

/**
 * Tests of writers racing each other: they need real concurrent connections, which PGlite (one
 * connection) cannot give. Without TEST_DATABASE_URL they do not run, and the run says so loudly
 * rather than skipping them silently.
 */
export function describeOnPostgres(name: string, tests: () => void) {
  if (engines.includes('postgres')) describe(name, tests);
  else
    console.warn(
      `[tests] ${name} NOT RUN: set TEST_DATABASE_URL to a PostgreSQL database to run them ` +
        '(PGlite has a single connection, so no race can occur there).',
    );
}
