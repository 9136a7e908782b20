import { bannerCreated, bannerDeleted, bannerUpdated } from '@souk/domain/admin-banners';
import { switchedTo } from '@souk/domain/primitives';
import type { RouteModule } from '#shared/module.ts';
import { done, ok, route } from '#shared/route.ts';
import * as banners from './admin-banners.service.ts';

/** The banners screen's calls (docs/decisions/0020), in the admin scope. */
export const adminBannersRoutes: RouteModule = ({ db, config, log }) => {
  const deps = { db, mediaDir: config.mediaDir, log };
  return async (app) => {
    route(app, 'GET /admin/banners', async (req) => ok(await banners.listAdminBanners(db, req.query)));
    route(app, 'POST /admin/banners', async (req) => {
      const banner = await banners.createBanner(deps, req.body);
      return ok({ banner }, bannerCreated(banner.title));
    });
    route(app, 'PUT /admin/banners/:id', async (req) => {
      const banner = await banners.updateBanner(deps, req.params.id, req.body);
      const { image, ...fields } = req.body;
      return ok({ banner }, bannerUpdated(banner.title, switchedTo(fields, image)));
    });
    route(app, 'DELETE /admin/banners/:id', async (req) =>
      done(bannerDeleted((await banners.deleteBanner(deps, req.params.id)).title)),
    );
  };
};
