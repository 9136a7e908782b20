import { AppError } from '#shared/app-error.ts';
import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import { databaseAnswers } from './health.repository.ts';

// Which React and Fastify builds run: `npm start` must say 'production' without anyone setting NODE_ENV.
const environment = () => process.env.NODE_ENV ?? 'development';

export const healthRoutes: RouteModule = ({ db, cacheStats }) => {
  return async (app) => {
    route(app, 'GET /health', async () => {
      if (!(await databaseAnswers(db))) throw new AppError('unavailable', 'Base de données indisponible');
      return ok({
        status: 'ok' as const,
        database: 'ok' as const,
        environment: environment(),
        cache: cacheStats(),
      });
    });
  };
};
