import { type AdminOrderSummary, ORDER_PERIOD_LABELS, ORDER_PERIODS } from '@souk/domain/admin-orders';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@souk/domain/order-status';
import { PAID_WITH, PAID_WITH_LABELS } from '@souk/domain/payments';
import { useSyncExternalStore } from 'react';
import { FilterInput, FilterSelect, ListToolbar } from '~/components/ui/list-toolbar';
import { StatCards } from '~/components/ui/stat-cards';
import { clearFiltersHref, hasPanelFilters, type OrderScreen } from './order-params';

/**
 * The six counters: orders of each status the shop acts on, and all of them, counted by the
 * server over every order the search and the period, date and amount filters keep.
 */
export function OrderCounters({ summary }: { summary: AdminOrderSummary }) {
  const count = summary.status_breakdown;
  return (
    <StatCards
      dense
      className="grid-cols-3 xl:grid-cols-6"
      items={[
        { label: 'En attente', value: count.en_attente },
        { label: 'Acceptées', value: count.acceptée },
        { label: 'Prêtes', value: count.prête },
        { label: 'En cours', value: count.en_cours },
        { label: 'Disponibles', value: count.disponible },
        { label: 'Total', value: summary.total_orders },
      ]}
    />
  );
}

/**
 * Search (number, client, phone), the status and period selects in sight, and the advanced panel
 * (start and end days, minimum amount): one GET form, so the filters are the URL's, the server
 * applies them, and it works before the page's script has loaded.
 */
export function OrderToolbar({ screen }: { screen: OrderScreen }) {
  // On a phone the search and filters fold under one line (the list comes into sight), open when
  // a search or an advanced filter is on so the owner sees what narrows the list; wider, always
  // open: by CSS where the browser styles a fold's content (no flash before the script), and once
  // the script runs everywhere else.
  const wide = useWideScreen();
  const summary = screen.status
    ? `Rechercher et filtrer (${ORDER_STATUS_LABELS[screen.status]})`
    : 'Rechercher et filtrer';
  return (
    <details
      open={wide || Boolean(screen.search) || hasPanelFilters(screen) || undefined}
      className="rounded-2xl sm:[&::details-content]:[content-visibility:visible]"
    >
      <summary className="flex min-h-11 cursor-pointer items-center rounded-2xl border border-stone-200 bg-white px-3 text-sm font-semibold text-stone-800 shadow-sm sm:hidden">
        {summary}
      </summary>
      <div className="mt-2 sm:mt-0">
        <ListToolbar
          state={[
            screen.search,
            screen.status,
            screen.period,
            screen.dateFrom,
            screen.dateTo,
            screen.minAmount,
            screen.paidWith,
            screen.customerId,
          ].join('|')}
          search={{
            id: 'order-search',
            label: 'Rechercher une commande',
            placeholder: 'N° de commande, client ou téléphone…',
            value: screen.search ?? '',
          }}
          quick={
            <>
              <FilterSelect id="order-status" name="status" label="Statut" defaultValue={screen.status ?? ''}>
                <option value="">Tous les statuts</option>
                {ORDER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {ORDER_STATUS_LABELS[status]}
                  </option>
                ))}
              </FilterSelect>
              <FilterSelect
                id="order-period"
                name="period"
                label="Période"
                defaultValue={screen.period ?? ''}
              >
                <option value="">Toutes les périodes</option>
                {ORDER_PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {ORDER_PERIOD_LABELS[period]}
                  </option>
                ))}
              </FilterSelect>
            </>
          }
          // One customer's orders (a link from the customers screen) stay theirs while filtering.
          hidden={{ customer_id: screen.customerId?.toString() }}
          filtersOpen={hasPanelFilters(screen)}
          panelTitle="Filtres avancés"
          clear={{ to: clearFiltersHref(screen), label: 'Effacer les filtres' }}
        >
          <FilterInput
            id="order-date-from"
            name="date_from"
            label="Date de début"
            type="date"
            defaultValue={screen.dateFrom ?? ''}
          />
          <FilterInput
            id="order-date-to"
            name="date_to"
            label="Date de fin"
            type="date"
            defaultValue={screen.dateTo ?? ''}
          />
          <FilterInput
            id="order-min-amount"
            name="min_amount"
            label="Montant minimum (FCFA)"
            type="amount"
            defaultValue={screen.minAmount?.toString() ?? ''}
          />
          <FilterSelect
            id="order-paid-with"
            name="paid_with"
            label="Payée par"
            defaultValue={screen.paidWith ?? ''}
          >
            <option value="">Tous les paiements</option>
            {PAID_WITH.map((method) => (
              <option key={method} value={method}>
                {PAID_WITH_LABELS[method]}
              </option>
            ))}
          </FilterSelect>
        </ListToolbar>
      </div>
    </details>
  );
}

/** Whether the screen is as wide as Tailwind's `sm` (40rem); false on the server. */
const WIDE = '(min-width: 40rem)';
const followWidth = (changed: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};
const useWideScreen = () =>
  useSyncExternalStore(
    followWidth,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
