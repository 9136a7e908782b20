import type { ApiResponse } from '@souk/domain/api';
import type { CategoryDetail, ProductList, ProductSummary } from '@souk/domain/catalog';
import { PRODUCTS_MAX_PER_PAGE } from '@souk/domain/limits';
import type { RouterContextProvider } from 'react-router';
import { serverContext } from '#api-context';
import { apiError } from '~/lib/api.server';
import type { ProductBatch } from './product-batch';

type Context = Readonly<RouterContextProvider>;
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** Like apiGet, but hands the failure back so a loader can choose the message shown. */
export async function apiResult<T>(context: Context, path: string): Promise<ApiResult<T>> {
  try {
    const { status, body } = await context.get(serverContext).api(path);
    const envelope = body as ApiResponse<T> | null;
    if (status >= 200 && status < 300 && envelope?.success) return { ok: true, data: envelope.data };
    return {
      ok: false,
      status: status || 500,
      message: envelope && envelope.success === false ? envelope.message : 'Erreur de requête',
    };
  } catch {
    return { ok: false, status: 500, message: 'Erreur de connexion' };
  }
}

/** A category by slug; 404 'Catégorie non trouvée', anything else the spec's catalogue message. */
export async function loadCategory(context: Context, slug: string): Promise<CategoryDetail> {
  const result = await apiResult<CategoryDetail>(context, `/categories/${encodeURIComponent(slug)}`);
  if (result.ok) return result.data;
  if (result.status === 404 || result.status === 422) throw apiError(404, 'Catégorie non trouvée');
  throw apiError(Math.max(result.status, 500), 'Erreur lors du chargement des catégories');
}

/**
 * Products of a category or subcategory, 100 per API call (spec §9). Enough pages are read to
 * cover `atLeast` products, so a no-JS 'Voir plus' link (?n=…) can show more than one page.
 */
export async function loadProductBatch(
  context: Context,
  filter: { category_id: number } | { subcategory_id: number },
  atLeast: number,
): Promise<ProductBatch> {
  const [key, id] = Object.entries(filter)[0] as [string, number];
  const products: ProductSummary[] = [];
  let page = 0;
  let lastPage = 1;
  let total = 0;
  do {
    page += 1;
    const result = await apiResult<ProductList>(
      context,
      `/products?${key}=${id}&per_page=${PRODUCTS_MAX_PER_PAGE}&page=${page}`,
    );
    if (!result.ok) throw apiError(Math.max(result.status, 500), 'Erreur lors du chargement des produits');
    products.push(...result.data.products);
    lastPage = result.data.pagination.last_page;
    total = result.data.pagination.total;
  } while (products.length < atLeast && page < lastPage);
  return { products, page, lastPage, total };
}

/** '?n=24' from the no-JS 'Voir plus' link; bounded so a crafted URL can't fan out into many calls. */
export function requestedCount(request: Request, pageSize: number): number {
  const n = Number(new URL(request.url).searchParams.get('n'));
  if (!Number.isInteger(n) || n <= pageSize) return pageSize;
  return Math.min(n, PRODUCTS_MAX_PER_PAGE * 5);
}
