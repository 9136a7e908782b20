import { mediaAdded, mediaDeleted, mediaReordered, mediaUpdated } from '@souk/domain/admin-media';
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
      const added = await media.uploadMedia(deps, req.params.id, req.body);
      return ok({ media: added }, mediaAdded(added.length));
    });
    route(app, 'PUT /admin/products/:id/images/:imageId', async (req) => {
      const item = await media.updateMedia(deps, req.params.id, req.params.imageId, req.body);
      return ok({ media: item }, mediaUpdated(item.type, req.body.is_main));
    });
    route(app, 'DELETE /admin/products/:id/images/:imageId', async (req) =>
      done(mediaDeleted(await media.deleteMedia(deps, req.params.id, req.params.imageId))),
    );
    route(app, 'POST /admin/products/:id/images/reorder', async (req) => {
      const { media: list, kind } = await media.reorderMedia(deps, req.params.id, req.body);
      return ok(list, mediaReordered(kind));
    });
  };
};
