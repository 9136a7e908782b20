import {
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  CUSTOMER_STATUS_FILTER_LABELS,
  CUSTOMER_STATUSES,
  type CustomerStats,
  SORT_DIRECTION_LABELS,
  SORT_DIRECTIONS,
} from '@souk/domain/admin-customers';
import { CUSTOMERS_PER_PAGE_CHOICES } from '@souk/domain/admin-limits';
import { COLLECTED_LABEL } from '@souk/domain/admin-orders';
import { formatCount, formatFcfa } from '@souk/domain/money';
import { useLocation } from 'react-router';
import { FilterLinks, FilterSelect, ListToolbar } from '~/components/ui/list-toolbar';
import { StatCards } from '~/components/ui/stat-cards';
import { type CustomerScreen, hasPanelChoices, statusHref } from './customer-params';

const percent = (value: number) => `${formatCount(value)}\u00a0%`;

/** The statistics, summed by the server over every customer account and their paid orders. */
export function CustomerStatCards({ stats }: { stats: CustomerStats }) {
  return (
    <StatCards
      className="grid-cols-2 sm:grid-cols-4"
      items={[
        { label: 'Total clients', value: stats.total_clients },
        { label: `Clients actifs (${percent(stats.active_percentage)})`, value: stats.active_clients },
        { label: 'Clients bloqués', value: stats.blocked_clients },
        { label: 'Nouveaux ce mois', value: stats.new_clients_this_month },
        { label: 'Commandes', value: stats.total_orders },
        { label: "Chiffre d'affaires", value: formatFcfa(stats.total_revenue) },
        { label: COLLECTED_LABEL, value: formatFcfa(stats.collected_revenue) },
        { label: 'Panier moyen', value: formatFcfa(stats.avg_order_value) },
        { label: 'Taux de fidélisation', value: percent(stats.retention_rate) },
      ]}
    />
  );
}

/**
 * Search (name, e-mail, phone), the status buttons, and the advanced filters (sort field, order,
 * page size): one GET form and links, so the state is the URL's and every change starts at page 1.
 */
export function CustomerToolbar({ screen }: { screen: CustomerScreen }) {
  const { query } = screen;
  const { search } = useLocation();
  return (
    <ListToolbar
      state={[query.search, query.status, query.sort_by, query.sort_order, query.per_page].join('|')}
      search={{
        id: 'customer-search',
        label: 'Rechercher un client',
        placeholder: 'Nom, email ou téléphone…',
        value: query.search ?? '',
      }}
      quick={
        <FilterLinks
          label="Statut des clients"
          choices={[
            { value: 'all', label: 'Tous' },
            ...CUSTOMER_STATUSES.map((value) => ({ value, label: CUSTOMER_STATUS_FILTER_LABELS[value] })),
          ]}
          current={query.status ?? 'all'}
          hrefFor={(value) => statusHref(search, value === 'all' ? undefined : value)}
        />
      }
      hidden={{ status: query.status }}
      filtersOpen={hasPanelChoices(screen)}
      panelTitle="Filtres avancés"
      clear={{ to: '?', label: 'Réinitialiser' }}
    >
      <FilterSelect id="customer-sort" name="sort_by" label="Trier par" defaultValue={query.sort_by}>
        {CUSTOMER_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {CUSTOMER_SORT_LABELS[sort]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="customer-order" name="sort_order" label="Ordre" defaultValue={query.sort_order}>
        {SORT_DIRECTIONS.map((direction) => (
          <option key={direction} value={direction}>
            {SORT_DIRECTION_LABELS[direction]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="customer-per-page"
        name="per_page"
        label="Par page"
        defaultValue={String(query.per_page)}
      >
        {CUSTOMERS_PER_PAGE_CHOICES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </FilterSelect>
    </ListToolbar>
  );
}
