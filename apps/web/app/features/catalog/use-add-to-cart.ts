import type { AddToCartInput } from '@souk/domain/cart';
import { ADD_TO_CART_TOAST_MS } from '@souk/domain/limits';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { browserApi } from '~/lib/api.client';
import { setCartBadge, useCartBadgeCount } from '~/lib/cart-badge';
import { cartSessionHeaders, storeCartSessionId } from '~/lib/cart-session';

export type AddToCartFeedback = { kind: 'added' } | { kind: 'error'; message: string } | null;

/**
 * Add to cart (spec §4): the badge moves at once, then POST /cart; the returned session id is kept
 * and the layout reloads the server's count. A failure puts the badge back and says why.
 */
export function useAddToCart() {
  const count = useCartBadgeCount();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<AddToCartFeedback>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function add(input: AddToCartInput) {
    clearTimeout(timer.current);
    setFeedback(null);
    setBusy(true);
    setCartBadge(count + input.quantity);
    const result = await browserApi.post('/cart', { body: input, headers: cartSessionHeaders() });
    setBusy(false);
    if (!result.ok) {
      setCartBadge(null);
      setFeedback({ kind: 'error', message: `Erreur lors de l'ajout au panier: ${result.message}` });
      return;
    }
    storeCartSessionId(result.data.session_id);
    setCartBadge(result.data.summary.total_items);
    setFeedback({ kind: 'added' });
    timer.current = setTimeout(() => setFeedback(null), ADD_TO_CART_TOAST_MS);
    void revalidator.revalidate();
  }

  return { add, busy, feedback, dismiss: () => setFeedback(null) };
}
