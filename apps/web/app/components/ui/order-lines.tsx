import { formatFcfa } from '@souk/domain/money';
import type { OrderItem } from '@souk/domain/orders';

/**
 * An order's lines as the names and prices were when it was placed: product, variant, quantity ×
 * unit price, and the line's total ('Mes Commandes', the tracking link's page and the back office alike).
 */
export function OrderLines({
  items,
}: {
  items: readonly Pick<
    OrderItem,
    'id' | 'product_name' | 'variant_name' | 'quantity' | 'unit_price' | 'total_price'
  >[];
}) {
  return (
    <ul className="divide-y divide-stone-100 border-y border-stone-100">
      {items.map((item) => (
        <li key={item.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
          <div className="min-w-0">
            <p className="font-medium break-words text-stone-900">{item.product_name}</p>
            {item.variant_name && <p className="text-stone-600">{item.variant_name}</p>}
            <p className="text-stone-600">
              {item.quantity} × {formatFcfa(item.unit_price)}
            </p>
          </div>
          <p className="shrink-0 font-semibold text-stone-900">{formatFcfa(item.total_price)}</p>
        </li>
      ))}
    </ul>
  );
}
