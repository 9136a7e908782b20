import {
  type AdminCategoryList,
  CATEGORY_SORT_LABELS,
  CATEGORY_SORTS,
  CATEGORY_STATUS_FILTERS,
} from '@souk/domain/admin-catalog';
import { useLocation } from 'react-router';
import { FilterSelect, ListToolbar, RadioChoices } from '~/components/ui/list-toolbar';
import { StatCards } from '~/components/ui/stat-cards';
import { withParams } from '~/lib/url-params';
import type { CategoryScreen } from './category-params';

const STATUS_LABELS: Record<(typeof CATEGORY_STATUS_FILTERS)[number], string> = {
  all: 'Toutes',
  active: 'Actives',
  inactive: 'Inactives',
};
const STATUSES = CATEGORY_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }));
const VIEWS = [
  { value: 'grid', label: 'Grille' },
  { value: 'list', label: 'Liste' },
] as const;

/** The three counters: main categories, total subcategories, total products. */
export function CategoryCounters({ counters }: { counters: AdminCategoryList['counters'] }) {
  return (
    <StatCards
      className="grid-cols-3"
      items={[
        { label: 'Catégories principales', value: counters.main_categories },
        { label: 'Sous-catégories', value: counters.subcategories },
        { label: 'Produits', value: counters.products },
      ]}
    />
  );
}

/**
 * Search, the filter panel (status, sort) and the grid/list toggle: a GET form, so the state is
 * the URL's and it works before the page's script has loaded.
 */
export function CategoryToolbar({ screen }: { screen: CategoryScreen }) {
  const { search } = useLocation();
  const { query, view } = screen;
  return (
    <ListToolbar
      state={[query.search, query.status, query.sort, view].join('|')}
      search={{ id: 'category-search', label: 'Rechercher une catégorie', value: query.search ?? '' }}
      views={{
        choices: VIEWS,
        current: view,
        hrefFor: (mode) => withParams(search, { view: mode === 'grid' ? null : mode }),
      }}
      hidden={{ view }}
      filtersOpen={query.status !== 'all' || query.sort !== 'name'}
      clear={{ to: view === 'list' ? '?view=list' : '?', label: 'Effacer les filtres' }}
    >
      <RadioChoices legend="Statut" name="status" choices={STATUSES} defaultValue={query.status} />
      <FilterSelect id="category-filter-sort" name="sort" label="Trier par" defaultValue={query.sort}>
        {CATEGORY_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {CATEGORY_SORT_LABELS[sort]}
          </option>
        ))}
      </FilterSelect>
    </ListToolbar>
  );
}
