import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import * as suggestions from './suggestions.service.ts';

// The answer depends on the caller's cart: the contract leaves it uncached.
export const suggestionsRoutes: RouteModule = ({ db }) => {
  return async (app) => {
    route(app, 'GET /suggestions/cart', async (req) =>
      ok(
        await suggestions.getCartSuggestions(db, {
          userId: req.auth?.user.id,
          sessionId: req.guestSessionId,
        }),
      ),
    );
  };
};
