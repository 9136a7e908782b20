import {
  CUSTOMER_PROFILE_UPDATED,
  customerCreated,
  customerStatusDone,
  PASSWORD_LINK_READY,
} from '@souk/domain/admin-customers';
import type { RouteModule } from '#shared/module.ts';
import { done, ok, route } from '#shared/route.ts';
import { authOf } from '../../plugins/auth.ts';
import * as customers from './customers.service.ts';

/**
 * The customers screen's calls, in the admin scope, under both paths (/admin/customers and
 * /admin/clients).
 */
export const adminCustomersRoutes: RouteModule = ({ db, config, mailer, log }) => {
  return async (app) => {
    for (const base of ['/admin/customers', '/admin/clients'] as const) {
      route(app, `GET ${base}/stats`, async () => ok(await customers.getCustomerStats(db)));
      route(app, `GET ${base}`, async (req) => ok(await customers.listCustomers(db, req.query)));
      route(app, `GET ${base}/:id`, async (req) =>
        ok({ client: await customers.getCustomer(db, req.params.id) }),
      );
      route(app, `POST ${base}/toggle-status`, async (req) => {
        const { client_id, action } = req.body;
        const { names } = await customers.setCustomersStatus(db, authOf(req).user.id, [client_id], action);
        return done(customerStatusDone(action, names[0] ?? ''));
      });
    }
    route(app, 'POST /admin/customers/bulk-status', async (req) => {
      const { client_ids, action } = req.body;
      const { changed } = await customers.setCustomersStatus(db, authOf(req).user.id, client_ids, action);
      return ok({ updated: changed }, customerStatusDone(action, changed));
    });
    route(app, 'PUT /admin/customers/:id', async (req) =>
      ok({ client: await customers.updateCustomer(db, req.params.id, req.body) }, CUSTOMER_PROFILE_UPDATED),
    );
    const mailDeps = { db, mailer, log, publicUrl: config.publicUrl };
    route(app, 'POST /admin/customers', async (req) => {
      const created = await customers.createCustomer(mailDeps, req.body);
      return ok(created, customerCreated(created.client.name));
    });
    route(app, 'POST /admin/customers/:id/password-link', async (req) =>
      ok(await customers.sendPasswordLink(mailDeps, req.params.id), PASSWORD_LINK_READY),
    );
  };
};
