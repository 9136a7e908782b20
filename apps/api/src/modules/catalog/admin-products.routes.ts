import { PRODUCT_CREATED, PRODUCT_DELETED, PRODUCT_UPDATED } from '@souk/domain/admin-catalog';
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
    route(app, 'POST /admin/products', async (req) =>
      ok({ product: await products.createProduct(deps, req.body) }, PRODUCT_CREATED),
    );
    route(app, 'PUT /admin/products/:id', async (req) =>
      ok({ product: await products.updateProduct(deps, req.params.id, req.body) }, PRODUCT_UPDATED),
    );
    route(app, 'DELETE /admin/products/:id', async (req) => {
      await products.deleteProduct(deps, req.params.id);
      return done(PRODUCT_DELETED);
    });
  };
};
