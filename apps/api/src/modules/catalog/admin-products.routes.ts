import type { RouteModule } from '#shared/module.ts';
import { done, ok, route } from '#shared/route.ts';
import * as products from './admin-products.service.ts';

/** The products screen's calls, in the admin scope. */
export const adminProductsRoutes: RouteModule = ({ db, config, log }) => {
  const deps = { db, mediaDir: config.mediaDir, videoSourceDir: config.videoSourceDir, log };
  return async (app) => {
    route(app, 'GET /admin/products', async (req) => ok(await products.listAdminProducts(db, req.query)));
    route(app, 'GET /admin/products/:id', async (req) =>
      ok(await products.getAdminProduct(db, req.params.id)),
    );
    route(app, 'POST /admin/products', async (req) => {
      const { product, message } = await products.createProduct(deps, req.body);
      return ok({ product }, message);
    });
    route(app, 'PUT /admin/products/:id', async (req) => {
      const { product, message } = await products.updateProduct(deps, req.params.id, req.body);
      return ok({ product }, message);
    });
    route(app, 'DELETE /admin/products/:id', async (req) =>
      done((await products.deleteProduct(deps, req.params.id)).message),
    );
  };
};
