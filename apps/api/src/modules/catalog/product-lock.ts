import { notFound } from '#shared/app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { lockProduct } from './admin-products.repository.ts';

// The back office's product writes (the product itself, its variants, its media) all start here.

export const PRODUCT_NOT_FOUND = 'Produit non trouvé';

/** The product row, locked until the write commits: a product deleted meanwhile is a 404, not a 500. */
export async function lockProductOr404(tx: DbOrTx, id: number) {
  const product = await lockProduct(tx, id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}
