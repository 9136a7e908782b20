import { CART_BADGE_CAP } from '@souk/domain/limits';

/**
 * Number of articles in the visitor's cart, for the header and bottom-nav badges.
 * Always 0 for now: the cart issue will feed it (local cart state + GET /cart summary).
 */
export function useCartCount(): number {
  return 0;
}

/** The spec caps the badge: 100 articles read '99+'. */
export const formatCartBadge = (count: number) =>
  count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(count);

export const cartLinkLabel = (count: number) =>
  count === 0 ? 'Panier, vide' : `Panier, ${formatCartBadge(count)} article${count > 1 ? 's' : ''}`;
