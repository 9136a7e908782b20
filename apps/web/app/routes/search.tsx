import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { ErrorState } from '~/components/ui/error-state';
import { loadSearch } from '~/features/catalog/search.server';
import { readSearchParams, searchHref } from '~/features/catalog/search-params';
import { serverConfig } from '~/lib/api.server';
import { island } from '~/lib/island';
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

// The page is in the first paint as the server drew it, its links and forms real ones; its code
// comes once the page is idle.
const SearchViewIsland = island(() => import('./search-view').then((m) => m.SearchView), 'idle');

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return <SearchViewIsland loaderData={loaderData} />;
}
export function ErrorBoundary() {
  return (
    <ErrorState
      title="Erreur lors de la recherche. Veuillez réessayer."
      back={{ to: '/catalog', label: 'Retour au catalogue' }}
    />
  );
}
