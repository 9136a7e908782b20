import {
  type AdminCategoryList,
  CATEGORY_SORT_LABELS,
  CATEGORY_SORTS,
  CATEGORY_STATUS_FILTERS,
} from '@souk/domain/admin-catalog';
import { Form, Link, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { SearchIcon } from '~/components/ui/icons';
import type { CategoryScreen } from './category-params';
import { withParams } from './category-params';

const STATUS_LABELS: Record<(typeof CATEGORY_STATUS_FILTERS)[number], string> = {
  all: 'Toutes',
  active: 'Actives',
  inactive: 'Inactives',
};

/** The three counters (spec): main categories, total subcategories, total products. */
export function CategoryCounters({ counters }: { counters: AdminCategoryList['counters'] }) {
  const items = [
    { label: 'Catégories principales', value: counters.main_categories },
    { label: 'Sous-catégories', value: counters.subcategories },
    { label: 'Produits', value: counters.products },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4">
          <dt className="text-xs text-stone-600 sm:text-sm">{item.label}</dt>
          <dd className="text-xl font-bold text-stone-900 sm:text-2xl">
            {item.value.toLocaleString('fr-FR')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Search, the filter panel (status, sort) and the grid/list toggle: a GET form, so the state is
 * the URL's and it works before the page's script has loaded.
 */
export function CategoryToolbar({ screen }: { screen: CategoryScreen }) {
  const { search } = useLocation();
  const { query, view } = screen;
  const filtered = query.status !== 'all' || query.sort !== 'name';
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm"
    >
      <input type="hidden" name="view" value={view} />
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor="category-search" className="sr-only">
            Rechercher une catégorie
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-stone-500" />
          <input
            id="category-search"
            type="search"
            name="search"
            maxLength={100}
            defaultValue={query.search ?? ''}
            key={query.search ?? ''}
            placeholder="Rechercher une catégorie…"
            className="block h-11 w-full rounded-full border border-stone-300 bg-white pr-4 pl-10 text-base text-stone-900 placeholder:text-stone-500"
          />
        </div>
        <button type="submit" className={buttonClass('primary', 'md')}>
          Rechercher
        </button>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Affichage</legend>
          {(['grid', 'list'] as const).map((mode) => (
            <Link
              key={mode}
              to={withParams(search, { view: mode === 'grid' ? null : mode })}
              aria-current={view === mode ? 'true' : undefined}
              className={buttonClass(view === mode ? 'primary' : 'secondary', 'md')}
            >
              {mode === 'grid' ? 'Grille' : 'Liste'}
            </Link>
          ))}
        </fieldset>
      </div>
      <details open={filtered} className="rounded-xl border border-stone-200">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-stone-800">
          Filtres et tri
        </summary>
        <div className="flex flex-wrap items-end gap-4 border-t border-stone-200 p-3">
          <fieldset className="flex flex-col gap-1.5">
            <legend className="text-sm font-semibold text-stone-800">Statut</legend>
            <div className="flex flex-wrap gap-3">
              {CATEGORY_STATUS_FILTERS.map((status) => (
                <label key={status} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
                  <input
                    type="radio"
                    name="status"
                    value={status}
                    defaultChecked={query.status === status}
                    className="h-4 w-4 accent-emerald-800"
                  />
                  {STATUS_LABELS[status]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="category-sort" className="text-sm font-semibold text-stone-800">
              Trier par
            </label>
            <select
              id="category-sort"
              name="sort"
              defaultValue={query.sort}
              className="h-11 rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900"
            >
              {CATEGORY_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CATEGORY_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass('secondary', 'md')}>
            Appliquer
          </button>
          <Link to={view === 'list' ? '?view=list' : '?'} className={buttonClass('ghost', 'md')}>
            Effacer les filtres
          </Link>
        </div>
      </details>
    </Form>
  );
}
