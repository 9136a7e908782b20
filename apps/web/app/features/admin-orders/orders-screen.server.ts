import {
  ORDER_STATUS_UNKNOWN,
  ORDER_STATUS_UPDATE_FAILED,
  ORDER_STATUS_UPDATED,
  UpdateOrderStatusInputSchema,
} from '@souk/domain/admin-orders';
import { data, type RouterContextProvider } from 'react-router';
import type { ActionOutcome } from '~/lib/action-outcome';
import { api, dataOrThrow, serverConfig } from '~/lib/api.server';
import { failureMessage, failureWithReason } from '~/lib/api-client';
import { formText, intentOutcome, unknownIntent } from '~/lib/form-outcome.server';
import { readForm } from '~/lib/read-form.server';
import { type AccessRefusal, accessRefusal, adminAccess } from '~/lib/session.server';
import { orderListQuery, readOrderScreen } from './order-params';

/** The asked order could not be read (in the words of spec §8's 'Erreur lors du chargement des commandes'). */
const DETAILS_FAILED = 'Erreur lors du chargement de la commande';

/** The page says why it sends the visitor away, then does (spec §6, §8). */
const refused = ({ notice, headers }: AccessRefusal) => data({ notice }, { headers });

/**
 * /admin/orders: the list the URL asks for with its counters, the order whose details are open,
 * and the shop's contact for the messages to clients; or, for a guest, a client or a refused
 * session, the notice to show instead.
 */
export async function loadOrdersScreen(request: Request, context: Readonly<RouterContextProvider>) {
  const access = await adminAccess(request, context);
  if (access.refusal) return refused(access.refusal);
  const screen = readOrderScreen(new URL(request.url).searchParams);
  const client = api(context);
  const [listed, detail] = await Promise.all([
    client.get('/admin/orders', { query: orderListQuery(screen) }),
    screen.details === null ? null : client.get('/admin/orders/:id', { params: { id: screen.details } }),
  ]);
  // The API refused the orders themselves (the session ended meanwhile, the role was taken away).
  const refusal = listed.ok ? null : accessRefusal(request, listed.status);
  if (refusal) return refused(refusal);
  let list = dataOrThrow(listed);
  // A page past the end (an old link, the last orders of the last page moved to another status).
  if (list.orders.length === 0 && list.pagination.total > 0 && screen.page > 1) {
    list = dataOrThrow(
      await client.get('/admin/orders', { query: orderListQuery(screen, list.pagination.last_page) }),
    );
  }
  const { shopWhatsapp, agencyLocation } = serverConfig(context);
  return {
    notice: null,
    screen,
    list,
    details: detail?.ok ? detail.data.order : null,
    // An unknown order, or the API failing: the dialog does not open and a toast says why.
    detailsError: detail && !detail.ok ? failureMessage(detail, DETAILS_FAILED) : null,
    shop: { whatsappNumber: shopWhatsapp, agencyLocation },
  };
}

/**
 * A status button's post (intent 'status'): the admin checked with the screen's own notices (a
 * session that ended meanwhile, a role taken away: spec §8, then the page goes after 2 s), the
 * status read by the API's own schema, then PUT /admin/orders/:id/status. The answer is the
 * outcome for the toast ('Statut de la commande mis à jour', or 'Erreur lors de la mise à jour du
 * statut : ' and why), or the notice.
 */
export async function changeOrderStatus(request: Request, context: Readonly<RouterContextProvider>) {
  const access = await adminAccess(request, context);
  if (access.refusal) return refused(access.refusal);
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  if (intent !== 'status') return unknownIntent(intent);
  const parsed = UpdateOrderStatusInputSchema.safeParse({ status: formText(form, 'status') });
  if (!parsed.success)
    return data(
      {
        intent,
        ok: false,
        failure: { message: `${ORDER_STATUS_UPDATE_FAILED} : ${ORDER_STATUS_UNKNOWN}` },
      } satisfies ActionOutcome,
      { status: 422 },
    );
  const result = await api(context).put('/admin/orders/:id/status', {
    params: { id: formText(form, 'id') },
    body: parsed.data,
  });
  const refusal = result.ok ? null : accessRefusal(request, result.status);
  if (refusal) return refused(refusal);
  return intentOutcome(
    intent,
    result.ok
      ? { ...result, message: result.message ?? ORDER_STATUS_UPDATED }
      : // Spec §8: 'Erreur lors de la mise à jour du statut', then why (a 409's refusal…).
        { ...result, errors: undefined, message: failureWithReason(result, ORDER_STATUS_UPDATE_FAILED) },
    ORDER_STATUS_UPDATE_FAILED,
  );
}
