import type { AddToCartInput, CartItem, CartSummary } from '@souk/domain/cart';
import { ADD_TO_CART_TOAST_MS } from '@souk/domain/limits';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiClientError, apiFetch } from '~/lib/api.client';
import { setCartBadge, useCartBadgeCount } from '~/lib/cart-badge';
import { cartSessionHeaders, storeCartSessionId } from '~/lib/cart-session';

type AddResult = { cart_item: CartItem; session_id: string | null; summary: CartSummary };
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
    try {
      const result = await apiFetch<AddResult>('/cart', {
        method: 'POST',
        body: JSON.stringify(input),
        headers: cartSessionHeaders(),
      });
      storeCartSessionId(result.session_id);
      setCartBadge(result.summary.total_items);
      setFeedback({ kind: 'added' });
      timer.current = setTimeout(() => setFeedback(null), ADD_TO_CART_TOAST_MS);
      void revalidator.revalidate();
    } catch (error) {
      setCartBadge(null);
      const message = error instanceof ApiClientError ? error.message : 'Erreur de connexion';
      setFeedback({ kind: 'error', message: `Erreur lors de l'ajout au panier: ${message}` });
    } finally {
      setBusy(false);
    }
  }

  return { add, busy, feedback, dismiss: () => setFeedback(null) };
}
