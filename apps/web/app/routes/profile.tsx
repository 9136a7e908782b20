import { ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import type { Order } from '@souk/domain/orders';
import { formatPhone } from '@souk/domain/phone-format';
import { data, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { countByStatus, totalSpent } from '~/features/account/order-status';
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
import { accountPageHeaders } from '~/lib/no-store';
import { readForm } from '~/lib/read-form.server';
import { pageMeta } from '~/lib/seo';
import { loginUrl, requireUser } from '~/lib/session.server';
import type { Route } from './+types/profile';

export const headers: Route.HeadersFunction = accountPageHeaders;

const ORDERS_ERROR = 'Erreur lors de la récupération des commandes';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // Spec §6: an admin's account entry point is the back office.
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
    // Spec §7: PUT /auth/me carries the single changed field.
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
  const { tab, filter, editing, passwordOpen, saved } = viewOf(params);
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
            <OrdersPanel orders={orders} ordersError={ordersError} counts={counts} filter={filter} />
          )}
          {tab === 'settings' && (
            <SettingsPanel
              user={user}
              editing={editing}
              passwordOpen={passwordOpen}
              saved={saved}
              failure={actionData}
              shopWhatsapp={shopWhatsapp}
              phoneDisplay={phoneDisplay}
            />
          )}
        </div>
      </div>
    </main>
  );
}
