import { CART_BADGE_CAP } from '@souk/domain/limits';
import { useCartBadgeCount, useServerCartCount, useSyncCartBadge } from '~/lib/cart-badge';

/**
 * Number of articles in the visitor's cart, for the header and bottom-nav badges: the shop
 * layout's GET /cart summary, or the optimistic count while an add or update is pending.
 */
export function useCartCount(): number {
  useSyncCartBadge(useServerCartCount());
  return useCartBadgeCount();
}

/** The badge is capped: 100 articles read '99+'. */
export const formatCartBadge = (count: number) =>
  count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(count);

export const cartLinkLabel = (count: number) =>
  count === 0 ? 'Panier, vide' : `Panier, ${formatCartBadge(count)} article${count > 1 ? 's' : ''}`;
