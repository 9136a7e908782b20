import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { AdminLoadError, AdminPage } from '~/features/admin-layout/admin-page';
import { OrdersHeaderActions, OrdersScreen } from '~/features/admin-orders/orders-screen';
import { loadOrdersScreen, ordersScreenAction } from '~/features/admin-orders/orders-screen.server';
import type { Route } from './+types/admin-orders';

export const meta: Route.MetaFunction = () => [{ title: 'Commandes — Administration Souk' }];

export const loader = ({ request, context }: Route.LoaderArgs) => loadOrdersScreen(request, context);

export const action = (args: Route.ActionArgs) => ordersScreenAction(args);

/**
 * A refused status change or reinstatement (409: the order moved meanwhile, from another screen or
 * admin) reads the list again too, so it shows where the order now is; React Router skips that
 * after a 4xx.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return ['status', 'reinstate'].includes(String(formData?.get('intent'))) || defaultShouldRevalidate;
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { screen, list, details, detailsError, shop } = loaderData;
  return (
    <AdminPage title="Commandes" actions={<OrdersHeaderActions screen={screen} />}>
      <OrdersScreen screen={screen} list={list} details={details} detailsError={detailsError} shop={shop} />
    </AdminPage>
  );
}

/** A failed load: 'Erreur lors du chargement des commandes', with a retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminLoadError title="Erreur lors du chargement des commandes" error={error} />;
}
