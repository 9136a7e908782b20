import { formatDateTime, formatLongDate } from '@souk/domain/dates';
import { trackedStepLabel } from '@souk/domain/order-tracking';
import { StartPaymentInputSchema } from '@souk/domain/payments';
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

/**
 * 'Payer avec Wave' (a form posted here from any page showing the order): the API creates the
 * payment, or hands out the one still open, and the customer is sent to the provider's page. A
 * refusal (the provider down, a payment open elsewhere, the order paid meanwhile) is this page
 * again with its French reason, where she can pay the old way.
 */
export async function startProviderPayment(
  token: string,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const form = await request.formData();
  const parsed = StartPaymentInputSchema.safeParse({ provider: form.get('provider') });
  if (!parsed.success)
    return data({ paymentError: parsed.error.issues[0]?.message ?? '', providerUrl: null }, { status: 422 });
  const result = await api(context).post('/tracking/:token/payments', {
    params: { token },
    body: parsed.data,
  });
  // Not a redirect: the page's CSP lets forms lead to the shop alone (form-action 'self'), and a
  // redirect answering a form is held to it. The page opens the provider's instead (a refresh, which
  // also leaves no form to post again behind it in the history).
  if (result.ok) return { paymentError: null, providerUrl: result.data.redirect_url };
  if (result.status === 404) throw apiError(404, result.message);
  return data(
    { paymentError: result.message || 'Le paiement n’a pas pu commencer', providerUrl: null },
    { status: result.status || 500 },
  );
}
