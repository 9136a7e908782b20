import {
  ADDED_TO_CART,
  CART_CLEARED,
  CART_ITEM_REMOVED,
  CART_NOTE_SAVED,
  CART_UPDATED,
} from '@souk/domain/cart';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import * as cart from './cart.service.ts';

const callerOf = (request: FastifyRequest): cart.CartCaller => ({
  userId: request.auth?.user.id,
  sessionId: request.guestSessionId,
});

export const cartRoutes: RouteModule = ({ db }) => {
  return async (app) => {
    route(app, 'GET /cart', async (req) => ok(await cart.getCart(db, callerOf(req))));
    route(app, 'POST /cart', async (req) =>
      ok(await cart.addItem(db, callerOf(req), req.body), ADDED_TO_CART),
    );
    route(app, 'PUT /cart/:id', async (req) =>
      ok(await cart.updateItem(db, callerOf(req), req.params.id, req.body.quantity), CART_UPDATED),
    );
    route(app, 'DELETE /cart/:id', async (req) =>
      ok(await cart.removeItem(db, callerOf(req), req.params.id), CART_ITEM_REMOVED),
    );
    route(app, 'DELETE /cart', async (req) => ok(await cart.clearCart(db, callerOf(req)), CART_CLEARED));
    route(app, 'PUT /cart/notes', async (req) =>
      ok(await cart.setCartNotes(db, callerOf(req), req.body.notes), CART_NOTE_SAVED),
    );
  };
};
