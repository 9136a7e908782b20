import type { ProductList, SearchSort } from '@souk/domain/catalog';
import { SEARCH_SORTS } from '@souk/domain/catalog';
import { SEARCH_RESULTS_PER_PAGE } from '@souk/domain/limits';
import type { RouterContextProvider } from 'react-router';
import { api } from '~/lib/api.server';
import { readSearchParams } from './search-params';

export const SEARCH_ERROR = 'Erreur lors de la recherche. Veuillez réessayer.';

/**
 * /search: the query and filters come from the URL; the API validates them, and its French
 * message (e.g. min > max) is shown in the page instead of an error screen.
 */
export async function loadSearch(context: Readonly<RouterContextProvider>, request: Request) {
  const params = readSearchParams(new URL(request.url).searchParams);
  const client = api(context);
  const categoriesCall = client.get('/categories');

  let results: ProductList | null = null;
  let error: string | null = null;
  if (params.q) {
    const sort = SEARCH_SORTS[params.sort as SearchSort];
    const result = await client.get('/products', {
      query: {
        search: params.q,
        per_page: SEARCH_RESULTS_PER_PAGE,
        sort: sort.sort,
        sort_order: sort.sort_order,
        // Empty filters are left out of the querystring by the client.
        min_price: params.min_price,
        max_price: params.max_price,
        category_id: params.category_id,
      },
    });
    if (result.ok) results = result.data;
    else error = result.status === 422 || result.status === 400 ? result.message : SEARCH_ERROR;
  }

  const categories = await categoriesCall;
  return {
    params,
    results,
    error,
    // The filter still works without the list; the select is simply hidden.
    categories: categories.ok ? categories.data.categories.map(({ id, name }) => ({ id, name })) : [],
  };
}
