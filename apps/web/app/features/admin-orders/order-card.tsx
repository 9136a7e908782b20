import { type AdminOrder, unpaidReleaseLabel } from '@souk/domain/admin-orders';
import { formatDateTime } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import type { ShopContact } from '@souk/domain/order-messages';
import { formatPhone } from '@souk/domain/phone-format';
import { countLabel } from '@souk/domain/text';
import { Link, useLocation } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { buttonClass } from '~/components/ui/button';
import { OrderLines } from '~/components/ui/order-lines';
import { OrderStatusBadge, statusStyle } from '~/components/ui/status-badge';
import { withParams } from '~/lib/url-params';
import { CancellationNote } from './order-cancellation';
import { OrderContactLinks } from './order-contact-links';
import { PaymentBadge, PaymentReceivedButton } from './order-payment';
import { RefundBadge } from './order-refund';
import { OrderStatusActions } from './order-status-actions';
import { awaitedStatus, type StatusControls } from './use-status-changes';

/** 'Mis à jour' and a ring: the order a status change just moved (for 2 s). */
export function RecentlyUpdatedBadge() {
  return <Badge tone="success">Mis à jour</Badge>;
}

/**
 * One order: its head coloured by status (number, date and time, status, payment, refund), total,
 * client, who cancelled it and why, lines, article count, contact, the status steps it may take
 * ('Rétablir' for one released unpaid), and 'Voir détails'.
 */
export function OrderCard({
  order,
  shop,
  controls,
  recent,
}: {
  order: AdminOrder;
  shop: ShopContact;
  controls: StatusControls;
  recent: boolean;
}) {
  const { search } = useLocation();
  const status = awaitedStatus(order, controls.pending);
  const headingId = `order-${order.id}`;
  const phone = order.client.whatsapp_phone;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm ${
        recent ? 'ring-2 ring-emerald-700 ring-offset-2' : ''
      }`}
    >
      <div
        className={`flex flex-wrap items-start justify-between gap-2 px-4 py-3 ring-1 ring-inset ${statusStyle(status)}`}
      >
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            Commande {order.order_number}
          </h3>
          <p className="text-sm">
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </p>
          {order.release_at && status === 'en_attente' && (
            // Rendered on the server and again in the browser a moment later: the minute may differ.
            <p className="text-sm font-medium" suppressHydrationWarning>
              {unpaidReleaseLabel(order.release_at)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {recent && <RecentlyUpdatedBadge />}
          <OrderStatusBadge status={status} />
          <PaymentBadge order={order} />
          <RefundBadge order={order} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="flex items-baseline justify-between gap-2">
          <span className="text-sm text-stone-700">Total</span>
          <span className="text-lg font-bold text-emerald-900">{formatFcfa(order.total_amount)}</span>
        </p>
        <div className="min-w-0 text-sm">
          <p className="font-semibold break-words text-stone-900">{order.client.name}</p>
          {phone && <p className="text-stone-700">{formatPhone(phone)}</p>}
        </div>
        <CancellationNote order={order} status={status} unpaidTimeoutMs={shop.unpaidTimeoutMs} />
        {order.notes && (
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm break-words whitespace-pre-line text-stone-900 ring-1 ring-amber-200 ring-inset">
            <span className="font-semibold">Note du client : </span>
            {order.notes}
          </p>
        )}
        <OrderLines items={order.items} />
        <p className="text-sm text-stone-700">
          Total : {countLabel(order.items_summary.total_items, 'article')}
        </p>
        <OrderContactLinks order={order} shop={shop} />
        <div className="flex flex-wrap gap-2">
          <PaymentReceivedButton order={order} />
          <OrderStatusActions order={order} controls={controls} />
        </div>
        <Link
          to={withParams(search, { details: order.id })}
          preventScrollReset
          aria-label={`Voir détails, commande ${order.order_number}`}
          className={`${buttonClass('ghost', 'sm')} mt-auto self-start`}
        >
          Voir détails
        </Link>
      </div>
    </article>
  );
}
