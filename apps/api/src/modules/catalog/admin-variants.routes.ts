import type { RouteModule } from '#shared/module.ts';
import { done, ok, route } from '#shared/route.ts';
import * as variants from './admin-variants.service.ts';

/** The variants modal's calls ('Gestion des variantes'), in the admin scope. */
export const adminVariantsRoutes: RouteModule = ({ db }) => {
  return async (app) => {
    route(app, 'GET /admin/products/:id/variants', async (req) =>
      ok(await variants.listVariants(db, req.params.id)),
    );
    route(app, 'POST /admin/products/:id/variants', async (req) => {
      const { variant, message } = await variants.createVariant(db, req.params.id, req.body);
      return ok({ variant }, message);
    });
    route(app, 'POST /admin/products/:id/variants/batch', async (req) => {
      const {
        variants: created,
        count,
        message,
      } = await variants.createVariants(db, req.params.id, req.body);
      return ok({ variants: created, count }, message);
    });
    route(app, 'PUT /admin/products/:id/variants/:variantId', async (req) => {
      const { variant, message } = await variants.updateVariant(
        db,
        req.params.id,
        req.params.variantId,
        req.body,
      );
      return ok({ variant }, message);
    });
    route(app, 'DELETE /admin/products/:id/variants/:variantId', async (req) =>
      done((await variants.deleteVariant(db, req.params.id, req.params.variantId)).message),
    );
  };
};
