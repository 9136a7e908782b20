import { RECEIVED_MARKED_SEEN } from '@souk/domain/whatsapp';
import { AppError } from '#shared/app-error.ts';
import type { RouteModule } from '#shared/module.ts';
import { eventStreamRoute, ok, route } from '#shared/route.ts';
import { markReceivedSeen } from '../whatsapp/whatsapp-owner-view.ts';
import * as admin from './admin.service.ts';

const EVENTS_UNAVAILABLE = 'Mises à jour en direct indisponibles pour le moment';

/** What every back-office page's header shows: the bell and the search; and what keeps it current. */
export const adminShellRoutes: RouteModule = ({ db, config, backOffice, log }) => {
  return async (app) => {
    route(app, 'GET /admin/notifications', async () =>
      ok(await admin.getNotifications(db, config.whatsapp !== null)),
    );
    route(app, 'GET /admin/search', async (req) => ok(await admin.searchAdmin(db, req.query.q)));
    eventStreamRoute(app, 'GET /admin/events', async (req) => {
      // Too many streams, or the database cannot be listened to: the page works without (it
      // reads itself on each change of its own) and its EventSource tries again.
      const stream = await backOffice.open(req.query.since).catch((error: Error) => {
        log(`Mises à jour en direct impossibles : ${error.message}`);
        return null;
      });
      if (!stream) throw new AppError('unavailable', EVENTS_UNAVAILABLE);
      return stream;
    });
    route(app, 'POST /admin/whatsapp/seen', async (req) =>
      ok({ marked: await markReceivedSeen(db, req.body.ids) }, RECEIVED_MARKED_SEEN),
    );
  };
};
