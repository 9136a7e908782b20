import type { AdminOrder } from '@souk/domain/admin-orders';
import { useCallback, useMemo, useState } from 'react';

// An order moved from the screen stays where it was in the list, with what the server answered,
// when the list read again no longer holds it (docs/decisions/0027), until the filters or the page
// change or the screen is loaded again.

/** An order moved from this screen and where it stood in the list: kept in sight there. */
export type Kept = { order: AdminOrder; index: number };
const NONE_KEPT: ReadonlyMap<number, Kept> = new Map();

/**
 * The list read, with each order moved from this screen that it no longer holds put back where it
 * stood (in the order of those places, so each lands where it was).
 */
export function inSight(orders: AdminOrder[], kept: ReadonlyMap<number, Kept>): AdminOrder[] {
  if (kept.size === 0) return orders;
  const read = new Map(orders.map((o) => [o.id, o]));
  const shown = [...orders];
  for (const entry of [...kept.values()].sort((a, b) => a.index - b.index)) {
    if (read.has(entry.order.id)) continue;
    shown.splice(Math.min(entry.index, shown.length), 0, entry.order);
  }
  return shown;
}

/**
 * The orders as shown (`shown`) for the list at `listKey` (its filters and page), and `keep` to
 * put an order in sight, change it (`update` gets the entry kept, if any) or let it go (null).
 */
export function useOrdersInSight(orders: AdminOrder[], listKey: string) {
  const [kept, setKept] = useState<{ listKey: string; byId: ReadonlyMap<number, Kept> }>({
    listKey,
    byId: NONE_KEPT,
  });
  // Another list (other filters, another page): what was kept for the last one is let go.
  if (kept.listKey !== listKey) setKept({ listKey, byId: NONE_KEPT });
  const keptNow = kept.listKey === listKey ? kept.byId : NONE_KEPT;
  const shown = useMemo(() => inSight(orders, keptNow), [orders, keptNow]);
  const keep = useCallback(
    (id: number, update: (entry: Kept | undefined) => Kept | null) =>
      setKept((current) => {
        const byId = new Map(current.byId);
        const next = update(byId.get(id));
        if (next) byId.set(id, next);
        else byId.delete(id);
        return { ...current, byId };
      }),
    [],
  );
  return { shown, keep };
}
