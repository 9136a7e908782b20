import { formatLongDate } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import { cancellationLine, unpaidDeadlineNotice } from '@souk/domain/order-reasons';
import {
  CANCELLED_ORDER_STATUS,
  customerMayCancel,
  INITIAL_ORDER_STATUS,
  type OrderStatus,
} from '@souk/domain/order-status';
import type { Order } from '@souk/domain/orders';
import { orangeMoneyMessage } from '@souk/domain/payment-message';
import { cancelWhilePaying } from '@souk/domain/payments';
import { type ShopPhone, whatsappLink } from '@souk/domain/shop';
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { OrderLines } from '~/components/ui/order-lines';
import { WhatsappIcon } from '~/components/ui/page-icons';
import { PaymentPendingNotice, ProviderPayButtons, trackingPathOf } from '~/components/ui/provider-payment';
import { OrderPaymentBadges, OrderStatusBadge } from '~/components/ui/status-badge';
import { NEW_TAB } from '~/lib/new-tab';
import { useShopConfig } from '~/lib/shop-config';
import { articleCount, articlesLabel, orderNumber, ordersHref } from './order-status';

const action =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * One order of 'Mes Commandes': number, date, total, status, payment, article count and its lines;
 * while unpaid, 'Payer maintenant' (the order-success page's Orange Money message), and while the
 * shop has not accepted it, 'Annuler la commande', confirmed on the card itself (an address, so it
 * works before the page's script has loaded).
 */
export function OrderCard({
  order,
  shopWhatsapp,
  confirmingCancel,
  filter,
}: {
  order: Order;
  shopWhatsapp: ShopPhone;
  confirmingCancel: boolean;
  filter: OrderStatus | null;
}) {
  const number = orderNumber(order);
  const cancelled = order.status === CANCELLED_ORDER_STATUS;
  const payable = !cancelled && order.paid_at === null;
  const { unpaidTimeoutMs, paymentProviders } = useShopConfig();
  // Only an order waiting unpaid can be released by the shop: she is told so where she pays.
  const deadline =
    payable && order.status === INITIAL_ORDER_STATUS ? unpaidDeadlineNotice(unpaidTimeoutMs) : null;
  return (
    <article
      aria-labelledby={`order-${order.id}`}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`order-${order.id}`} className="font-semibold text-stone-900">
            Commande {number}
          </h3>
          <p className="text-sm text-stone-600">
            <time dateTime={order.created_at}>{formatLongDate(order.created_at)}</time> ·{' '}
            {articlesLabel(articleCount(order))}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <OrderPaymentBadges order={order} />
        </div>
      </div>
      {order.cancellation && (
        <p className="mt-2 text-sm text-stone-700">
          {cancellationLine(order.cancellation, unpaidTimeoutMs)}
          {order.refund?.state === 'done' && order.refund.method && ` · Remboursée : ${order.refund.method}`}
        </p>
      )}
      <div className="mt-3">
        <OrderLines items={order.items} />
      </div>
      <p className="mt-3 flex items-center justify-between text-sm">
        <span className="text-stone-700">Total</span>
        <span className="text-base font-bold text-emerald-900">{formatFcfa(order.total_amount)}</span>
      </p>
      {deadline && <p className="mt-2 text-xs text-stone-600">{deadline}</p>}
      <p className="mt-2 text-sm">
        <a
          href={order.tracking_url}
          className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-800"
        >
          Suivre la commande<span className="sr-only"> {number}</span>
        </a>
      </p>
      {order.payment.pending && (
        <div className="mt-3 flex flex-col gap-2">
          <PaymentPendingNotice payment={order.payment} />
          {/* Why 'Annuler la commande' is not offered meanwhile: the payment may still succeed. */}
          {customerMayCancel(order, null) && (
            <p className="text-xs text-stone-600">{cancelWhilePaying(order.payment.pending)}</p>
          )}
        </div>
      )}
      {!confirmingCancel && (
        <div className="mt-3">
          <ProviderPayButtons
            order={order}
            providers={paymentProviders}
            action={trackingPathOf(order.tracking_url)}
            orderNumber={number}
          />
        </div>
      )}
      {(payable || customerMayCancel(order, order.payment.pending)) && !confirmingCancel && (
        <div className="mt-3 flex flex-wrap gap-2">
          {payable && (
            <a
              href={whatsappLink(shopWhatsapp.number, orangeMoneyMessage(order))}
              {...NEW_TAB}
              className={`${action} bg-emerald-800 text-white hover:bg-emerald-900 focus-visible:outline-emerald-800`}
            >
              <WhatsappIcon />
              Payer maintenant
              <span className="sr-only"> la commande {number} (WhatsApp, nouvel onglet)</span>
            </a>
          )}
          {customerMayCancel(order, order.payment.pending) && (
            <Link
              to={ordersHref(filter, { cancel: order.id })}
              preventScrollReset
              className={`${action} border border-stone-300 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700`}
            >
              Annuler la commande<span className="sr-only"> {number}</span>
            </Link>
          )}
        </div>
      )}
      {confirmingCancel && customerMayCancel(order, order.payment.pending) && (
        <CancelConfirmation order={order} number={number} filter={filter} />
      )}
    </article>
  );
}

/** 'Annuler la commande ?' on the card: the question, then keep it or cancel it (a POST to the page). */
function CancelConfirmation({
  order,
  number,
  filter,
}: {
  order: Order;
  number: string;
  filter: OrderStatus | null;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'cancel-order' &&
    navigation.formData?.get('id') === String(order.id);
  const questionRef = useRef<HTMLParagraphElement>(null);
  // Where the keyboard and the screen reader are taken once asked.
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-3">
      <p
        id={`cancel-${order.id}`}
        ref={questionRef}
        tabIndex={-1}
        className="text-sm text-stone-900 outline-none"
      >
        Annuler la commande {number} ? Elle ne sera pas préparée et ses articles seront remis en vente.
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={ordersHref(filter)} preventScrollReset>
          <input type="hidden" name="intent" value="cancel-order" />
          <input type="hidden" name="id" value={order.id} />
          <button
            type="submit"
            disabled={sending}
            className={`${action} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700 disabled:bg-stone-300`}
          >
            {sending ? 'Annulation…' : 'Oui, annuler la commande'}
          </button>
        </Form>
        <Link
          to={ordersHref(filter)}
          preventScrollReset
          className={`${action} border border-stone-300 bg-white text-stone-900 hover:bg-stone-50 focus-visible:outline-emerald-800`}
        >
          Garder la commande
        </Link>
      </div>
    </div>
  );
}
