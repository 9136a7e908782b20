import {
  ORDER_STATUS_UPDATE_FAILED,
  ORDER_STATUS_UPDATED,
  type UpdateOrderStatusInput,
} from '@souk/domain/admin-orders';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { AccessNoticePage } from '~/features/admin-layout/access-notice';
import { AdminLoadError, AdminPage } from '~/features/admin-layout/admin-page';
import { OrdersHeaderActions, OrdersScreen } from '~/features/admin-orders/orders-screen';
import { loadOrdersScreen } from '~/features/admin-orders/orders-screen.server';
import { adminAction } from '~/lib/admin-action.server';
import { failureWithReason } from '~/lib/api-client';
import { formText } from '~/lib/form-outcome.server';
import type { Route } from './+types/admin-orders';

export const meta: Route.MetaFunction = () => [{ title: 'Commandes — Administration Souk' }];

export const loader = ({ request, context }: Route.LoaderArgs) => loadOrdersScreen(request, context);

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    status: {
      failure: ORDER_STATUS_UPDATE_FAILED,
      run: async ({ client, id, form }) => {
        const result = await client.put('/admin/orders/:id/status', {
          params: { id },
          // Whatever the form sent: the API's schema and its transition table judge it.
          body: { status: formText(form, 'status') } as UpdateOrderStatusInput,
        });
        // Spec §8: 'Erreur lors de la mise à jour du statut', then why (a 409's refusal…).
        return result.ok
          ? { ...result, message: result.message ?? ORDER_STATUS_UPDATED }
          : { ...result, errors: undefined, message: failureWithReason(result, ORDER_STATUS_UPDATE_FAILED) };
      },
    },
  });

/**
 * A refused status change (409: the order moved meanwhile, from another screen or admin) reads the
 * list again too, so it shows where the order now is; React Router skips that after a 4xx.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'status' || defaultShouldRevalidate;
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  if (loaderData.notice) return <AccessNoticePage notice={loaderData.notice} />;
  const { screen, list, details, detailsError, shop } = loaderData;
  return (
    <AdminPage title="Commandes" actions={<OrdersHeaderActions screen={screen} />}>
      <OrdersScreen screen={screen} list={list} details={details} detailsError={detailsError} shop={shop} />
    </AdminPage>
  );
}

/** Spec §8: 'Erreur lors du chargement des commandes', with a retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminLoadError title="Erreur lors du chargement des commandes" error={error} />;
}
