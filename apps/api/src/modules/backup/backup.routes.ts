import type { RouteModule } from '#shared/module.ts';
import { downloadRoute, ok, route } from '#shared/route.ts';
import { authOf } from '../../plugins/auth.ts';
import * as backups from './backup.service.ts';

/** 'Sauvegarde', in the admin scope. */
export const adminBackupRoutes: RouteModule = ({ db, config, log }) => {
  const deps = { db, mediaDir: config.mediaDir, workDir: config.tmpDir, publicUrl: config.publicUrl, log };
  return async (app) => {
    downloadRoute(app, 'GET /admin/backup', async (req) => {
      const { filename, stream, finished } = await backups.takeBackup(deps, {
        source: 'admin',
        userId: authOf(req).user.id,
      });
      // A download cut short is logged, not thrown: the answer has already begun.
      finished.catch((error: unknown) => req.log.warn(`Sauvegarde interrompue : ${String(error)}`));
      return { filename, body: stream };
    });
    route(app, 'GET /admin/backup/last', async () => ok(await backups.lastBackup(db)));
  };
};
