import { formatDateTime, formatLongDate } from '@souk/domain/dates';
import { trackedStepLabel } from '@souk/domain/order-tracking';
import { data, type RouterContextProvider } from 'react-router';
import { api, apiError } from '~/lib/api.server';

/**
 * /suivi/<token>: the order its link leads to, for whoever holds the link, no account needed. A
 * token that leads nowhere (guessed, mistyped, revoked) is the shop's 404 page, like any unknown
 * address. Dates are written here, in the shop's time zone, so the phone shows what the server drew.
 */
export async function loadTrackedOrder(token: string, context: Readonly<RouterContextProvider>) {
  const result = await api(context).get('/tracking/:token', { params: { token } });
  if (result.status === 404) return data({ tracked: null }, { status: 404 });
  if (!result.ok) throw apiError(result.status || 500, result.message || 'Erreur de chargement');
  const { order } = result.data;
  return {
    tracked: {
      order,
      orderDate: formatLongDate(order.created_at),
      steps: order.history.map((step, index) => ({
        label: trackedStepLabel(step, index === 0),
        at: step.at,
        when: formatDateTime(step.at),
      })),
    },
  };
}
