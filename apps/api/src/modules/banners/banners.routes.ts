import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import { listActiveBanners } from './banners.service.ts';

export const bannersRoutes: RouteModule = ({ db }) => {
  return async (app) => {
    route(app, 'GET /banners', async () => ok(await listActiveBanners(db)));
  };
};
