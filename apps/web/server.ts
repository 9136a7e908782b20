// The composition root: one Fastify process serving /api, /media and the React Router app.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import { buildApi } from '@souk/api/app';
import { loadConfig } from '@souk/api/config';
import type { Database } from '@souk/api/db/client';
import { CLOSE_DELAY_MS } from '@souk/api/plugins/drain';
import {
  answerRead,
  CACHE_TAGS_HEADER,
  type CacheKeyOf,
  cacheKey,
  REPORT_TAGS_HEADER,
} from '@souk/api/plugins/response-cache';
import { prepareDatabase } from '@souk/api/prepare-database';
import { formatPhone } from '@souk/domain/phone-format';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';
import { serverContext } from '#api-context';
import { OFFLINE_SCRIPT_PATH, SERVICE_WORKER_PATH } from './app/features/offline/offline-marks.ts';
import { type CallObserver, injectTransport, sessionOf } from './app/lib/inject-transport.server.ts';
import { keptPageParameters, keptPageVersion } from './app/lib/page-cache.server.ts';
import { wantsSaveData } from './app/lib/save-data.ts';
import { pageRouteOptions } from './page-body-limit.ts';
import { refuseForeignWrites } from './page-origin.ts';
import { onStopSignals } from './stop-signals.ts';

const webRoot = import.meta.dirname;

// In development the Vite plugin rebuilds the app on every file change: the database (one writer
// on DATA_DIR) stays open for the life of the process instead of being closed and reopened each time.
const devState = globalThis as typeof globalThis & { soukDevDatabase?: Promise<Database> };

/**
 * Whether the visitor asks for lighter pages: the one reading of the `Save-Data` header, for the
 * page's cache key and its load context (docs/decisions/0029).
 */
const savesData = (request: FastifyRequest) => wantsSaveData(request.headers['save-data']);

/** The response cache's key of an anonymous visitor's page, when it is one kept. */
const pageKey: CacheKeyOf = (request) => {
  const query = request.query as Record<string, unknown>;
  const parameters = keptPageParameters(request.url, query);
  return parameters && keptPageVersion(cacheKey(request.url, query, parameters), savesData(request));
};

/**
 * Every page answer (computed, kept or 304, and the `.data` of client navigations) depends on
 * Save-Data: a cache between must keep the two versions apart too. Added to what the response
 * cache and compression said (Accept-Encoding), after them: a route's onSend runs after the app's.
 */
function varySaveData(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) {
  const vary = String(reply.getHeader('Vary') ?? '');
  const names = vary.split(',').map((name) => name.trim().toLowerCase());
  if (!names.includes('save-data')) reply.header('Vary', vary ? `${vary}, Save-Data` : 'Save-Data');
  done(null, payload);
}

/**
 * While a page is computed to be kept, each API read tells what it was about, or that no cache
 * keeps it (and then neither is the page): a write, a personal or uncached read.
 */
const pageReads = (request: FastifyRequest): CallObserver => ({
  headers: { [REPORT_TAGS_HEADER]: '1' },
  answered: (method, headers) =>
    answerRead(request, method === 'GET' ? headers[CACHE_TAGS_HEADER] : undefined),
});

const clientBuild = path.join(webRoot, 'build/client');

/**
 * How long a browser keeps a file of the build: the hashed assets for a year; the service worker
 * and the offline script never without asking (their names stay, a phone must see a new version
 * at its next visit, docs/decisions/0036); the rest (icons, robots) an hour.
 */
