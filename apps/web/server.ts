// The composition root: one Fastify process serving /api, /media and the React Router app.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import { buildApi } from '@souk/api/app';
import { type Config, loadConfig } from '@souk/api/config';
import type { Database } from '@souk/api/db/client';
import { openConfiguredDatabase } from '@souk/api/db/open-configured';
import { seedDemoShop } from '@souk/api/db/seed/seed';
import { bootstrapAdmin } from '@souk/api/modules/auth/bootstrap-admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';
import { type ApiCaller, serverContext } from '#api-context';

const webRoot = import.meta.dirname;

// Headers a page load forwards to the API so it acts for the same visitor.
const FORWARDED_HEADERS = [
  'cookie',
  'x-session-id',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
] as const;

function apiCaller(app: FastifyInstance, request: FastifyRequest): ApiCaller {
  return async (apiPath, init = {}) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Page loads cannot send X-Session-ID: the guest cart id also travels in a readable cookie.
    const cartSession = /(?:^|;\s*)cart_session_id=([A-Za-z0-9_-]{8,128})/.exec(headers.cookie ?? '')?.[1];
    if (!headers['x-session-id'] && cartSession) headers['x-session-id'] = cartSession;
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `/api${apiPath}`,
      headers: { ...headers, ...init.headers, 'x-forwarded-for': request.ip },
      ...(init.body === undefined ? {} : { payload: init.body as object }),
    });
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      body = { success: false, message: 'Réponse invalide du serveur' };
    }
    const setCookie = res.headers['set-cookie'];
    const setCookies =
      setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
    return { status: res.statusCode, body, setCookies };
  };
}

async function prepareDatabase(config: Config): Promise<Database> {
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const log = (message: string) => console.info(`[souk] ${message}`);
  await seedDemoShop(database.db, config.mediaDir, { log });
  const admin = await bootstrapAdmin(database.db, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (admin?.password) {
    log(
      `Compte administrateur créé : ${admin.email} / ${admin.password} (affiché une seule fois, changez-le).`,
    );
  }
  return database;
}

// In development the Vite plugin rebuilds the app on every file change: the database (one writer
// on DATA_DIR) stays open for the life of the process instead of being closed and reopened each time.
const devState = globalThis as typeof globalThis & { soukDevDatabase?: Promise<Database> };

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
  if (!vite) app.addHook('onClose', () => database.close());

  await app.register(fastifyReactRouter, {
    devServer: vite,
    serverBuildPath: path.join(webRoot, 'build/server/index.js'),
    clientBuildDirectory: path.join(webRoot, 'build/client'),
    assetCacheControl: 'public, max-age=31536000, immutable',
    fileCacheControl: 'public, max-age=3600',
    getLoadContext(request) {
      const context = new RouterContextProvider();
      context.set(serverContext, {
        api: apiCaller(app, request),
        publicUrl: config.publicUrl,
        shopWhatsapp: config.SHOP_WHATSAPP_NUMBER,
        agencyLocation: config.AGENCY_LOCATION,
      });
      return context;
    },
  });
  return app;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const config = loadConfig();
  const app = await createServer();
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} reçu : fermeture propre`);
      app.close().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
}
