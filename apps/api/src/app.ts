import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';

export type ApiDeps = { config: Config; database: Database; logger?: boolean };

/** Builds the API (routes under /api, media under /media) without listening: tests call `inject`. */
export async function buildApi({ config, database, logger }: ApiDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    // React Router's SSR inlines its hydration scripts; a nonce-based CSP is tracked in docs/decisions.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  await registerDocs(app);

  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  const { db } = database;
  await app.register(
    async (api) => {
      await api.register(healthRoutes(db));
      await api.register(catalogRoutes(db, config));
      await api.register(bannersRoutes(db, config));
    },
    { prefix: '/api' },
  );
  return app;
}
