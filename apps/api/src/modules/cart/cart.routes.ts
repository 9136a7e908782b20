import { AddToCartInputSchema, CartItemIdParamsSchema, UpdateCartItemInputSchema } from '@souk/domain/cart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { rejectBlocked } from '../../plugins/auth.ts';
import { guestSessionIdOf } from '../auth/auth.routes.ts';
import * as cart from './cart.service.ts';

const callerOf = (request: FastifyRequest): cart.CartCaller => ({
  userId: request.auth?.user.id,
  sessionId: guestSessionIdOf(request),
});

export function cartRoutes(db: Db) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', rejectBlocked);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get(
      '/cart',
      { schema: { tags: ['panier'], summary: 'Le panier (invité : en-tête X-Session-ID)' } },
      async (req) => ({
        success: true,
        data: await cart.getCart(db, callerOf(req)),
      }),
    );

    app.post(
      '/cart',
      { schema: { tags: ['panier'], summary: 'Ajouter un produit au panier', body: AddToCartInputSchema } },
      async (req) => ({
        success: true,
        message: 'Produit ajouté au panier',
        data: await cart.addItem(db, callerOf(req), req.body),
      }),
    );

    app.put(
      '/cart/:id',
      {
        schema: {
          tags: ['panier'],
          summary: "Changer la quantité d'un article",
          params: CartItemIdParamsSchema,
          body: UpdateCartItemInputSchema,
        },
      },
      async (req) => ({
        success: true,
        message: 'Panier mis à jour',
        data: await cart.updateItem(db, callerOf(req), req.params.id, req.body.quantity),
      }),
    );

    app.delete(
      '/cart/:id',
      { schema: { tags: ['panier'], summary: 'Retirer un article', params: CartItemIdParamsSchema } },
      async (req) => ({
        success: true,
        message: 'Article retiré du panier',
        data: await cart.removeItem(db, callerOf(req), req.params.id),
      }),
    );

    app.delete('/cart', { schema: { tags: ['panier'], summary: 'Vider le panier' } }, async (req) => ({
      success: true,
      message: 'Panier vidé',
      data: await cart.clearCart(db, callerOf(req)),
    }));
  };
}
