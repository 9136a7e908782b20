import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiDeps, buildApi } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { orderTracking } from '../modules/orders/order-tracking.ts';
import { cookieSecret } from '../plugins/cookie-secret.ts';
import { createCaptureMailer } from './capture-mailer.ts';
import { createTestDatabase, type Engine } from './database.ts';

export type TestAppOptions = {
  /** Extra environment, e.g. SMTP_URL or PUBLIC_URL. */
  env?: Record<string, string>;
  authRateLimits?: ApiDeps['authRateLimits'];
  orderRateLimits?: ApiDeps['orderRateLimits'];
  /**
   * Send mail the way the configuration says (SMTP_URL, else .eml files under DATA_DIR/mail)
   * instead of capturing it in memory (`mail`).
   */
  configuredMailer?: boolean;
  /** The jobs' settings; by default no polling and no recurring job (`app.jobs.runDue()` runs what is due). */
  jobs?: ApiDeps['jobs'];
  /** Collects the app's log lines here (at LOG_LEVEL, 'silent' unless `env` says otherwise). */
  log?: string[];
  /** A smaller video limit than VIDEO_MAX_BYTES, so a refusal needs no 50 MB upload. */
  videoMaxBytes?: number;
  /** A smaller response cache than RESPONSE_CACHE_BYTES, to see its bound hold. */
  responseCacheBytes?: number;
};

/** The real API on a fresh database and a temporary DATA_DIR (removed by `close`), for `inject`. */
export async function createTestApp(engine: Engine, options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'souk-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  try {
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
    const mail = createCaptureMailer();
    const database = await createTestDatabase(engine);
    const build = async () => {
      const app = await buildApi({
        config,
        database,
        logger: options.log ? { write: (line: string) => void options.log?.push(line) } : false,
        authRateLimits: options.authRateLimits,
        orderRateLimits: options.orderRateLimits,
        mailer: options.configuredMailer ? undefined : mail.mailer,
        // Jobs run when a test says (`app.jobs.runDue()`), never in the middle of another test's reads.
        jobs: { poll: false, schedule: false, ...options.jobs },
        videoMaxBytes: options.videoMaxBytes,
        responseCacheBytes: options.responseCacheBytes,
      });
      await app.ready();
      return app;
    };
    const app = await build().catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    const peers: (() => Promise<void>)[] = [];
    const test = {
      app,
      db: database.db,
      config,
      /** The orders' tracking links as the app makes them (the same key, from DATA_DIR). */
      tracking: orderTracking(cookieSecret(config.COOKIE_SECRET, config.dataDir), config.publicUrl),
      /** What the API sent (empty with `configuredMailer`). */
      mail,
      /**
       * Stops the app and starts a new one on the same database and DATA_DIR (a server restart);
       * `app` is then the new one. `whileStopped` runs in between.
       */
      async restart(restartOptions: { whileStopped?: () => unknown } = {}) {
        await test.app.close();
        await restartOptions.whileStopped?.();
        test.app = await build();
        return test.app;
      },
      /**
       * PostgreSQL only: another server process on the same database and DATA_DIR (its own pool,
       * its own caches), as a second `npm start` behind a load balancer would be. Closed by `close`.
       */
      async secondProcess() {
        if (!database.url) throw new Error('a second server process needs PostgreSQL');
        const own = await openDatabase({ url: database.url, poolSize: 5 });
        const other = await buildApi({
          config,
          database: own,
          logger: false,
          jobs: { poll: false, schedule: false, ...options.jobs },
        });
        await other.ready();
        peers.push(async () => {
          await other.close();
          await own.close();
        });
        return other;
      },
      async close() {
        try {
          for (const closePeer of peers.splice(0)) await closePeer();
          await test.app.close();
          await database.close();
        } finally {
          removeDataDir();
        }
      },
    };
    return test;
  } catch (error) {
    removeDataDir();
    throw error;
  }
}

/**
 * Calls `/api<url>` on the app `appOf` gives (read when called: a suite's app is made in its
 * beforeAll) as `headers` say, answering the status and the parsed body.
 */
export const jsonCaller =
  (appOf: () => Awaited<ReturnType<typeof buildApi>>) =>
  async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    body?: object,
  ) => {
    const res = await appOf().inject({
      method,
      url: `/api${url}`,
      headers,
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
