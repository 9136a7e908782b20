import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ok, route } from '../../shared/route.ts';
import * as catalog from './catalog.service.ts';

// Public catalogue reads change rarely: let browsers and proxies reuse them briefly.
const PUBLIC_CACHE = 'public, max-age=30, stale-while-revalidate=300';

export function catalogRoutes(db: Db, _config: Config) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.method === 'GET' && reply.statusCode === 200) reply.header('Cache-Control', PUBLIC_CACHE);
    });

    route(app, 'GET /categories', async () => ok({ categories: await catalog.listCategories(db) }));
    route(app, 'GET /categories/:idOrSlug', async (req) =>
      ok(await catalog.getCategory(db, req.params.idOrSlug)),
    );
    route(app, 'GET /products', async (req) => ok(await catalog.listProducts(db, req.query)));
    route(app, 'GET /products/slug/:slug', async (req) =>
      ok(await catalog.getProduct(db, { slug: req.params.slug })),
    );
    route(app, 'GET /products/:id', async (req) => ok(await catalog.getProduct(db, { id: req.params.id })));
    route(app, 'GET /products/:id/images', async (req) =>
      ok(await catalog.getProductMedia(db, req.params.id)),
    );
    route(app, 'GET /variants/:id', async (req) => ok(await catalog.getVariant(db, req.params.id)));
    route(app, 'GET /suggestions/products/:id/similar', async (req) =>
      ok(await catalog.getProductSuggestions(db, req.params.id)),
    );
  };
}
