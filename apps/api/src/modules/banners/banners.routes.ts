import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { listActiveBanners } from './banners.service.ts';

export function bannersRoutes(db: Db, _config: Config) {
  return async (app: FastifyInstance) => {
    app.get(
      '/banners',
      { schema: { tags: ['bannières'], summary: 'Bannières actives par position' } },
      async () => ({
        success: true,
        data: await listActiveBanners(db),
      }),
    );
  };
}
