import type { RouterContextProvider } from 'react-router';
import { api } from './api.server';

export type CartBadge = { total_items: number };

/** The cart's article count for the header badge; any failure reads 0 (spec §8). */
export async function loadCartBadge(context: Readonly<RouterContextProvider>): Promise<CartBadge> {
  const result = await api(context).get('/cart');
  return { total_items: result.ok ? result.data.summary.total_items : 0 };
}
