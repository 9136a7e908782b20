import type { RouteModule } from '#shared/module.ts';
import { done, ok, route } from '#shared/route.ts';
import * as media from './admin-media.service.ts';

/** The product media manager's calls, in the admin scope. */
export const adminMediaRoutes: RouteModule = ({ db, config, videos, log }) => {
  const deps: media.MediaDeps = {
    db,
    mediaDir: config.mediaDir,
    tmpDir: config.tmpDir,
    videoSourceDir: config.videoSourceDir,
    tools: config.videoTools,
    videos,
    log,
  };
  return async (app) => {
    route(app, 'GET /admin/products/:id/images', async (req) => ok(await media.listMedia(db, req.params.id)));
    route(app, 'POST /admin/products/:id/images', async (req) => {
      const { media: added, message } = await media.uploadMedia(deps, req.params.id, req.body);
      return ok({ media: added }, message);
    });
    route(app, 'PUT /admin/products/:id/images/:imageId', async (req) => {
      const { media: item, message } = await media.updateMedia(
        deps,
        req.params.id,
        req.params.imageId,
        req.body,
      );
      return ok({ media: item }, message);
    });
    route(app, 'DELETE /admin/products/:id/images/:imageId', async (req) =>
      done((await media.deleteMedia(deps, req.params.id, req.params.imageId)).message),
    );
    route(app, 'POST /admin/products/:id/images/reorder', async (req) => {
      const { media: list, message } = await media.reorderMedia(deps, req.params.id, req.body);
      return ok(list, message);
    });
  };
};
