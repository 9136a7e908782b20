import { useSearchParams } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { readSearchParams } from '~/features/catalog/search-params';
import { ViewToggle } from '~/features/catalog/view-toggle';
import { island } from '~/lib/island';
import type { Route } from './+types/search';

// Not a route of its own: the page of the search route (search.tsx), which that route loads as an
// island, hydrated once the page is idle (docs/decisions/0028).

// The filters' code comes once the page is idle (a plain GET form meanwhile);
const SearchFilters = island(
  () => import('~/features/catalog/search-filters').then((m) => m.SearchFilters),
  'idle',
);
// the results' as they near the screen (links meanwhile).
const ProductGrid = island(
  () => import('~/features/catalog/product-grid').then((m) => m.ProductGrid),
  'visible',
);

const countText = (total: number, shown: number) => {
  const base = `${total} ${total > 1 ? 'produits trouvés' : 'produit trouvé'}`;
  return shown < total ? `${base} (${shown} affichés)` : base;
};

export function SearchView({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { results, error, categories } = loaderData;
  // The view comes from the live URL: switching it skips the loader, so loaderData keeps the old one.
  const [searchParams] = useSearchParams();
  const params = { ...loaderData.params, view: readSearchParams(searchParams).view };
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-5 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
        {params.q ? (
          <>
            Résultats pour <span className="text-emerald-900">« {params.q} »</span>
          </>
        ) : (
          'Recherche'
        )}
      </h1>

      <SearchFilters params={params} categories={categories} />

      {!params.q ? (
        <EmptyState title="Que recherchez-vous ?">
          Saisissez le nom d'un produit ou d'une catégorie (au moins 2 caractères), par exemple « argan » ou «
          savon ».
        </EmptyState>
      ) : (
        <section aria-labelledby="results-title" className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-3">
            <h2 id="results-title" className="sr-only">
              Résultats
            </h2>
            <p role="status" className="text-sm font-medium text-stone-700">
              {error ? '' : results ? countText(results.pagination.total, results.products.length) : ''}
            </p>
            {results && results.products.length > 0 && <ViewToggle params={params} />}
          </div>
          {error ? (
            <p
              role="alert"
              className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
            >
              {error}
            </p>
          ) : results && results.products.length === 0 ? (
            <EmptyState title="Aucun produit trouvé" headingLevel={3}>
              Essayez un autre mot, vérifiez l'orthographe ou retirez des filtres.
            </EmptyState>
          ) : results ? (
            // The first card's picture is the results' main one (LCP): the only eager one.
            <ProductGrid products={results.products} layout={params.view} priorityCount={1} />
          ) : null}
        </section>
      )}
    </main>
  );
}
