// Failure texts used by both the cart's server code and its screens.
export const CART_LOAD_ERROR = 'Erreur lors du chargement du panier';
export const ORDER_ERROR = 'Erreur lors de la création de la commande';
