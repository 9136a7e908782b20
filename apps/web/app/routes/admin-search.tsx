import { AdminSearchResults } from '~/features/admin-layout/admin-search-results';
import { api, dataOrThrow } from '~/lib/api.server';
import { searchParam } from '~/lib/url-params';
import type { Route } from './+types/admin-search';

export const meta: Route.MetaFunction = () => [{ title: 'Recherche — Administration Souk' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = searchParam(new URL(request.url).searchParams, 'q') ?? '';
  if (!q) return { q, results: null };
  return { q, results: dataOrThrow(await api(context).get('/admin/search', { query: { q } })) };
}

export default function AdminSearchPage({ loaderData }: Route.ComponentProps) {
  return <AdminSearchResults q={loaderData.q} results={loaderData.results} />;
}
