import type { RouteModule } from '#shared/module.ts';
import { downloadRoute, ok, route } from '#shared/route.ts';
import * as dashboard from './dashboard.service.ts';

/** The dashboard and its full report ('Tableau de bord'), in the admin scope. */
export const adminDashboardRoutes: RouteModule = ({ db }) => {
  return async (app) => {
    route(app, 'GET /admin/dashboard', async () => ok(await dashboard.getDashboard(db)));
    route(app, 'GET /admin/dashboard/report', async (req) => ok(await dashboard.getReport(db, req.query)));
    downloadRoute(app, 'GET /admin/dashboard/report/export', async (req) => {
      const { period, body } = await dashboard.exportReport(db, req.query);
      return { filename: `rapport-${period.from}-${period.to}.csv`, body };
    });
  };
};
