import { isAnonymous } from '@souk/domain/cookies';
import type { RouterContextProvider } from 'react-router';
import { api } from './api.server';

export type CartBadge = { total_items: number };

/** The cart's article count for the header badge; any failure reads 0. */
export async function loadCartBadge(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CartBadge> {
  // Without a session or a guest cart there is no cart to count: no call on a shared link's rush.
  if (isAnonymous(request.headers.get('cookie'))) return { total_items: 0 };
  const result = await api(context).get('/cart');
  return { total_items: result.ok ? result.data.summary.total_items : 0 };
}
