import { AppError } from '#shared/app-error.ts';
import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import { databaseAnswers } from './health.repository.ts';

// Which React and Fastify builds run: `npm start` must say 'production' without anyone setting NODE_ENV.
const environment = () => process.env.NODE_ENV ?? 'development';

/** A database slower than this to answer `select 1` is not ready to serve. */
export const READY_DATABASE_TIMEOUT_MS = 2000;

export const HEALTH_STOPPING_MESSAGE = "Service en cours d'arrêt";
export const HEALTH_DATABASE_MESSAGE = 'Base de données indisponible';

export const healthRoutes: RouteModule = ({ db, cacheStats, stopping }) => {
  return async (app) => {
    route(app, 'GET /health/live', async () => ok({ status: 'ok' as const }));

    route(app, 'GET /health/ready', async () => {
      if (stopping()) throw new AppError('unavailable', HEALTH_STOPPING_MESSAGE);
      if (!(await databaseAnswers(db, READY_DATABASE_TIMEOUT_MS)))
        throw new AppError('unavailable', HEALTH_DATABASE_MESSAGE);
      return ok({ status: 'ok' as const });
    });

    route(app, 'GET /health', async () => {
      if (!(await databaseAnswers(db))) throw new AppError('unavailable', HEALTH_DATABASE_MESSAGE);
      return ok({
        status: 'ok' as const,
        database: 'ok' as const,
        environment: environment(),
        cache: cacheStats(),
      });
    });
  };
};
