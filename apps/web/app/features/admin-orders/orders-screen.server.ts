import { data, type RouterContextProvider } from 'react-router';
import { api, dataOrThrow, serverConfig } from '~/lib/api.server';
import { failureMessage } from '~/lib/api-client';
import { type AccessRefusal, accessRefusal, adminAccess } from '~/lib/session.server';
import { orderListQuery, readOrderScreen } from './order-params';
import { showOrder, showOrderDetail } from './shown-order';

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
    list: { ...list, orders: list.orders.map(showOrder) },
    details: detail?.ok ? showOrderDetail(detail.data.order) : null,
    // An unknown order, or the API failing: the dialog does not open and a toast says why.
    detailsError: detail && !detail.ok ? failureMessage(detail, DETAILS_FAILED) : null,
    shop: { whatsappNumber: shopWhatsapp, agencyLocation },
  };
}
