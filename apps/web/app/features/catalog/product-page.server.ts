import { isSlug, type ProductDetail, type ProductSuggestions } from '@souk/domain/catalog';
import { PRODUCT_LOAD_TIMEOUT_MS } from '@souk/domain/limits';
import { IdSchema, isDigits } from '@souk/domain/primitives';
import type { RouterContextProvider } from 'react-router';
import { api, apiError, serverConfig } from '~/lib/api.server';
import type { ApiResult } from '~/lib/api-client';
import { TIMEOUT_MESSAGE } from './product-timeout';

type Context = Readonly<RouterContextProvider>;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(apiError(504, TIMEOUT_MESSAGE)), PRODUCT_LOAD_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function productOrThrow(result: ApiResult<ProductDetail>): ProductDetail {
  if (result.ok) return result.data;
  if (result.status === 404) throw apiError(404, 'Produit non trouvé');
  if (result.status === 422 || result.status === 400) throw apiError(400, result.message);
  throw apiError(Math.max(result.status, 500), `Erreur lors du chargement: ${result.message}`);
}

// Suggestions are a bonus: on failure ('Erreur lors du chargement des suggestions') the section is hidden.
async function suggestionsOrNull(context: Context, id: number): Promise<ProductSuggestions | null> {
  const result = await api(context).get('/suggestions/products/:id/similar', { params: { id } });
  return result.ok ? result.data : null;
}

/** /products/:id — product and suggestions fetched in parallel. */
export async function loadProductById(context: Context, rawId: string | undefined) {
  if (!rawId) throw apiError(400, 'ID de produit manquant');
  const parsed = IdSchema.safeParse(rawId);
  // A number no product can have (0, or beyond the id range) is a 404 like an unknown product.
  if (!parsed.success)
    throw isDigits(rawId) ? apiError(404, 'Produit non trouvé') : apiError(400, 'ID de produit invalide');
  const [product, suggestions] = await withTimeout(
    Promise.all([
      api(context)
        .get('/products/:id', { params: { id: parsed.data } })
        .then(productOrThrow),
      suggestionsOrNull(context, parsed.data),
    ]),
  );
  return { product, suggestions, publicUrl: serverConfig(context).publicUrl };
}

/** /product/:slug — the id (for suggestions) is only known once the product is loaded. */
export async function loadProductBySlug(context: Context, slug: string | undefined) {
  if (!slug || !isSlug(slug)) throw apiError(404, 'Produit non trouvé');
  return withTimeout(
    (async () => {
      const product = productOrThrow(await api(context).get('/products/slug/:slug', { params: { slug } }));
      const suggestions = await suggestionsOrNull(context, product.id);
      return { product, suggestions, publicUrl: serverConfig(context).publicUrl };
    })(),
  );
}
