import {
  BulkCustomerStatusInputSchema,
  STATUS_CHANGE_FAILED,
  ToggleCustomerStatusInputSchema,
} from '@souk/domain/admin-customers';
import type { ActionFunctionArgs, RouterContextProvider } from 'react-router';
import { throwIfRefused } from '~/lib/admin-access.server';
import { api, dataOrThrow } from '~/lib/api.server';
import { failureMessage } from '~/lib/api-client';
import { formAction, formText, formTexts, handler, refusedBeforeSending } from '~/lib/form-action';
import { readCustomerScreen } from './customer-params';

/** The customers screen's default failure. */
const SERVER_ERROR = 'Erreur serveur';
const PROFILE_ERROR = 'Impossible de charger le profil du client';

/**
 * /admin/customers: the statistics, the page of customers the URL asks for, the profile open and
 * the customer being edited (a session the API refuses meanwhile is the page's refusal,
 * lib/admin-access.server.ts).
 */
export async function loadCustomersScreen(request: Request, context: Readonly<RouterContextProvider>) {
  const screen = readCustomerScreen(new URL(request.url).searchParams);
  const client = api(context);
  const detailOf = (id: number | 'new' | null) =>
    typeof id === 'number' ? client.get('/admin/customers/:id', { params: { id } }) : null;
  const [stats, listed, profile, edited] = await Promise.all([
    client.get('/admin/customers/stats'),
    client.get('/admin/customers', { query: screen.query }),
    detailOf(screen.profile),
    detailOf(screen.edit),
  ]);
  // The API refused the customers themselves (the session ended meanwhile, the role was taken away).
  throwIfRefused(request, context, listed);
  let list = dataOrThrow(listed);
  // A page past the end (an old link, the last customers of the last page blocked under a status filter).
  if (list.clients.length === 0 && list.pagination.total > 0 && screen.query.page > 1) {
    list = dataOrThrow(
      await client.get('/admin/customers', {
        query: { ...screen.query, page: list.pagination.last_page },
      }),
    );
  }
  const failed = (result: typeof profile) =>
    result && !result.ok ? failureMessage(result, PROFILE_ERROR) : null;
  return {
    screen,
    stats: dataOrThrow(stats),
    list,
    profile: profile?.ok ? profile.data.client : null,
    edited: edited?.ok ? edited.data.client : null,
    // A customer unknown or gone, or the API failing: the dialog does not open and a toast says why.
    profileError: failed(profile) ?? failed(edited),
  };
}

/** The form's three fields as the API takes them (its schema checks them, in French). */
const profileBody = (form: FormData) => formTexts(form, ['name', 'whatsapp_phone', 'email']);

/**
 * The screen's writes: a row's or the profile's block/unblock ('status'), the selection bar's
 * 'Appliquer' ('bulk': the ids comma-separated), the profile form ('save'), a new account
 * ('create') and a new password link ('password-link'), whose link the page then offers to send.
 */
export const customersScreenAction = ({ request, context }: ActionFunctionArgs) =>
  formAction(
    request,
    api(context),
    {
      status: {
        failure: STATUS_CHANGE_FAILED,
        send: async ({ client, id, form }) => {
          const body = ToggleCustomerStatusInputSchema.safeParse({
            client_id: id,
            action: formText(form, 'action'),
          });
          return body.success
            ? client.post('/admin/customers/toggle-status', { body: body.data })
            : refusedBeforeSending(body.error.issues[0]?.message ?? SERVER_ERROR);
        },
      },
      bulk: {
        failure: STATUS_CHANGE_FAILED,
        send: async ({ client, form }) => {
          const body = BulkCustomerStatusInputSchema.safeParse({
            client_ids: formText(form, 'ids').split(',').filter(Boolean),
            action: formText(form, 'action'),
          });
          return body.success
            ? client.post('/admin/customers/bulk-status', { body: body.data })
            : refusedBeforeSending(body.error.issues[0]?.message ?? SERVER_ERROR);
        },
      },
      save: {
        failure: SERVER_ERROR,
        send: ({ client, id, form }) =>
          client.put('/admin/customers/:id', { params: { id }, body: profileBody(form) }),
      },
      'password-link': handler({
        failure: SERVER_ERROR,
        send: ({ client, id }) => client.post('/admin/customers/:id/password-link', { params: { id } }),
        done: ({ data: { password_link, emailed }, saved }) => ({
          ...saved,
          details: { password_link, emailed: emailed ? 'true' : 'false' },
        }),
      }),
      create: handler({
        failure: SERVER_ERROR,
        send: ({ client, form }) => client.post('/admin/customers', { body: profileBody(form) }),
        done: ({ data: { client, password_link, emailed }, saved }) => ({
          ...saved,
          details: {
            name: client.name,
            whatsapp_phone: client.whatsapp_phone ?? '',
            password_link,
            emailed: emailed ? 'true' : 'false',
          },
        }),
      }),
    },
    (refused) => throwIfRefused(request, context, refused),
  );
