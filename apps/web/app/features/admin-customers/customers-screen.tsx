import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomerList,
  CUSTOMER_ACTION_LABELS,
  type CustomerStats,
  customerStatusQuestion,
  customersStatusQuestion,
} from '@souk/domain/admin-customers';
import { useEffect, useState } from 'react';
import { useFetcher, useLocation, useNavigation } from 'react-router';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { ListEmptyState } from '~/components/ui/list-empty-state';
import { NewItemLink } from '~/components/ui/new-item-link';
import { Pagination } from '~/components/ui/pagination';
import { showToast } from '~/components/ui/toast';
import type { ActionOutcome } from '~/lib/form-action';
import { useDropParams, withParams } from '~/lib/url-params';
import { useConfirmedAction } from '~/lib/use-form';
import {
  CUSTOMER_FORM_FETCHER,
  CustomerFormDialog,
  type WelcomeLink,
  WelcomeLinkDialog,
} from './customer-form-dialog';
import { type CustomerScreen, isFiltered, listKey, readCustomerScreen } from './customer-params';
import { PASSWORD_LINK_FETCHER } from './customer-parts';
import { CustomerProfileDialog } from './customer-profile-dialog';
import { CustomerStatCards, CustomerToolbar } from './customer-toolbar';
import { CustomersList, type StatusTarget } from './customers-list';

/**
 * The header's and the empty state's button: a customer account made by the shop (the original
 * shop's did nothing).
 */
export const NewCustomerLink = () => <NewItemLink close={['profile']}>Ajouter un client</NewItemLink>;

export const CUSTOMER_STATUS_FETCHER = 'customer-status';

/** Block or unblock, one customer or the selection, once the confirmation question is answered. */
function useStatusChange() {
  return useConfirmedAction<StatusTarget>(
    CUSTOMER_STATUS_FETCHER,
    (target): Record<string, string> =>
      target.ids.length === 1 && target.name !== null
        ? { intent: 'status', id: String(target.ids[0]), action: target.action }
        : { intent: 'bulk', ids: target.ids.join(','), action: target.action },
  );
}

/**
 * The link just made for a customer to choose a password (a new account, or the profile's 'Envoyer
 * un lien de mot de passe'), which the shop is offered to send.
 */
function useWelcomeLink(profile: AdminCustomer | null) {
  const created = useFetcher<ActionOutcome>({ key: CUSTOMER_FORM_FETCHER }).data;
  const resent = useFetcher<ActionOutcome>({ key: PASSWORD_LINK_FETCHER }).data;
  const [welcome, setWelcome] = useState<WelcomeLink | null>(null);
  useEffect(() => {
    const details = created?.ok ? created.details : undefined;
    if (details?.password_link)
      setWelcome({
        name: details.name ?? '',
        whatsapp_phone: details.whatsapp_phone ?? '',
        password_link: details.password_link,
        emailed: details.emailed ?? 'false',
        created: true,
      });
  }, [created]);
  // The link is for the customer whose profile asked for it (still open when the answer comes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, not per profile render
  useEffect(() => {
    const details = resent?.ok ? resent.details : undefined;
    if (details?.password_link && profile)
      setWelcome({
        name: profile.name,
        whatsapp_phone: profile.whatsapp_phone ?? '',
        password_link: details.password_link,
        emailed: details.emailed ?? 'false',
        created: false,
      });
  }, [resent]);
  return { welcome, close: () => setWelcome(null) };
}

/**
 * 'Gestion des Clients': the statistics, search, status buttons and advanced filters, the
 * customers with their selection bar, pages, the profile, the profile form and the questions
 * before a block or an unblock.
 */
export function CustomersScreen({
  screen,
  stats,
  list,
  profile,
  edited,
  profileError,
}: {
  screen: CustomerScreen;
  stats: CustomerStats;
  list: AdminCustomerList;
  profile: AdminCustomerDetail | null;
  edited: AdminCustomer | null;
  profileError: string | null;
}) {
  const { search, pathname } = useLocation();
  const statusAnswer = useFetcher<ActionOutcome>({ key: CUSTOMER_STATUS_FETCHER }).data;
  const navigation = useNavigation();
  const closeProfile = useDropParams('profile');
  const closeForm = useDropParams('edit');
  const statusChange = useStatusChange();
  const welcome = useWelcomeLink(profile);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // Another page, search, filter or sort, or a block or unblock done: the selection starts again
  // (a profile opening or closing keeps it).
  const key = listKey(screen);
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the list asked changes
  useEffect(() => setSelected(new Set()), [key]);
  useEffect(() => {
    if (statusAnswer?.ok) setSelected(new Set());
  }, [statusAnswer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: told again when another customer is asked
  useEffect(() => {
    if (profileError) showToast({ message: profileError, tone: 'error' });
  }, [profileError, screen.profile, screen.edit]);

  // Only a new list shows the loading state, not a profile or a form opening.
  const loading =
    navigation.state === 'loading' &&
    navigation.location.pathname === pathname &&
    listKey(readCustomerScreen(new URLSearchParams(navigation.location.search))) !== key;
  const filtering = isFiltered(screen);
  const { pagination } = list;
  const target = statusChange.target;

  return (
    <>
      <CustomerStatCards stats={stats} />
      <CustomerToolbar screen={screen} />
      <h2 className="sr-only">Liste des clients</h2>
      {/* In place from the start, so the words are announced when they appear. */}
      <p role="status" className="text-sm font-medium text-stone-700 empty:hidden">
        {loading ? 'Chargement des clients...' : ''}
      </p>
      <div aria-busy={loading} className={loading ? 'opacity-60' : undefined}>
        {list.clients.length === 0 ? (
          <ListEmptyState title="Aucun client trouvé" filtering={filtering} action={<NewCustomerLink />}>
            Commencez par ajouter votre premier client.
          </ListEmptyState>
        ) : (
          <CustomersList
            customers={list.clients}
            total={pagination.total}
            selected={selected}
            onSelect={setSelected}
            onStatus={statusChange.ask}
          />
        )}
      </div>
      <Pagination
        pagination={pagination}
        hrefFor={(page) => withParams(search, { page: page === 1 ? null : page, profile: null, edit: null })}
      />
      <CustomerProfileDialog customer={profile} onClose={closeProfile} onStatus={statusChange.ask} />
      <CustomerFormDialog
        open={screen.edit === 'new' || edited !== null}
        customer={screen.edit === 'new' ? null : edited}
        onClose={closeForm}
      />
      <WelcomeLinkDialog welcome={welcome.welcome} onClose={welcome.close} />
      <ConfirmDialog
        open={target !== null}
        title={
          target
            ? `${CUSTOMER_ACTION_LABELS[target.action]} ${target.name ?? 'les clients sélectionnés'}`
            : ''
        }
        message={
          target
            ? target.name !== null
              ? customerStatusQuestion(target.action, target.name)
              : customersStatusQuestion(target.action, target.ids.length)
            : ''
        }
        confirmLabel={target ? CUSTOMER_ACTION_LABELS[target.action] : ''}
        tone={target?.action === 'block' ? 'danger' : 'success'}
        onConfirm={statusChange.confirm}
        onCancel={statusChange.cancel}
        pending={statusChange.pending}
      />
    </>
  );
}
