import { island } from '~/lib/island';

/**
 * A category's or subcategory's product list and its 'Voir plus de produits' (load-more-products),
 * as an island: its code comes as it nears the screen.
 */
export const CategoryProductsIsland = island(
  () => import('./load-more-products').then((m) => m.CategoryProductsSection),
  'visible',
);
