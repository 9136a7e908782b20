import {
  VARIANT_CREATED,
  VARIANT_DELETED,
  VARIANT_UPDATED,
  variantsCreated,
} from '@souk/domain/admin-variants';
import type { RouteModule } from '#shared/module.ts';
import { done, ok, route } from '#shared/route.ts';
import * as variants from './admin-variants.service.ts';

/** The variants modal's calls ('Gestion des variantes'), in the admin scope. */
export const adminVariantsRoutes: RouteModule = ({ db }) => {
  return async (app) => {
    route(app, 'GET /admin/products/:id/variants', async (req) =>
      ok(await variants.listVariants(db, req.params.id)),
    );
    route(app, 'POST /admin/products/:id/variants', async (req) =>
      ok({ variant: await variants.createVariant(db, req.params.id, req.body) }, VARIANT_CREATED),
    );
    route(app, 'POST /admin/products/:id/variants/batch', async (req) => {
      const created = await variants.createVariants(db, req.params.id, req.body);
      return ok(created, variantsCreated(created.count));
    });
    route(app, 'PUT /admin/products/:id/variants/:variantId', async (req) => {
      const variant = await variants.updateVariant(db, req.params.id, req.params.variantId, req.body);
      return ok({ variant }, VARIANT_UPDATED);
    });
    route(app, 'DELETE /admin/products/:id/variants/:variantId', async (req) => {
      await variants.deleteVariant(db, req.params.id, req.params.variantId);
      return done(VARIANT_DELETED);
    });
  };
};
