import type { ApiResponse } from '@souk/domain/api';
import type { Banner, CategoryDetail, ProductList } from '@souk/domain/catalog';
import { HOME_PRODUCTS_PER_CALL } from '@souk/domain/limits';
import type { RouterContextProvider } from 'react-router';
import { serverContext } from '#api-context';
import { apiError } from '~/lib/api.server';

type Context = Readonly<RouterContextProvider>;
type Outcome<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; unreachable: boolean };

export const API_UNREACHABLE = "Impossible de se connecter à l'API. Vérifiez que le backend est démarré.";

async function call<T>(context: Context, path: string): Promise<Outcome<T>> {
  try {
    const { status, body } = await context.get(serverContext).api(path);
    const envelope = body as ApiResponse<T> | null;
    if (status >= 200 && status < 300 && envelope?.success) return { ok: true, data: envelope.data };
    const message = envelope && envelope.success === false ? envelope.message : 'Erreur de requête';
    return { ok: false, status: status || 500, message, unreachable: status === 0 };
  } catch {
    return { ok: false, status: 503, message: 'Erreur de connexion', unreachable: true };
  }
}

/** Everything the home page shows, fetched in parallel (spec §9: 5 products per call). */
export async function loadHome(context: Context) {
  const perPage = HOME_PRODUCTS_PER_CALL;
  const [banners, categories, popular, newest] = await Promise.all([
    call<Banner[]>(context, '/banners'),
    call<{ categories: CategoryDetail[] }>(context, '/categories'),
    call<ProductList>(context, `/products?per_page=${perPage}`),
    call<ProductList>(context, `/products?per_page=${perPage}&sort_by=created_at&sort_order=desc`),
  ]);

  const failures = [categories, popular, newest].filter((r) => !r.ok);
  if (failures.some((r) => !r.ok && r.unreachable)) throw apiError(503, API_UNREACHABLE);
  if (!categories.ok)
    throw apiError(categories.status, `Erreur lors du chargement des catégories: ${categories.message}`);
  if (!popular.ok)
    throw apiError(popular.status, `Erreur lors du chargement des produits: ${popular.message}`);
  if (!newest.ok) throw apiError(newest.status, `Erreur lors du chargement des produits: ${newest.message}`);

  return {
    // Spec §8: a banner failure keeps an empty list (the page still shows).
    banners: banners.ok
      ? [...banners.data].filter((b) => b.active !== false).sort((a, b) => a.position - b.position)
      : [],
    categories: categories.data.categories,
    popular: popular.data.products,
    newest: newest.data.products,
  };
}
