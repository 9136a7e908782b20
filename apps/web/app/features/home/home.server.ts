import { HOME_PRODUCTS_PER_CALL } from '@souk/domain/limits';
import type { RouterContextProvider } from 'react-router';
import { api, apiError } from '~/lib/api.server';

type Context = Readonly<RouterContextProvider>;

export const API_UNREACHABLE = "Impossible de se connecter à l'API. Vérifiez que le backend est démarré.";

/** Everything the home page shows, fetched in parallel (5 products per call). */
export async function loadHome(context: Context) {
  const perPage = HOME_PRODUCTS_PER_CALL;
  const client = api(context);
  const [banners, categories, popular, newest] = await Promise.all([
    client.get('/banners'),
    client.get('/categories'),
    client.get('/products', { query: { per_page: perPage } }),
    client.get('/products', { query: { per_page: perPage, sort_by: 'created_at', sort_order: 'desc' } }),
  ]);

  if ([categories, popular, newest].some((r) => !r.ok && r.status === 0))
    throw apiError(503, API_UNREACHABLE);
  if (!categories.ok)
    throw apiError(categories.status, `Erreur lors du chargement des catégories: ${categories.message}`);
  if (!popular.ok)
    throw apiError(popular.status, `Erreur lors du chargement des produits: ${popular.message}`);
  if (!newest.ok) throw apiError(newest.status, `Erreur lors du chargement des produits: ${newest.message}`);

  return {
    // A banner failure keeps an empty list (the page still shows).
    banners: banners.ok
      ? [...banners.data].filter((b) => b.active !== false).sort((a, b) => a.position - b.position)
      : [],
    categories: categories.data.categories,
    popular: popular.data.products,
    newest: newest.data.products,
  };
}
