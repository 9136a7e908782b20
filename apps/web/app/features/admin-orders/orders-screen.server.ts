import {
  type AdminOrderDetailEnvelope,
  ORDER_STATUS_UNKNOWN,
  ORDER_STATUS_UPDATE_FAILED,
  PAYMENT_UPDATE_FAILED,
  RecordRefundInputSchema,
  UpdateOrderPaymentInputSchema,
  UpdateOrderStatusInputSchema,
} from '@souk/domain/admin-orders';
import { RefundPaymentInputSchema } from '@souk/domain/payments';
import type { ActionFunctionArgs, RouterContextProvider } from 'react-router';
import { throwIfRefused } from '~/lib/admin-access.server';
import { api, dataOrThrow, shopContact } from '~/lib/api.server';
import { type ApiResult, failureMessage, failureWithReason } from '~/lib/api-client';
import {
  type FormRequest,
  type FormSuccess,
  formAction,
  formText,
  handler,
  refusedBeforeSending,
} from '~/lib/form-action';
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

/** The screen's words when a refund or a reinstatement fails without a reason of the API's own. */
const REFUND_FAILED = "Erreur lors de l'enregistrement du remboursement";
const REINSTATE_FAILED = 'Erreur lors du rétablissement de la commande';
const TRACKING_FAILED = 'Erreur lors de la création du nouveau lien de suivi';
const RESEND_FAILED = 'Erreur lors du renvoi du message WhatsApp';
const PAYMENT_REFUND_FAILED = 'Erreur lors du remboursement';

/** A form the API's own schema refused before sending: each field's first message under its field. */
const refusedFields = (failure: string, issues: readonly { path: PropertyKey[]; message: string }[]) =>
  refusedBeforeSending(
    failure,
    Object.fromEntries(issues.map((issue) => [String(issue.path[0]), [issue.message]])),
  );

/**
 * A refusal the owner can fix in the form (a 422 on one of `fields`: the reason of a cancellation,
 * how a refund was made) stays a field error, shown under its field; any other reads `wording`
 * and why ('Erreur lors de la mise à jour du statut : La commande est déjà « Acceptée »').
 */
function refusedWithReason<T>(
  result: ApiResult<T>,
  wording: string,
  fields: readonly string[],
): ApiResult<T> {
  if (result.ok) return result;
  if (result.status === 422 && fields.some((field) => result.errors?.[field])) return result;
  return { ...result, errors: undefined, message: failureWithReason(result, wording) };
}

/**
 * A status button's post: the status, and the reason of a cancellation, read by the API's own
 * schema, then PUT /admin/orders/:id/status. A cancellation without its reason stays a field error
 * (the cancel dialog shows it under the field); any other refusal reads 'Erreur lors de la mise à
 * jour du statut : ' and why (a 409 says the step is not allowed from where the order now is).
 */
async function changeStatus({ client, id, form }: FormRequest): Promise<ApiResult<AdminOrderDetailEnvelope>> {
  const parsed = UpdateOrderStatusInputSchema.safeParse({
    status: formText(form, 'status'),
    confirmed_unpaid: formText(form, 'confirmed_unpaid') === 'true' || undefined,
    reason: formText(form, 'reason'),
  });
  if (!parsed.success) {
    const { issues } = parsed.error;
    return issues.every((issue) => issue.path[0] === 'reason')
      ? refusedFields(ORDER_STATUS_UPDATE_FAILED, issues)
      : refusedWithReason(refusedBeforeSending(ORDER_STATUS_UNKNOWN), ORDER_STATUS_UPDATE_FAILED, []);
  }
  return refusedWithReason(
    await client.put('/admin/orders/:id/status', { params: { id }, body: parsed.data }),
    ORDER_STATUS_UPDATE_FAILED,
    ['reason'],
  );
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
  if (!parsed.success) return refusedFields(PAYMENT_UPDATE_FAILED, parsed.error.issues);
  return refusedWithReason(
    await client.put('/admin/orders/:id/payment', { params: { id }, body: parsed.data }),
    PAYMENT_UPDATE_FAILED,
    ['reason'],
  );
}

