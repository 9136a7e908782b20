import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiDeps, buildApi } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type Engine } from './database.ts';

export type TestAppOptions = {
  /** Extra environment, e.g. SMTP_URL or PUBLIC_URL. */
  env?: Record<string, string>;
  authRateLimits?: ApiDeps['authRateLimits'];
};

/** The real API on a fresh database, for `inject`. */
export async function createTestApp(engine: Engine, options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'souk-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const database = await createTestDatabase(engine);
  const app = await buildApi({ config, database, logger: false, authRateLimits: options.authRateLimits });
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
