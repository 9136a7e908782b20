import { finished } from 'node:stream/promises';
import type { RouteModule } from '#shared/module.ts';
import { downloadRoute, ok, route } from '#shared/route.ts';
import { authOf } from '../../plugins/auth.ts';
import * as backups from './backup.service.ts';
import { BACKUP_CUT } from './backup-archive.ts';

/** 'Sauvegarde', in the admin scope. */
export const adminBackupRoutes: RouteModule = ({ db, config, log }) => {
  const deps = {
    db,
    mediaDir: config.mediaDir,
    workDir: config.tmpDir,
    publicUrl: config.publicUrl,
    keys: config.backupKeys,
    log,
  };
  return async (app) => {
    // The back office's button is a plain form (it works before any script has run): its empty
    // body is read and dropped. This module's scope only: no other route takes form bodies.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    // A POST only (docs/decisions/0035): a HEAD, a link followed or a page opening the address
    // builds nothing; a cross-site post is refused with every cookie write (plugins/auth.ts).
    downloadRoute(app, 'POST /admin/backup', async (req, reply) => {
      const backup = await backups.takeBackup(deps, { source: 'admin', userId: authOf(req).user.id });
      // 'finish': the answer's last byte has gone to the client. A download cut short closes the
      // answer before; it is logged, never thrown (the answer has begun), and recorded as nothing.
      const sent = finished(reply.raw).catch(() => {
        throw new Error(BACKUP_CUT);
      });
      backup
        .delivered(sent)
        .catch((error: unknown) =>
          req.log.warn(`Sauvegarde interrompue : ${error instanceof Error ? error.message : String(error)}`),
        );
      return { filename: backup.filename, body: backup.stream };
    });
    route(app, 'GET /admin/backup/last', async () => ok(await backups.lastBackup(db, config.backupKeys)));
  };
};
