import {
  ORDER_CANCELLED_BY_SHOP,
  ORDER_REINSTATED,
  ORDER_STATUS_UPDATED,
  PAYMENT_RECORDED,
  PAYMENT_UNDONE,
  paymentRecordedWhileOpen,
  REFUND_RECORDED,
} from '@souk/domain/admin-orders';
import { formatStamp } from '@souk/domain/dates';
import { CANCELLED_ORDER_STATUS } from '@souk/domain/order-status';
import { TRACKING_LINK_RENEWED } from '@souk/domain/order-tracking';
import { PAYMENT_REFUND_NOTED, PAYMENT_REFUNDED } from '@souk/domain/payments';
import { WHATSAPP_MESSAGE_RESENT } from '@souk/domain/whatsapp';
import type { RouteModule } from '#shared/module.ts';
import { downloadRoute, ok, route } from '#shared/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { resendMessage } from '../whatsapp/whatsapp.service.ts';
import * as orders from './admin-orders.service.ts';
import { refundPayment } from './order-payments.ts';

/** The orders screen's calls, in the admin scope. */
export const adminOrdersRoutes: RouteModule = ({ db, config, tracking, payments }) => {
  // Each order says when it would be released unpaid (docs/decisions/0034) and where it is
  // followed; a message to the customer points to the shop and to that link.
  const context = { shop: config.shopContact, tracking, whatsapp: config.whatsapp, payments };
  return async (app) => {
    route(app, 'GET /admin/orders', async (req) => ok(await orders.listAdminOrders(db, req.query, context)));
    downloadRoute(app, 'GET /admin/orders/export', async (req) => ({
      // 'commandes-202611251405.csv': when it was taken (the shop's time), so two exports never
      // overwrite each other.
      filename: `commandes-${formatStamp(new Date())}.csv`,
      body: await orders.exportOrders(db, req.query),
    }));
    route(app, 'GET /admin/orders/:id', async (req) =>
      ok({ order: await orders.getAdminOrder(db, req.params.id, context) }),
    );
    route(app, 'PUT /admin/orders/:id/status', async (req) => {
      const order = await orders.updateOrderStatus(db, authOf(req).user.id, req.params.id, req.body, context);
      return ok(
        { order },
        req.body.status === CANCELLED_ORDER_STATUS ? ORDER_CANCELLED_BY_SHOP : ORDER_STATUS_UPDATED,
      );
    });
    route(app, 'PUT /admin/orders/:id/payment', async (req) => {
      const { order, stillOpen } = await orders.updateOrderPayment(
        db,
        authOf(req).user.id,
        req.params.id,
        req.body,
        context,
      );
      if (stillOpen) return ok({ order }, paymentRecordedWhileOpen(stillOpen));
      return ok({ order }, req.body.paid ? PAYMENT_RECORDED : PAYMENT_UNDONE);
    });
    // 'Rembourser par Wave' (the money given back by the provider, then recorded) or 'Remboursé à la main'.
    route(app, 'POST /admin/orders/:id/payments/:payment/refund', async (req) => {
      const { id, payment } = req.params;
      await refundPayment(db, authOf(req).user.id, id, payment, req.body, context);
      const said = req.body.by === 'provider' ? PAYMENT_REFUNDED : PAYMENT_REFUND_NOTED;
      return ok({ order: await orders.getAdminOrder(db, id, context) }, said);
    });
    route(app, 'PUT /admin/orders/:id/refund', async (req) =>
      ok(
        { order: await orders.recordRefund(db, authOf(req).user.id, req.params.id, req.body, context) },
        REFUND_RECORDED,
      ),
    );
    route(app, 'POST /admin/orders/:id/reinstate', async (req) =>
      ok(
        { order: await orders.reinstateReleasedOrder(db, authOf(req).user.id, req.params.id, context) },
        ORDER_REINSTATED,
      ),
    );
    route(app, 'POST /admin/orders/:id/whatsapp/:message/resend', async (req) => {
      await resendMessage(db, req.params.id, req.params.message, config.whatsapp !== null);
      return ok({ order: await orders.getAdminOrder(db, req.params.id, context) }, WHATSAPP_MESSAGE_RESENT);
    });
    route(app, 'POST /admin/orders/:id/tracking', async (req) =>
      ok({ order: await orders.renewTrackingLink(db, req.params.id, context) }, TRACKING_LINK_RENEWED),
    );
  };
};
