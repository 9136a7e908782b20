import type { ChangeEvent, FormEvent } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { type SearchParams, searchHref } from './search-params';

const field =
  'h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700';
const labelClass = 'text-sm font-medium text-stone-800';

const SORT_OPTIONS = [
  ['relevance', 'Pertinence'],
  ['price_asc', 'Prix croissant'],
  ['price_desc', 'Prix décroissant'],
  ['newest', 'Nouveautés'],
] as const;

/**
 * Plain GET form (works without JavaScript). With JavaScript, selects apply on change and the
 * URL drops empty fields.
 */
export function SearchFilters({
  params,
  categories,
}: {
  params: SearchParams;
  categories: { id: number; name: string }[];
}) {
  const navigate = useNavigate();
  const filtersActive = Boolean(params.min_price || params.max_price || params.category_id);

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const read = (name: string) => String(data.get(name) ?? '');
    navigate(
      searchHref({
        q: read('q'),
        min_price: read('min_price'),
        max_price: read('max_price'),
        category_id: read('category_id'),
        sort: read('sort') as SearchParams['sort'],
        view: read('view') as SearchParams['view'],
      }),
    );
  };
  // The selects (category, sort) apply as soon as a choice is made.
  const applyOnChange = (event: ChangeEvent<HTMLSelectElement>) =>
    event.currentTarget.form && apply(event.currentTarget.form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  // Keyed by the applied URL so the fields show what the results are for after back/forward.
  return (
    <Form
      key={searchHref(params)}
      method="get"
      action="/search"
      role="search"
      aria-label="Rechercher et filtrer les produits"
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
    >
      <input type="hidden" name="view" value={params.view} />
      <div className="flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          Rechercher un produit ou une catégorie
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={params.q}
          placeholder="Rechercher un produit ou une catégorie"
          maxLength={100}
          enterKeyHint="search"
          className={field}
        />
        <button
          type="submit"
          className="h-11 shrink-0 rounded-xl bg-emerald-800 px-4 text-sm font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
        >
          Rechercher
        </button>
      </div>

      <details open={filtersActive} className="group rounded-2xl border border-stone-200 bg-white">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between rounded-2xl px-4 text-sm font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 [&::-webkit-details-marker]:hidden">
          <span>
            Filtres
            {filtersActive && (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                actifs
              </span>
            )}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className="h-4 w-4 transition group-open:rotate-180"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </summary>
        <div className="grid grid-cols-2 gap-3 border-t border-stone-200 p-4 sm:grid-cols-4 sm:items-end">
          <PriceInput id="search-min" name="min_price" label="Prix min (FCFA)" value={params.min_price} />
          <PriceInput id="search-max" name="max_price" label="Prix max (FCFA)" value={params.max_price} />
          {categories.length > 0 && (
            <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
              <label htmlFor="search-category" className={labelClass}>
                Catégorie
              </label>
              <select
                id="search-category"
                name="category_id"
                defaultValue={params.category_id}
                onChange={applyOnChange}
                className={field}
              >
                <option value="">Toutes les catégories</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="col-span-2 flex gap-2 sm:col-span-1">
            <button
              type="submit"
              className="h-11 flex-1 rounded-xl border border-emerald-800 bg-emerald-50 px-3 text-sm font-semibold text-emerald-900 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
            >
              Appliquer
            </button>
            {filtersActive && (
              <Link
                to={searchHref({ q: params.q, sort: params.sort, view: params.view })}
                className="flex h-11 items-center rounded-xl px-3 text-sm font-medium text-stone-700 underline underline-offset-2 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
              >
                Effacer
              </Link>
            )}
          </div>
        </div>
      </details>

      <div className="flex items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="search-sort" className={labelClass}>
            Trier par
          </label>
          <select
            id="search-sort"
            name="sort"
            defaultValue={params.sort}
            onChange={applyOnChange}
            className={`${field} w-auto pr-8`}
          >
            {SORT_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button
            type="submit"
            className="h-11 rounded-xl border border-stone-300 px-3 text-sm font-semibold"
          >
            Trier
          </button>
        </noscript>
      </div>
    </Form>
  );
}

/** One bound of the price filter: a whole number of FCFA, never negative. */
function PriceInput({
  id,
  name,
  label,
  value,
}: {
  id: string;
  name: 'min_price' | 'max_price';
  label: string;
  value: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        defaultValue={value}
        className={field}
      />
    </div>
  );
}
