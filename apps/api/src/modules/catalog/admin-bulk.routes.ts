import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import * as bulk from './admin-bulk.service.ts';

/** 'Créer plusieurs produits', in the admin scope. */
export const adminBulkRoutes: RouteModule = ({ db, config, log }) => {
  const deps = { db, mediaDir: config.mediaDir, log };
  return async (app) => {
    route(app, 'POST /admin/products/batch', async (req) => {
      const { result, message } = await bulk.createProductsInBulk(deps, req.body);
      return ok(result, message);
    });
    route(app, 'GET /admin/products/batch/:batchId', async (req) =>
      ok(await bulk.getBatchProgress(db, req.params.batchId)),
    );
  };
};
