import type { Cart, CartItem } from '@souk/domain/cart';
import { useFetchers } from 'react-router';

/**
 * The cart as it will be once the pending line updates, removals and clear land (the
 * screen moves at once; the server's answer then replaces it through revalidation).
 */
export function useOptimisticCart(cart: Cart): { items: CartItem[]; totalItems: number; totalPrice: number } {
  const fetchers = useFetchers();
  const pending = new Map<number, number>();
  let cleared = false;
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!form) continue;
    const intent = form.get('intent');
    if (intent === 'clear') cleared = true;
    const id = Number(form.get('id'));
    if (intent === 'remove') pending.set(id, 0);
    if (intent === 'update')
      pending.set(id, Math.max(0, Number.parseInt(String(form.get('quantity')), 10) || 0));
  }
  const items = cleared
    ? []
    : cart.items.flatMap((item) => {
        const quantity = pending.get(item.id) ?? item.quantity;
        return quantity < 1 ? [] : [{ ...item, quantity, total_price: item.unit_price * quantity }];
      });
  return {
    items,
    totalItems: items.reduce((sum, item) => sum + item.quantity, 0),
    totalPrice: items.reduce((sum, item) => sum + item.total_price, 0),
  };
}
