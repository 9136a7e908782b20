import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ok, route } from '../../shared/route.ts';
import { listActiveBanners } from './banners.service.ts';

export function bannersRoutes(db: Db, _config: Config) {
  return async (app: FastifyInstance) => {
    route(app, 'GET /banners', async () => ok(await listActiveBanners(db)));
  };
}
