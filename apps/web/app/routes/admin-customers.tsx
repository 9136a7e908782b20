import { useFetcher } from 'react-router';
import { CUSTOMER_FORM_FETCHER } from '~/features/admin-customers/customer-form-dialog';
import {
  CUSTOMER_STATUS_FETCHER,
  CustomersScreen,
  NewCustomerLink,
} from '~/features/admin-customers/customers-screen';
import {
  customersScreenAction,
  loadCustomersScreen,
} from '~/features/admin-customers/customers-screen.server';
import { AccessNoticePage } from '~/features/admin-layout/access-notice';
import { AdminLoadError, AdminPage } from '~/features/admin-layout/admin-page';
import type { Route } from './+types/admin-customers';

export const meta: Route.MetaFunction = () => [{ title: 'Gestion des Clients — Administration Souk' }];

export const loader = ({ request, context }: Route.LoaderArgs) => loadCustomersScreen(request, context);

export const action = (args: Route.ActionArgs) => customersScreenAction(args);

/** The answer of a write the session or the role no longer allows: that page's notice. */
function useWriteNotice() {
  const status = useFetcher<typeof action>({ key: CUSTOMER_STATUS_FETCHER }).data;
  const save = useFetcher<typeof action>({ key: CUSTOMER_FORM_FETCHER }).data;
  for (const answer of [status, save]) if (answer && 'notice' in answer) return answer.notice;
  return null;
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const writeNotice = useWriteNotice();
  if (writeNotice) return <AccessNoticePage notice={writeNotice} />;
  if (loaderData.notice) return <AccessNoticePage notice={loaderData.notice} />;
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
