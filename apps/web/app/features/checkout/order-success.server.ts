import { formatLongDate } from '@souk/domain/dates';
import { IdSchema } from '@souk/domain/primitives';
import { type RouterContextProvider, redirect } from 'react-router';
import { api, apiError } from '~/lib/api.server';
import { loginUrl } from '~/lib/login-url';
import { requireUser } from '~/lib/session.server';

/**
 * /order-success?order=<id>[&new=1]: the signed-in owner's order, loaded again on every visit so
 * a reload still shows it. No or unknown order → home.
 */
export async function loadOrderSuccess(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const parsed = IdSchema.safeParse(url.searchParams.get('order'));
  if (!parsed.success) throw redirect('/');
  const id = parsed.data;
  const result = await api(context).get('/orders/:id', { params: { id } });
  if (result.status === 404) throw redirect('/');
  if (result.status === 401) throw redirect(loginUrl(`${url.pathname}${url.search}`, true));
  if (!result.ok) throw apiError(result.status || 500, result.message || 'Erreur de chargement');
  return {
    order: result.data.order,
    // Formatted here so the server and the browser show the same text (time zones differ).
    orderDate: formatLongDate(result.data.order.created_at),
    userName: user.name,
    isNew: url.searchParams.get('new') === '1',
  };
}
