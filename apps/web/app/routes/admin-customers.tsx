import { CustomersScreen, NewCustomerLink } from '~/features/admin-customers/customers-screen';
import {
  customersScreenAction,
  loadCustomersScreen,
} from '~/features/admin-customers/customers-screen.server';
import { AdminLoadError, AdminPage } from '~/features/admin-layout/admin-page';
import type { Route } from './+types/admin-customers';

export const meta: Route.MetaFunction = () => [{ title: 'Gestion des Clients — Administration Souk' }];

export const loader = ({ request, context }: Route.LoaderArgs) => loadCustomersScreen(request, context);

export const action = (args: Route.ActionArgs) => customersScreenAction(args);

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { screen, stats, list, profile, edited, profileError } = loaderData;
  return (
    <AdminPage title="Gestion des Clients" actions={<NewCustomerLink />}>
      <CustomersScreen
        screen={screen}
        stats={stats}
        list={list}
        profile={profile}
        edited={edited}
        profileError={profileError}
      />
    </AdminPage>
  );
}

/** A failed load shows why, with a retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminLoadError title="Erreur lors du chargement des clients" error={error} />;
}
