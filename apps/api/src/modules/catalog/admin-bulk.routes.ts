import { productsCreated } from '@souk/domain/admin-bulk';
import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import * as bulk from './admin-bulk.service.ts';

/** 'Créer plusieurs produits', in the admin scope. */
export const adminBulkRoutes: RouteModule = ({ db, config, log }) => {
  const deps = { db, mediaDir: config.mediaDir, log };
  return async (app) => {
    route(app, 'POST /admin/products/batch', async (req) => {
      const created = await bulk.createProductsInBulk(deps, req.body);
      return ok(created, productsCreated(created.count));
    });
    route(app, 'GET /admin/products/batch/:batchId', async (req) =>
      ok(await bulk.getBatchProgress(db, req.params.batchId)),
    );
  };
};
