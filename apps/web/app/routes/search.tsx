import { type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { ProductGrid } from '~/features/catalog/product-grid';
import { loadSearch } from '~/features/catalog/search.server';
import { SearchFilters, ViewToggle } from '~/features/catalog/search-filters';
import { readSearchParams, searchHref } from '~/features/catalog/search-params';
import { serverConfig } from '~/lib/api.server';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await loadSearch(context, request)), publicUrl: serverConfig(context).publicUrl };
}

// The grid/list switch only changes the layout: no need to call the API again.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const current = readSearchParams(currentUrl.searchParams);
  const next = readSearchParams(nextUrl.searchParams);
  if (searchHref({ ...current, view: 'grid' }) === searchHref({ ...next, view: 'grid' })) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const q = loaderData?.params.q ?? '';
  return pageMeta({
    title: q ? `Recherche « ${q} »` : 'Recherche',
    description: q
      ? `Résultats de recherche pour « ${q} » : parfums, huiles, savons et cosmétiques naturels.`
      : 'Recherchez parmi nos parfums, huiles essentielles, savons et cosmétiques naturels.',
    url: `${loaderData?.publicUrl ?? ''}${searchHref({ q })}`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

const countText = (total: number, shown: number) => {
  const base = `${total} ${total > 1 ? 'produits trouvés' : 'produit trouvé'}`;
  return shown < total ? `${base} (${shown} affichés)` : base;
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
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
            <ProductGrid products={results.products} layout={params.view} priorityCount={2} />
          ) : null}
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorState
      title="Erreur lors de la recherche. Veuillez réessayer."
      back={{ to: '/catalog', label: 'Retour au catalogue' }}
    />
  );
}
