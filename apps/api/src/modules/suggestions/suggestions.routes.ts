import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ok, route } from '../../shared/route.ts';
import { guestSessionIdOf } from '../auth/auth.routes.ts';
import * as suggestions from './suggestions.service.ts';

export function suggestionsRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    // The answer depends on the caller's cart: never cached.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    route(app, 'GET /suggestions/cart', async (req) =>
      ok(
        await suggestions.getCartSuggestions(db, {
          userId: req.auth?.user.id,
          sessionId: guestSessionIdOf(req),
        }),
      ),
    );
  };
}
