import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import * as catalog from './catalog.service.ts';

export const catalogRoutes: RouteModule = ({ db }) => {
  return async (app) => {
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
};
