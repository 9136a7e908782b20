import { useEffect } from 'react';
import { createModuleStore } from './module-store';
import { useShopLayoutData } from './shop-layout-data';

// The badge shows the server's count (shop layout loader) unless a change the server has not
// confirmed yet is pending: then this small store holds the optimistic count.
const pending = createModuleStore<number | null>(null);

/** Shows `count` on the badges at once (null: back to the server's count). */
export const setCartBadge = (count: number | null) => pending.set(count);

/** The cart's article count the server reported on the last layout load (0 outside the shop layout). */
export function useServerCartCount(): number {
  return useShopLayoutData()?.cart.total_items ?? 0;
}

/** The count the badges show: the optimistic one while pending, else the server's. */
export function useCartBadgeCount(): number {
  const server = useServerCartCount();
  return pending.use() ?? server;
}

/** Used once, by the layout: a fresh server count supersedes any optimistic one. */
export function useSyncCartBadge(server: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's count changes
  useEffect(() => {
    setCartBadge(null);
  }, [server]);
}
