import type { CategoryDetail, ProductSummary } from '@souk/domain/catalog';
import { PRODUCTS_MAX_PER_PAGE } from '@souk/domain/limits';
import type { RouterContextProvider } from 'react-router';
import { api, apiError } from '~/lib/api.server';
import type { ProductBatch, ProductBatchFilter } from './product-batch';

type Context = Readonly<RouterContextProvider>;
/** A category by slug; 404 'Catégorie non trouvée', anything else the catalogue's load-failure message. */
export async function loadCategory(context: Context, slug: string): Promise<CategoryDetail> {
  const result = await api(context).get('/categories/:idOrSlug', { params: { idOrSlug: slug } });
  if (result.ok) return result.data;
  if (result.status === 404 || result.status === 422) throw apiError(404, 'Catégorie non trouvée');
  throw apiError(Math.max(result.status, 500), 'Erreur lors du chargement des catégories');
}

/**
 * Products of a category or subcategory, 100 per API call. Enough pages are read to
 * cover `atLeast` products, so a no-JS 'Voir plus' link (?n=…) can show more than one page.
 */
export async function loadProductBatch(
  context: Context,
  filter: ProductBatchFilter,
  atLeast: number,
): Promise<ProductBatch> {
  const products: ProductSummary[] = [];
  let page = 0;
  let lastPage = 1;
  let total = 0;
  do {
    page += 1;
    const result = await api(context).get('/products', {
      query: { ...filter, per_page: PRODUCTS_MAX_PER_PAGE, page },
    });
    if (!result.ok) throw apiError(Math.max(result.status, 500), 'Erreur lors du chargement des produits');
    products.push(...result.data.products);
    lastPage = result.data.pagination.last_page;
    total = result.data.pagination.total;
  } while (products.length < atLeast && page < lastPage);
  return { products, page, lastPage, total };
}

/**
 * '?n=24' from the no-JS 'Voir plus' link; bounded so a crafted URL can't fan out into many calls.
 * Read by pages the response cache keeps: listed in lib/page-cache.server.ts.
 */
export function requestedCount(request: Request, pageSize: number): number {
  const n = Number(new URL(request.url).searchParams.get('n'));
  if (!Number.isInteger(n) || n <= pageSize) return pageSize;
  return Math.min(n, PRODUCTS_MAX_PER_PAGE * 5);
}
