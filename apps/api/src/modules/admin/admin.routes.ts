import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import * as admin from './admin.service.ts';

/** What every back-office page's header shows: the bell and the search. */
export const adminShellRoutes: RouteModule = ({ db, config }) => {
  return async (app) => {
    route(app, 'GET /admin/notifications', async () =>
      ok(await admin.getNotifications(db, config.whatsapp !== null)),
    );
    route(app, 'GET /admin/search', async (req) => ok(await admin.searchAdmin(db, req.query.q)));
  };
};
