import { ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import type { Order } from '@souk/domain/orders';
import { formatPhone } from '@souk/domain/phone-format';
import { IdSchema } from '@souk/domain/primitives';
import { data, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { countByStatus, ordersHref, totalSpent } from '~/features/account/order-status';
import { OrdersPanel } from '~/features/account/orders-panel';
import { OverviewPanel } from '~/features/account/overview-panel';
import { ProfileHeader } from '~/features/account/profile-header';
import { PROFILE_PANEL_ID, type ProfileTab, ProfileTabs, tabId } from '~/features/account/profile-tabs';
import {
  PROFILE_FIELDS,
  SAVED_MESSAGES,
  type SettingsFailure,
  SettingsPanel,
} from '~/features/account/settings-panel';
import { api, serverConfig } from '~/lib/api.server';
import { formOutcome, formText } from '~/lib/form-outcome';
import { echoValues } from '~/lib/form-outcome.server';
import { loginUrl } from '~/lib/login-url';
import { accountPageHeaders } from '~/lib/no-store';
import { readForm } from '~/lib/read-form.server';
import { pageMeta } from '~/lib/seo';
import { requireUser } from '~/lib/session.server';
import { parsedOr } from '~/lib/url-params';
import type { Route } from './+types/profile';

export const headers: Route.HeadersFunction = accountPageHeaders;

const ORDERS_ERROR = 'Erreur lors de la récupération des commandes';
const CANCEL_FAILED = "Erreur lors de l'annulation de la commande";

type CancelFailure = { intent: 'cancel-order'; message: string };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // An admin's account entry point is the back office.
  if (user.role === 'admin') throw redirect('/admin');

  let orders: Order[] | null = null;
  let ordersError: string | null = null;
  const result = await api(context).get('/orders');
  if (result.ok) orders = result.data.orders;
  else
    ordersError =
      result.status === 0 || (result.status >= 400 && result.status < 500) ? result.message : ORDERS_ERROR;

  const { shopWhatsapp, publicUrl } = serverConfig(context);
  const phoneDisplay = user.whatsapp_phone ? formatPhone(user.whatsapp_phone) : null;
  return { user, phoneDisplay, orders, ordersError, shopWhatsapp, publicUrl };
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
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href || currentUrl.pathname !== nextUrl.pathname) {
    return defaultShouldRevalidate;
  }
  return false;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, 'intent');

  if (intent === 'update-profile') {
    const field = oneOf(PROFILE_FIELDS, formText(form, 'field'));
    if (!field)
      return data({ intent, message: 'Erreur lors de la mise à jour' } as SettingsFailure, { status: 400 });
    // PUT /auth/me carries the single changed field.
    const result = formOutcome(
      await api(context).put('/auth/me', {
        body: {
          [field]: formText(form, field),
          ...(field === 'name' ? {} : { current_password: formText(form, 'current_password') }),
        },
      }),
      'Erreur lors de la mise à jour',
    );
    if (result.ok) return redirect('/profile?tab=settings&saved=profile');
    if (result.status === 401) return redirect(loginUrl('/profile?tab=settings', true));
    return data({ intent, field, ...result.failure, values: echoValues(form, [field]) } as SettingsFailure, {
      status: result.status || 500,
    });
  }

  if (intent === 'change-password') {
    const result = formOutcome(
      await api(context).post('/auth/change-password', {
        body: {
          current_password: formText(form, 'current_password'),
          password: formText(form, 'password'),
          password_confirmation: formText(form, 'password_confirmation'),
        },
      }),
      'Erreur lors du changement de mot de passe',
    );
    if (result.ok) return redirect('/profile?tab=settings&saved=password');
    if (result.status === 401) return redirect(loginUrl('/profile?tab=settings', true));
    return data({ intent, ...result.failure } as SettingsFailure, { status: result.status || 500 });
  }

  if (intent === 'cancel-order') {
    // The API decides: only her own order, only while it waits for the shop (409 otherwise).
    const id = IdSchema.safeParse(formText(form, 'id'));
    const result = id.success
      ? await api(context).post('/orders/:id/cancel', { params: { id: id.data } })
      : null;
    const status = oneOf(ORDER_STATUSES, new URL(request.url).searchParams.get('status'));
    if (result?.ok) return redirect(ordersHref(status, { cancelled: result.data.order.order_number }));
    if (result?.status === 401) return redirect(loginUrl(ordersHref(status), true));
    const message: CancelFailure = {
      intent,
      message:
        result && result.status >= 400 && result.status < 500 && result.message
          ? result.message
          : CANCEL_FAILED,
    };
    return data(message, { status: result?.status || 400 });
  }

  return data({ intent: 'update-profile', message: 'Erreur de requête' } as SettingsFailure, { status: 400 });
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
  const { user, phoneDisplay, orders, ordersError, shopWhatsapp } = loaderData;
  const [params] = useSearchParams();
  const { tab, filter, editing, passwordOpen, saved, cancelling, cancelled } = viewOf(params);
  const cancelFailure = actionData?.intent === 'cancel-order' ? actionData.message : null;
  const counts: Record<OrderStatus, number> | null = orders ? countByStatus(orders) : null;

  return (
    <main id="main" className="flex-1 bg-[#fbf8f3] pb-10">
      <ProfileHeader
        user={user}
        orderCount={orders?.length ?? null}
        spent={orders ? totalSpent(orders) : null}
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
              failure={actionData?.intent === 'cancel-order' ? undefined : actionData}
              shopWhatsapp={shopWhatsapp}
              phoneDisplay={phoneDisplay}
            />
          )}
        </div>
      </div>
    </main>
  );
}
