import { formatLongDate } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import type { Order } from '@souk/domain/orders';
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
      <ul className="mt-3 divide-y divide-stone-100 border-y border-stone-100">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-stone-900">{item.product_name || item.product?.name}</p>
              {item.variant_name && <p className="text-stone-600">{item.variant_name}</p>}
              <p className="text-stone-600">
                {item.quantity} × {formatFcfa(item.unit_price ?? item.price)}
              </p>
            </div>
            <p className="shrink-0 font-semibold text-stone-900">{formatFcfa(item.total_price)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex items-center justify-between text-sm">
        <span className="text-stone-700">Total</span>
        <span className="text-base font-bold text-emerald-900">{formatFcfa(order.total_amount)}</span>
      </p>
    </article>
  );
}