/**
 * 'Remboursé' on a paid order cancelled: how it was refunded, read by the API's own schema, then
 * PUT /admin/orders/:id/refund. A missing 'how' stays a field error; a refusal (409: not due, or
 * recorded already) says why after 'Erreur lors de l'enregistrement du remboursement'.
 */
async function recordRefund({ client, id, form }: FormRequest): Promise<ApiResult<AdminOrderDetailEnvelope>> {
  const parsed = RecordRefundInputSchema.safeParse({ method: formText(form, 'method') });
  if (!parsed.success) return refusedFields(REFUND_FAILED, parsed.error.issues);
  return refusedWithReason(
    await client.put('/admin/orders/:id/refund', { params: { id }, body: parsed.data }),
    REFUND_FAILED,
    ['method'],
  );
}

/**
 * 'Rétablir (paiement reçu)': POST /admin/orders/:id/reinstate. A refusal is the API's own
 * sentence as it stands ('Stock insuffisant pour « X » : 1 disponible(s)'): it says what to do.
 */
const reinstate = ({ client, id }: FormRequest) =>
  client.post('/admin/orders/:id/reinstate', { params: { id } });

/** 'Nouveau lien de suivi': POST /admin/orders/:id/tracking (the old link then leads nowhere). */
const renewTracking = ({ client, id }: FormRequest) =>
  client.post('/admin/orders/:id/tracking', { params: { id } });

/**
 * 'Renvoyer' on a message whose sending is uncertain or failed: POST
 * /admin/orders/:id/whatsapp/:message/resend (once; a second tap is refused with the API's reason).
 */
const resendWhatsapp = ({ client, id, form }: FormRequest) =>
  client.post('/admin/orders/:id/whatsapp/:message/resend', {
    params: { id, message: formText(form, 'message') },
  });

/**
 * 'Rembourser par Wave' or 'Remboursé à la main' on a payment to give back, read by the API's own
 * schema, then POST /admin/orders/:id/payments/:payment/refund. A refusal is the API's own sentence
 * (Wave down: try again; no answer: check in Wave first).
 */
async function refundPayment({ client, id, form }: FormRequest) {
  const parsed = RefundPaymentInputSchema.safeParse({
    by: formText(form, 'by'),
    again: formText(form, 'again') === 'true' || undefined,
  });
  if (!parsed.success) return refusedBeforeSending(PAYMENT_REFUND_FAILED);
  return client.post('/admin/orders/:id/payments/:payment/refund', {
    params: { id, payment: formText(form, 'payment') },
    body: parsed.data,
  });
}

/**
 * The order as the API answered it, with the toast's message: the screen keeps an order moved from
 * here in sight with it, and writes the message to tell the client from it (who cancelled, why, the
 * refund), never from the order as it was before.
 */
const withOrder = ({ data: { order }, saved }: FormSuccess<AdminOrderDetailEnvelope>) => ({
  ...saved,
  order,
});

/** The orders screen's action, with its own notices when the session ended or the role went meanwhile. */
export const ordersScreenAction = ({ request, context }: ActionFunctionArgs) =>
  formAction(
    request,
    api(context),
    {
      status: handler({ failure: ORDER_STATUS_UPDATE_FAILED, send: changeStatus, done: withOrder }),
      payment: handler({ failure: PAYMENT_UPDATE_FAILED, send: changePayment, done: withOrder }),
      refund: handler({ failure: REFUND_FAILED, send: recordRefund, done: withOrder }),
      reinstate: handler({ failure: REINSTATE_FAILED, send: reinstate, done: withOrder }),
      tracking: handler({ failure: TRACKING_FAILED, send: renewTracking, done: withOrder }),
      'whatsapp-resend': handler({ failure: RESEND_FAILED, send: resendWhatsapp, done: withOrder }),
      'payment-refund': handler({ failure: PAYMENT_REFUND_FAILED, send: refundPayment, done: withOrder }),
    },
    (refused) => throwIfRefused(request, context, refused),
  );
