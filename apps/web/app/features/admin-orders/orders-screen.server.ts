import {
  type AdminOrderDetailEnvelope,
  ORDER_STATUS_UNKNOWN,
  ORDER_STATUS_UPDATE_FAILED,
  PAYMENT_UPDATE_FAILED,
  UpdateOrderPaymentInputSchema,
  UpdateOrderStatusInputSchema,
} from '@souk/domain/admin-orders';
import type { ActionFunctionArgs, RouterContextProvider } from 'react-router';
import { throwIfRefused } from '~/lib/admin-access.server';
import { api, dataOrThrow, shopContact } from '~/lib/api.server';
import { type ApiResult, failureMessage, failureWithReason } from '~/lib/api-client';
import { type FormRequest, formAction, formText, handler, refusedBeforeSending } from '~/lib/form-action';
import { orderListQuery, readOrderScreen } from './order-params';

/** The orders screen's load failure, also when the asked order's details cannot be read. */
const LOAD_FAILED = 'Erreur lors du chargement des commandes';

/**
 * /admin/orders: the list the URL asks for with its counters, the order whose details are open,
 * and the shop's contact for the messages to clients (a session the API refuses meanwhile is the
 * page's refusal, lib/admin-access.server.ts).
 */
export async function loadOrdersScreen(request: Request, context: Readonly<RouterContextProvider>) {
  const screen = readOrderScreen(new URL(request.url).searchParams);
  const client = api(context);
  const [listed, detail] = await Promise.all([
    client.get('/admin/orders', { query: orderListQuery(screen) }),
    screen.details === null ? null : client.get('/admin/orders/:id', { params: { id: screen.details } }),
  ]);
  // The API refused the orders themselves (the session ended meanwhile, the role was taken away).
  throwIfRefused(request, context, listed);
  let list = dataOrThrow(listed);
  // A page past the end (an old link, the last orders of the last page moved to another status).
  if (list.orders.length === 0 && list.pagination.total > 0 && screen.page > 1) {
    list = dataOrThrow(
      await client.get('/admin/orders', { query: orderListQuery(screen, list.pagination.last_page) }),
    );
  }
  return {
    screen,
    list,
    details: detail?.ok ? detail.data.order : null,
    // An unknown order, or the API failing: the dialog does not open and a toast says why.
    detailsError: detail && !detail.ok ? failureMessage(detail, LOAD_FAILED) : null,
    shop: shopContact(context),
  };
}

/**
 * A status button's post: the status read by the API's own schema, then PUT
 * /admin/orders/:id/status. A refusal reads 'Erreur lors de la mise à jour du statut : ' and why
 * (a 409 says the step is not allowed from where the order now is).
 */
async function changeStatus({ client, id, form }: FormRequest): Promise<ApiResult<unknown>> {
  const parsed = UpdateOrderStatusInputSchema.safeParse({
    status: formText(form, 'status'),
    confirmed_unpaid: formText(form, 'confirmed_unpaid') === 'true' || undefined,
  });
  const result: ApiResult<unknown> = parsed.success
    ? await client.put('/admin/orders/:id/status', { params: { id }, body: parsed.data })
    : refusedBeforeSending(ORDER_STATUS_UNKNOWN);
  return result.ok
    ? result
    : { ...result, errors: undefined, message: failureWithReason(result, ORDER_STATUS_UPDATE_FAILED) };
}

/**
 * 'Paiement reçu' ({ paid: 'true' }) or its undoing with a reason, read by the API's own schema,
 * then PUT /admin/orders/:id/payment. A missing reason stays a field error (the undo form shows it
 * under its field); a refusal (409) says why after 'Erreur lors de l'enregistrement du paiement'.
 */
async function changePayment({
  client,
  id,
  form,
}: FormRequest): Promise<ApiResult<AdminOrderDetailEnvelope>> {
  const parsed = UpdateOrderPaymentInputSchema.safeParse({
    paid: formText(form, 'paid') === 'true',
    reason: formText(form, 'reason'),
  });
  if (!parsed.success)
    return refusedBeforeSending(
      PAYMENT_UPDATE_FAILED,
      Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), [issue.message]])),
    );
  const result = await client.put('/admin/orders/:id/payment', {
    params: { id },
    body: parsed.data,
  });
  return result.ok || result.status === 422
    ? result
    : { ...result, errors: undefined, message: failureWithReason(result, PAYMENT_UPDATE_FAILED) };
}

/** The orders screen's action, with its own notices when the session ended or the role went meanwhile. */
export const ordersScreenAction = ({ request, context }: ActionFunctionArgs) =>
  formAction(
    request,
    api(context),
    {
      status: { failure: ORDER_STATUS_UPDATE_FAILED, send: changeStatus },
      // The order's payment as recorded, so a card kept in sight out of its list shows it too.
      payment: handler({
        failure: PAYMENT_UPDATE_FAILED,
        send: changePayment,
        done: ({ data: { order }, saved }) => ({
          ...saved,
          details: { id: String(order.id), paid_at: order.paid_at ?? '' },
        }),
      }),
    },
    (refused) => throwIfRefused(request, context, refused),
  );
