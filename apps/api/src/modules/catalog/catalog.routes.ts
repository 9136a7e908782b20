import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import { cacheTags, productTag } from '../../plugins/response-cache.ts';
import * as catalog from './catalog.service.ts';

// Each answer names the products it shows: one product's stock change (an order) then drops only
// the cached answers showing it; any other catalogue change drops them all (docs/decisions/0023).
const showing = (products: readonly { id: number }[]) => products.map((p) => productTag(p.id));

export const catalogRoutes: RouteModule = ({ db }) => {
  return async (app) => {
    route(app, 'GET /categories', async () => ok({ categories: await catalog.listCategories(db) }));
    route(app, 'GET /categories/:idOrSlug', async (req) =>
      ok(await catalog.getCategory(db, req.params.idOrSlug)),
    );
    route(app, 'GET /search/suggestions', async (req) => {
      const suggested = await catalog.suggestProducts(db, req.query);
      cacheTags(req, showing(suggested.products));
      return ok(suggested);
    });
    route(app, 'GET /products', async (req) => {
      const page = await catalog.listProducts(db, req.query);
      cacheTags(req, showing(page.products));
      return ok(page);
    });
    route(app, 'GET /products/slug/:slug', async (req) => {
      const product = await catalog.getProduct(db, { slug: req.params.slug });
      cacheTags(req, [productTag(product.id)]);
      return ok(product);
    });
    route(app, 'GET /products/:id', async (req) => {
      cacheTags(req, [productTag(req.params.id)]);
      return ok(await catalog.getProduct(db, { id: req.params.id }));
    });
    route(app, 'GET /products/:id/images', async (req) => {
      cacheTags(req, [productTag(req.params.id)]);
      return ok(await catalog.getProductMedia(db, req.params.id));
    });
    route(app, 'GET /variants/:id', async (req) => {
      const variant = await catalog.getVariant(db, req.params.id);
      cacheTags(req, [productTag(variant.product_id)]);
      return ok(variant);
    });
    route(app, 'GET /suggestions/products/:id/similar', async (req) => {
      const suggestions = await catalog.getProductSuggestions(db, req.params.id);
      cacheTags(req, [
        productTag(req.params.id),
        ...showing(suggestions.similar_products),
        ...showing(suggestions.popular_in_category),
        ...showing(suggestions.recent_products),
      ]);
      return ok(suggestions);
    });
  };
};
