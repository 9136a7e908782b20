import type { RouteModule } from '#shared/module.ts';
import { done, ok, route } from '#shared/route.ts';
import * as categories from './admin-categories.service.ts';

/** The categories screen's calls, in the admin scope. */
export const adminCategoriesRoutes: RouteModule = ({ db, config, log }) => {
  const deps = { db, mediaDir: config.mediaDir, log };
  return async (app) => {
    route(app, 'GET /admin/categories', async (req) =>
      ok(await categories.listAdminCategories(db, req.query)),
    );
    route(app, 'GET /admin/categories/:id', async (req) =>
      ok(await categories.getAdminCategory(db, req.params.id)),
    );
    route(app, 'POST /admin/categories', async (req) => {
      const { category, message } = await categories.createCategory(deps, req.body);
      return ok({ category }, message);
    });
    route(app, 'PUT /admin/categories/:id', async (req) => {
      const { category, message } = await categories.updateCategory(deps, req.params.id, req.body);
      return ok({ category }, message);
    });
    route(app, 'DELETE /admin/categories/:id', async (req) =>
      done((await categories.deleteCategory(deps, req.params.id)).message),
    );
    route(app, 'POST /admin/categories/:id/image', async (req) => {
      const { category, message } = await categories.setCategoryImage(
        deps,
        req.params.id,
        req.body.image_main,
      );
      return ok({ category }, message);
    });
  };
};
