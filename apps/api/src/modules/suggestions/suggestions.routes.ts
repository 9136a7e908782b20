import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { guestSessionIdOf } from '../auth/auth.routes.ts';
import * as suggestions from './suggestions.service.ts';

export function suggestionsRoutes(db: Db) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // The answer depends on the caller's cart: never cached.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get(
      '/suggestions/cart',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Suggestions pour le panier (invité : en-tête X-Session-ID)',
        },
      },
      async (req) => ({
        success: true,
        data: await suggestions.getCartSuggestions(db, {
          userId: req.auth?.user.id,
          sessionId: guestSessionIdOf(req),
        }),
      }),
    );
  };
}
