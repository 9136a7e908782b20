import { ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import type { Order } from '@souk/domain/orders';
import { formatPhone } from '@souk/domain/phone-format';
import { IdSchema } from '@souk/domain/primitives';
import { useMemo } from 'react';
import { redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { countByStatus, ordersHref } from '~/features/account/order-status';
import { OrdersPanel } from '~/features/account/orders-panel';
import { OverviewPanel } from '~/features/account/overview-panel';
import { ProfileHeader } from '~/features/account/profile-header';
import { PROFILE_PANEL_ID, type ProfileTab, ProfileTabs, tabId } from '~/features/account/profile-tabs';
import { PROFILE_FIELDS, SAVED_MESSAGES, SettingsPanel } from '~/features/account/settings-panel';
import { api, serverConfig } from '~/lib/api.server';
import { failureOf, formAction, formText, formTexts, handler, refusedBeforeSending } from '~/lib/form-action';
import { loginUrl } from '~/lib/login-url';
import { accountPageHeaders } from '~/lib/no-store';
import { onlyAfterWrites } from '~/lib/revalidation';
import { pageMeta } from '~/lib/seo';
import { homeOf } from '~/lib/session';
import { requireUser } from '~/lib/session.server';
import { parsedOr } from '~/lib/url-params';
import type { Route } from './+types/profile';

export const headers: Route.HeadersFunction = accountPageHeaders;

const ORDERS_ERROR = 'Erreur lors de la récupération des commandes';
const UPDATE_FAILED = 'Erreur lors de la mise à jour';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // An admin's account is the back office.
  if (homeOf(user) !== '/profile') throw redirect(homeOf(user));

  let orders: Order[] | null = null;
  let paid: number | null = null;
  let ordersError: string | null = null;
  const result = await api(context).get('/orders');
  if (result.ok) ({ orders, total_paid: paid } = result.data);
  else
    ordersError =
      result.status === 0 || (result.status >= 400 && result.status < 500) ? result.message : ORDERS_ERROR;

  const { shopWhatsapp, publicUrl } = serverConfig(context);
  const phoneDisplay = user.whatsapp_phone ? formatPhone(user.whatsapp_phone) : null;
  return { user, phoneDisplay, orders, paid, ordersError, shopWhatsapp, publicUrl };
}

/** What the URL asks to show: it is read on render, because changing it does not reload the data. */
function viewOf(params: URLSearchParams) {
  return {
    tab: oneOf(['orders', 'settings'] as const, params.get('tab')) ?? ('overview' as ProfileTab),
    filter: oneOf(ORDER_STATUSES, params.get('status')),
    editing: oneOf(PROFILE_FIELDS, params.get('edit')),
    passwordOpen: params.get('password') === '1',
    /** The order whose cancellation is being confirmed on its card. */
    cancelling: parsedOr(IdSchema, params.get('cancel'), null),
    /** The order number just cancelled, said once above the list. */
    cancelled: params.get('cancelled'),
    saved: oneOf(Object.keys(SAVED_MESSAGES) as (keyof typeof SAVED_MESSAGES)[], params.get('saved')),
  };
}

/** Switching tab, filter or edit mode only changes the URL: the loaded user and orders still hold. */
export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) =>
  onlyAfterWrites(args, args.currentUrl.pathname !== args.nextUrl.pathname);

export async function action({ request, context }: Route.ActionArgs) {
  const status = oneOf(ORDER_STATUSES, new URL(request.url).searchParams.get('status'));
  return formAction(
    request,
    api(context),
    {
      // One field at a time: PUT /auth/me carries the changed field (and the password that proves
      // who asks, for a login identifier).
      'update-profile': {
        failure: UPDATE_FAILED,
        echo: PROFILE_FIELDS,
        send: ({ client, form }) => {
          const field = oneOf(PROFILE_FIELDS, formText(form, 'field'));
          if (!field) return Promise.resolve(refusedBeforeSending(UPDATE_FAILED));
          return client.put('/auth/me', {
            body: {
              [field]: formText(form, field),
              ...(field === 'name' ? {} : { current_password: formText(form, 'current_password') }),
            },
          });
        },
        done: () => redirect('/profile?tab=settings&saved=profile'),
      },
      'change-password': {
        failure: 'Erreur lors du changement de mot de passe',
        send: ({ client, form }) =>
          client.post('/auth/change-password', {
            body: formTexts(form, ['current_password', 'password', 'password_confirmation']),
          }),
        done: () => redirect('/profile?tab=settings&saved=password'),
      },
      // The API decides: only her own order, only while it waits for the shop (409 otherwise).
      'cancel-order': handler({
        failure: "Erreur lors de l'annulation de la commande",
        send: ({ client, id }) => {
          const parsed = IdSchema.safeParse(id);
          return parsed.success
            ? client.post('/orders/:id/cancel', { params: { id: parsed.data } })
            : Promise.resolve(refusedBeforeSending("Erreur lors de l'annulation de la commande"));
        },
        done: ({ data }) => redirect(ordersHref(status, { cancelled: data.order.order_number })),
      }),
    },
    // The session ended meanwhile: to the login page, and back to where she was.
    (refused, intent) =>
      refused.status === 401
        ? redirect(loginUrl(intent === 'cancel-order' ? ordersHref(status) : '/profile?tab=settings', true))
        : undefined,
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Mon Compte',
    description: 'Vos commandes, vos informations et votre compte Souk.',
    url: `${loaderData?.publicUrl ?? ''}/profile`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, phoneDisplay, orders, paid, ordersError, shopWhatsapp } = loaderData;
  const [params] = useSearchParams();
  const { tab, filter, editing, passwordOpen, saved, cancelling, cancelled } = viewOf(params);
  const failure = failureOf(actionData);
  // One object per answer: the form takes a new one for a new answer (and shows it, moving focus).
  const settingsFailure = useMemo(
    () => (failure && actionData ? { intent: actionData.intent, ...failure } : undefined),
    [failure, actionData],
  );
  const cancelFailure =
    failure && actionData?.intent === 'cancel-order'
      ? (failure.message ?? Object.values(failure.errors ?? {})[0] ?? null)
      : null;
  const counts: Record<OrderStatus, number> | null = orders ? countByStatus(orders) : null;

  return (
    <main id="main" className="flex-1 bg-[#fbf8f3] pb-10">
      <ProfileHeader
        user={user}
        orderCount={orders?.length ?? null}
        spent={paid}
        counts={counts}
        phoneDisplay={phoneDisplay}
      />
      <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 pt-5">
        <ProfileTabs active={tab} pendingOrders={counts?.en_attente ?? 0} />
        <div id={PROFILE_PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)}>
          {tab === 'overview' && (
            <OverviewPanel orders={orders} ordersError={ordersError} shopWhatsapp={shopWhatsapp} />
          )}
          {tab === 'orders' && (
            <OrdersPanel
              orders={orders}
              ordersError={ordersError}
              counts={counts}
              filter={filter}
              shopWhatsapp={shopWhatsapp}
              cancelling={cancelling}
              cancelled={cancelled}
              cancelFailure={cancelFailure}
            />
          )}
          {tab === 'settings' && (
            <SettingsPanel
              user={user}
              editing={editing}
              passwordOpen={passwordOpen}
              saved={saved}
              failure={settingsFailure}
              shopWhatsapp={shopWhatsapp}
              phoneDisplay={phoneDisplay}
            />
          )}
        </div>
      </div>
    </main>
  );
}
