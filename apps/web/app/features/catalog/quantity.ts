/**
 * The quantity a quantity field stands for once it is left: a whole number, at least 1 (no
 * maximum). The picker shows it, the browser's add to cart sends it, and so does the product
 * page's action for a form posted before the script had loaded.
 */
export const quantityOf = (text: string): number => Math.max(1, Number.parseInt(text, 10) || 1);
