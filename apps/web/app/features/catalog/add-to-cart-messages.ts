/** What the product page says when an add to cart is refused, from the browser or from the form. */
export const addToCartError = (reason: string) => `Erreur lors de l'ajout au panier: ${reason}`;
