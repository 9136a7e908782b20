import {
  categoryCreated,
  categoryDeleted,
  categoryImageUpdated,
  categoryUpdated,
} from '@souk/domain/admin-catalog';
import { switchedTo } from '@souk/domain/primitives';
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
      const category = await categories.createCategory(deps, req.body);
      return ok({ category }, categoryCreated(category.name));
    });
    route(app, 'PUT /admin/categories/:id', async (req) => {
      const category = await categories.updateCategory(deps, req.params.id, req.body);
      const { image_main, ...fields } = req.body;
      return ok({ category }, categoryUpdated(category.name, switchedTo(fields, image_main)));
    });
    route(app, 'DELETE /admin/categories/:id', async (req) =>
      done(categoryDeleted((await categories.deleteCategory(deps, req.params.id)).name)),
    );
    route(app, 'POST /admin/categories/:id/image', async (req) => {
      const category = await categories.setCategoryImage(deps, req.params.id, req.body.image_main);
      return ok({ category }, categoryImageUpdated(category.name));
    });
  };
};