function staticCacheControl(filePath: string): string {
  // The name of the file sent, whose .br or .gz form may be what goes.
  const file = path.relative(clientBuild, filePath).replace(/\.(br|gz)$/, '');
  if (file.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if ([SERVICE_WORKER_PATH, OFFLINE_SCRIPT_PATH].includes(`/${file}`)) return 'no-cache';
  return 'public, max-age=3600';
}

/** Builds the whole server (API, media, pages); `vite` is given by `react-router dev`. */
export async function createServer(vite?: ViteDevServer): Promise<FastifyInstance> {
  const config = loadConfig();
  let database: Database;
  if (vite) {
    devState.soukDevDatabase ??= prepareDatabase(config);
    database = await devState.soukDevDatabase;
  } else {
    database = await prepareDatabase(config);
  }

  const app = await buildApi({ config, database });
  const shopWhatsapp = {
    number: config.SHOP_WHATSAPP_NUMBER,
    display: formatPhone(config.SHOP_WHATSAPP_NUMBER),
  };
  if (!vite) app.addHook('onClose', () => database.close());

  await app.register(fastifyReactRouter, {
    devServer: vite,
    serverBuildPath: path.join(webRoot, 'build/server/index.js'),
    clientBuildDirectory: clientBuild,
    staticOptions: {
      // The .br and .gz files made at build time (vite.config.ts) go out as they are.
      preCompressed: true,
      setHeaders: (res, filePath) => res.setHeader('Cache-Control', staticCacheControl(filePath)),
    },
    // An anonymous visitor's page is answered from the response cache (docs/decisions/0023).
    routeOptions: {
      ...pageRouteOptions,
      onRequest: refuseForeignWrites(config.publicUrl),
      config: { cacheKeyOf: pageKey },
      onSend: varySaveData,
    },
    getLoadContext(request) {
      const context = new RouterContextProvider();
      context.set(serverContext, {
        api: injectTransport(app, request, request.responseCache ? pageReads(request) : undefined),
        session: () => sessionOf(request),
        publicUrl: config.publicUrl,
        shopWhatsapp,
        shopLocale: config.shopLocale,
        agency: config.shopContact.agency,
        deliveryTerms: config.shopContact.deliveryTerms,
        unpaidTimeoutMs: config.shopContact.unpaidTimeoutMs,
        paymentProviders: config.payments.offered,
        largeQuantity: config.LARGE_QUANTITY_CONFIRM,
        // 128 random bits per request; entry.server puts it on the inline scripts and in the CSP
        // header, or, on a page computed to be kept, turns the scripts carrying it into hashes.
        cspNonce: randomBytes(16).toString('base64'),
        pageKept: Boolean(request.responseCache),
        saveData: savesData(request),
      });
      return context;
    },
  });
  return app;
}

/**
 * Listens on PORT; started by start.ts (`npm start`). On a signal (SIGTERM, SIGINT…), an uncaught
 * error or a rejection nobody handled, the server closes cleanly (requests in flight answered,
 * conversions handed back, the database closed), within CLOSE_DELAY_MS; a second signal (not the
 * echo of the first, stop-signals.ts) exits at once.
 */
export async function serve(): Promise<FastifyInstance> {
  const config = loadConfig();
  const app = await createServer();
  const grace = closeWithGrace(
    // Stop signals are this file's own (below); close-with-grace takes the others and the errors.
    { delay: CLOSE_DELAY_MS, logger: app.log, skip: ['SIGTERM', 'SIGINT'] },
    async ({ err, signal }) => {
      if (err) app.log.error(err, 'Erreur non rattrapée : fermeture propre');
      else {
        if (signal) app.log.info(`${signal} reçu : fermeture propre`);
        // Connections end first (the proxy's kept ones included), then the app and its database.
        await app.drain();
      }
      await app.close();
    },
  );
  // A worker of WEB_CONCURRENCY (apps/web/workers.ts) stops on its primary's SIGTERM; the
  // terminal's Ctrl-C, which reaches it too, is the primary's to turn into that SIGTERM.
  if (cluster.isWorker) process.on('SIGINT', () => {});
  onStopSignals(
    (signal) => {
      app.log.info(`${signal} reçu : fermeture propre`);
      void grace.close();
    },
    (signal) => {
      app.log.error(`Second ${signal} : arrêt immédiat`);
      process.exit(1);
    },
    cluster.isWorker ? ['SIGTERM'] : ['SIGTERM', 'SIGINT'],
  );
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}
