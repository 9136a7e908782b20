import { ordersTooMany } from '@souk/domain/account-messages';
import { ORDER_PHONE_COOKIE } from '@souk/domain/cookies';
import { ORDER_CANCELLED, ORDER_CREATED } from '@souk/domain/orders';
import { formatPhone } from '@souk/domain/phone-format';
import type { RouteModule } from '#shared/module.ts';
import { ok, route } from '#shared/route.ts';
import { authOf, hasDigestCookie, setDigestCookie } from '../../plugins/auth.ts';
import {
  attemptLimiter,
  identifierFromBody,
  isRefusal,
  type KnownDeviceOf,
} from '../../plugins/rate-limit.ts';
import { payOrder } from './order-payments.ts';
import * as orders from './orders.service.ts';

// A device that placed a guest order with a number keeps a cookie proving it (ADR 0012): its next
// orders with that number are not held by the ceiling across addresses, which strangers typing the
// number elsewhere may fill. The cookie holds a keyed digest of the number, not the number: a
// family's shared phone would show it to all for a year.
const orderedWithNumber: KnownDeviceOf = async (request, phone) =>
  hasDigestCookie(request, ORDER_PHONE_COOKIE, phone) ? {} : undefined;

export const ordersRoutes: RouteModule = ({ db, config, rateLimits, tracking, payments }) => {
  const limits = rateLimits.orders;
  const context = { shop: config.shopContact, tracking, whatsapp: config.whatsapp, payments };
  return async (app) => {
    // One action for both ways of ordering, so refused guest and customer orders share the
    // per-address count (ADR 0012). Stock is guarded per phone number or account, counting the
    // orders placed (a refused one takes no stock): customers behind one address (an operator's
    // NAT) all order, and nobody's refusals block another's order. A product sold out under the
    // crowd (409) refuses honest customers: that is not counted against their address, nor is a
    // cart that changed since she was shown it (409, ADR 0037): she is to look and order again.
    const refusedOrder = (status: number) => isRefusal(status) && status !== 409;
    // Past the limit she is told when to order again, and where she can order at once: the
    // shop's WhatsApp.
    const shopNumber = formatPhone(config.shopContact.whatsappNumber);
    const tooManyMessage = (seconds: number) => ordersTooMany(seconds, shopNumber);

    route(
      app,
      'POST /orders',
      async (req) => {
        const { user } = authOf(req);
        const order = await orders.createOrder(
          db,
          tracking,
          { kind: 'user', userId: user.id, name: user.name, phone: user.whatsapp_phone, email: user.email },
          {
            session_id: req.body.session_id ?? req.guestSessionId,
            notes: req.body.notes,
            expected: req.body.expected,
          },
        );
        return ok({ order }, ORDER_CREATED);
      },
      attemptLimiter(app, 'order', limits, {
        identifierOf: (req) => `user:${authOf(req).user.id}`,
        identifierCounts: 'successes',
        countsAgainstAddress: refusedOrder,
        tooManyMessage,
      }),
    );

    route(
      app,
      'POST /orders/guest',
      async (req, reply) => {
        const order = await orders.createGuestOrder(db, tracking, req.body);
        const phone = identifierFromBody(req);
        if (phone) setDigestCookie(req, reply, ORDER_PHONE_COOKIE, phone, config.publicUrl);
        return ok({ order }, ORDER_CREATED);
      },
      // Anyone may type a number: counted per number and address, and across addresses only
      // at a ceiling that the devices which ordered with it are not held by.
      attemptLimiter(app, 'order', limits, {
        strangerCanName: true,
        knownDevice: orderedWithNumber,
        identifierCounts: 'successes',
        countsAgainstAddress: refusedOrder,
        tooManyMessage,
      }),
    );

    route(app, 'GET /orders', async (req) => ok(await orders.listOrders(db, tracking, authOf(req).user.id)));

    route(app, 'GET /orders/:id', async (req) =>
      ok({ order: await orders.getOrder(db, tracking, authOf(req).user.id, req.params.id) }),
    );

    // Anyone holding the link: no session, no cookie set. Never kept by a cache (no-store, as
    // every answer about an order) nor listed by a search engine.
    route(app, 'GET /tracking/:token', async (req, reply) => {
      reply.header('X-Robots-Tag', 'noindex');
      return ok({ order: await orders.trackOrder(db, tracking, req.params.token) });
    });

    // Anyone holding the link may pay the order (for a friend, from another phone): the amount is
    // the order's, and an open payment is handed out again, never a second one.
    route(app, 'POST /tracking/:token/payments', async (req, reply) => {
      reply.header('X-Robots-Tag', 'noindex');
      const url = await payOrder(db, context, req.params.token, req.body.provider);
      return ok({ redirect_url: url });
    });

    route(app, 'POST /orders/:id/cancel', async (req) =>
      ok(
        { order: await orders.cancelOrder(db, context, authOf(req).user.id, req.params.id) },
        ORDER_CANCELLED,
      ),
    );
  };
};
