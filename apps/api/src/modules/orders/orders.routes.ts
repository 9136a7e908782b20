import {
  CreateGuestOrderInputSchema,
  CreateOrderInputSchema,
  OrderIdParamsSchema,
} from '@souk/domain/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { authOf, rejectBlocked, requireUser } from '../../plugins/auth.ts';
import { guestSessionIdOf } from '../auth/auth.routes.ts';
import * as orders from './orders.service.ts';

const CREATED = 'Commande créée avec succès';

export function ordersRoutes(db: Db) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.post(
      '/orders',
      {
        onRequest: requireUser,
        schema: {
          tags: ['commandes'],
          summary: 'Commander le contenu du panier',
          body: CreateOrderInputSchema,
        },
      },
      async (req, reply) => {
        const { user } = authOf(req);
        const order = await orders.createOrder(
          db,
          { kind: 'user', userId: user.id, name: user.name, phone: user.whatsapp_phone, email: user.email },
          { session_id: req.body.session_id ?? guestSessionIdOf(req), notes: req.body.notes },
        );
        return reply.status(201).send({ success: true, message: CREATED, data: { order } });
      },
    );

    app.post(
      '/orders/guest',
      {
        onRequest: rejectBlocked,
        schema: {
          tags: ['commandes'],
          summary: 'Commander sans compte (panier invité)',
          body: CreateGuestOrderInputSchema,
        },
      },
      async (req, reply) => {
        const order = await orders.createGuestOrder(db, req.body);
        return reply.status(201).send({ success: true, message: CREATED, data: { order } });
      },
    );

    app.get(
      '/orders',
      {
        onRequest: requireUser,
        schema: { tags: ['commandes'], summary: 'Mes commandes, les plus récentes en premier' },
      },
      async (req) => ({ success: true, data: { orders: await orders.listOrders(db, authOf(req).user.id) } }),
    );

    app.get(
      '/orders/:id',
      {
        onRequest: requireUser,
        schema: { tags: ['commandes'], summary: 'Une de mes commandes', params: OrderIdParamsSchema },
      },
      async (req) => ({
        success: true,
        data: { order: await orders.getOrder(db, authOf(req).user.id, req.params.id) },
      }),
    );
  };
}
