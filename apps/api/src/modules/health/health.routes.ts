import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

export function healthRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.get(
      '/health',
      { schema: { tags: ['santé'], summary: 'État du service et de la base' } },
      async (_req, reply) => {
        try {
          await db.execute(sql`select 1`);
          return { success: true, data: { status: 'ok', database: 'ok' } };
        } catch {
          return reply.status(503).send({ success: false, message: 'Base de données indisponible' });
        }
      },
    );
  };
}
