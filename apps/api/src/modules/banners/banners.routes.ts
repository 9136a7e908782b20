import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import { BANNERS_TAG, cacheTags } from '../../plugins/response-cache.ts';
import { listActiveBanners } from './banners.service.ts';

export const bannersRoutes: RouteModule = ({ db }) => {
  return async (app) => {
    route(app, 'GET /banners', async (req) => {
      cacheTags(req, [BANNERS_TAG]);
      return ok(await listActiveBanners(db));
    });
  };
};
