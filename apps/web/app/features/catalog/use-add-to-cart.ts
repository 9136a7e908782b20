import type { AddToCartInput } from '@souk/domain/cart';
import { ADD_TO_CART_TOAST_MS } from '@souk/domain/limits';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { browserApi } from '~/lib/api.client';
import { setCartBadge, useCartBadgeCount } from '~/lib/cart-badge';
import { cartSessionHeaders, storeCartSessionId } from '~/lib/cart-session';
import { addToCartError } from './add-to-cart-messages';

export type AddToCartFeedback = { kind: 'added' } | { kind: 'error'; message: string } | null;

/**
 * Add to cart: the badge moves at once, then POST /cart; the returned session id is kept
 * and the layout reloads the server's count. A failure puts the badge back and says why.
 * `formError`: why the page's add-to-cart form, posted before the script had loaded, was refused
 * (its action's answer), said the same way until dismissed or replaced.
 */
export function useAddToCart(formError?: string) {
  const count = useCartBadgeCount();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<AddToCartFeedback>(
    formError ? { kind: 'error', message: formError } : null,
  );
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
      setFeedback({ kind: 'error', message: addToCartError(result.message) });
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
