import { formatLongDate } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import type { Order } from '@souk/domain/orders';
import { OrderLines } from '~/components/ui/order-lines';
import { OrderStatusBadge } from '~/components/ui/status-badge';
import { articleCount, articlesLabel, orderNumber } from './order-status';

/** One order of 'Mes Commandes': number, date, total, status, article count and its lines. */
export function OrderCard({ order }: { order: Order }) {
  const number = orderNumber(order);
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
        <OrderStatusBadge status={order.status} />
      </div>
      <div className="mt-3">
        <OrderLines items={order.items} />
      </div>
      <p className="mt-3 flex items-center justify-between text-sm">
        <span className="text-stone-700">Total</span>
        <span className="text-base font-bold text-emerald-900">{formatFcfa(order.total_amount)}</span>
      </p>
    </article>
  );
}
