import { type AdminProductList, type ParentChoice, PRODUCT_SORT_CHOICES } from '@souk/domain/admin-catalog';
import { useLocation } from 'react-router';
import { CategoryOptions } from '~/components/ui/category-options';
import { FilterSelect, ListToolbar, RadioChoices } from '~/components/ui/list-toolbar';
import { StatCards } from '~/components/ui/stat-cards';
import { withParams } from '~/lib/url-params';
import {
  clearFiltersHref,
  hasPanelFilters,
  PRODUCT_STATUSES,
  type ProductScreen,
  type ProductStatus,
  SORTS,
} from './product-params';

const STATUS_LABELS: Record<ProductStatus, string> = { all: 'Tous', active: 'Actifs', inactive: 'Inactifs' };
const STATUSES = PRODUCT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const VIEWS = [
  { value: 'table', label: 'Tableau' },
  { value: 'grid', label: 'Grille' },
] as const;

/**
 * The four counters: the filtered set's total, active and inactive products (the server
 * counts them over the whole set, not the page), and the shop's categories.
 */
export function ProductCounters({ counters }: { counters: AdminProductList['counters'] }) {
  return (
    <StatCards
      className="grid-cols-2 sm:grid-cols-4"
      items={[
        { label: 'Total produits', value: counters.total },
        { label: 'Produits actifs', value: counters.active },
        { label: 'Produits inactifs', value: counters.inactive },
        { label: 'Catégories', value: counters.categories },
      ]}
    />
  );
}

/** Search, the filter panel (status, category, sort) and the table/grid toggle, all in the URL. */
export function ProductToolbar({ screen, tree }: { screen: ProductScreen; tree: readonly ParentChoice[] }) {
  const { search } = useLocation();
  const { view } = screen;
  const defaultView = view === 'table';
  return (
    <ListToolbar
      state={[screen.search, screen.status, screen.categoryId, screen.sort, view].join('|')}
      search={{ id: 'product-search', label: 'Rechercher un produit', value: screen.search ?? '' }}
      views={{
        choices: VIEWS,
        current: view,
        hrefFor: (mode) => withParams(search, { view: mode === 'table' ? null : mode }),
      }}
      hidden={{ view: defaultView ? undefined : view }}
      filtersOpen={hasPanelFilters(screen)}
      clear={{ to: clearFiltersHref(screen), label: 'Effacer tous les filtres' }}
    >
      <RadioChoices legend="Statut" name="status" choices={STATUSES} defaultValue={screen.status} />
      <FilterSelect
        id="filter-category"
        name="category_id"
        label="Catégorie"
        defaultValue={screen.categoryId ? String(screen.categoryId) : ''}
      >
        <option value="">Toutes les catégories</option>
        <CategoryOptions tree={tree} />
      </FilterSelect>
      <FilterSelect id="filter-sort" name="sort" label="Trier par" defaultValue={screen.sort}>
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {PRODUCT_SORT_CHOICES[sort]}
          </option>
        ))}
      </FilterSelect>
    </ListToolbar>
  );
}
