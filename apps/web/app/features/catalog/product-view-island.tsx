import { island } from '~/lib/island';

/**
 * The product page (product-view), as an island: in the first paint as the server drew it, its
 * add-to-cart a real form; the code that makes it live (pictures, variants, quantity, the cart
 * without a reload) comes once the page is idle.
 */
export const ProductViewIsland = island(() => import('./product-view').then((m) => m.ProductView), 'idle');
