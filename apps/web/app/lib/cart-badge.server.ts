import type { ApiResponse } from '@souk/domain/api';
import type { Cart } from '@souk/domain/cart';
import type { RouterContextProvider } from 'react-router';
import { serverContext } from '#api-context';

export type CartBadge = { total_items: number };

/** The cart's article count for the header badge; any failure reads 0 (spec §8). */
export async function loadCartBadge(context: Readonly<RouterContextProvider>): Promise<CartBadge> {
  try {
    const { status, body } = await context.get(serverContext).api('/cart');
    const envelope = body as ApiResponse<Cart>;
    if (status === 200 && envelope.success) return { total_items: envelope.data.summary.total_items };
  } catch {
    // counted as an empty cart below
  }
  return { total_items: 0 };
}
