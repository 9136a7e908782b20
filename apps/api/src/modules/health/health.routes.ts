import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

// Which React and Fastify builds run: `npm start` must say 'production' without anyone setting NODE_ENV.
const environment = () => process.env.NODE_ENV ?? 'development';

export function healthRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.get(
      '/health',
      { schema: { tags: ['santé'], summary: 'État du service et de la base' } },
      async (_req, reply) => {
        try {
          await db.execute(sql`select 1`);
          return { success: true, data: { status: 'ok', database: 'ok', environment: environment() } };
        } catch {
          return reply.status(503).send({ success: false, message: 'Base de données indisponible' });
        }
      },
    );
  };
}
