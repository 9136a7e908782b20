// The storefront's business constants.
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_SUGGESTION_PRODUCTS = 5;
export const SEARCH_SUGGESTION_CATEGORIES = 3;
export const SEARCH_BLUR_CLOSE_MS = 200;
export const SEARCH_RESULTS_PER_PAGE = 50;
/** Longest search a box accepts (storefront and back office). */
export const SEARCH_MAX_LENGTH = 100;

export const CART_BADGE_CAP = 99;

export const BANNER_AUTOPLAY_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;
export const POPULAR_CAROUSEL_MS = 3000;
export const NEW_PRODUCTS_CAROUSEL_MS = 2500;
export const CATEGORIES_CAROUSEL_MS = 4000;
export const CAROUSEL_ITEMS_PER_PAGE = 2;
export const HOME_PRODUCTS_PER_CALL = 5;

export const CATALOG_PAGE_SIZE = 12;
export const PRODUCTS_DEFAULT_PER_PAGE = 12;
export const PRODUCTS_MAX_PER_PAGE = 100;

export const SIMILAR_PRODUCTS_LIMIT = 6;
export const POPULAR_IN_CATEGORY_LIMIT = 4;
export const RECENT_PRODUCTS_LIMIT = 4;

export const PRODUCT_LOAD_TIMEOUT_MS = 10_000;
export const ADD_TO_CART_TOAST_MS = 3000;
export const NOTIFICATION_MS = 5000;
/** How long a toast stays, on the storefront and in the back office alike. */
export const TOAST_MS = 5000;

export const PASSWORD_MIN_LENGTH = 8;
/** The hint under every field where a new password is chosen, from the rule the schemas check. */
export const NEW_PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} caractères au minimum.`;
export const NAME_MIN_LENGTH = 2;
export const ACCOUNT_LATEST_ORDERS = 3;

/**
 * Image widths produced for every picture, smallest first (docs/decisions/0029). A phone's browser
 * takes the narrowest file at least as dense as its screen, so each width is one a phone needs:
 * 160 the 40–96 px thumbnails at 2×, 360 a card of a 2-column grid at 2×, 480 a full-width picture
 * at 1× (Save-Data) or a card on a wider or denser phone, 640 the desktop's pictures (and the one URL
 * of `ImageRef.url`), 720 a full-width picture at 2× on a 360–390 px phone, 1024 beyond. Pictures
 * stored before have 320, 640 and 1024; their rows say which files they have.
 */
export const IMAGE_WIDTHS = [160, 360, 480, 640, 720, 1024] as const;

export const PASSWORD_MAX_LENGTH = 256;
/** Highest quantity of one cart line (keeps sums far from integer limits). */
export const CART_LINE_MAX_QUANTITY = 9999;
/** Above this many units of one line, 'Ajouter au panier' asks once (LARGE_QUANTITY_CONFIRM's default). */
export const DEFAULT_LARGE_QUANTITY = 20;
/** Most distinct lines in one cart (a shop's order, not a warehouse's): the 21st product is refused. */
export const CART_MAX_LINES = 20;
/** Highest price of a product or variant, in FCFA. */
export const PRICE_MAX = 100_000_000;
/**
 * Highest total of one order line or one order, in FCFA: orders.total_amount and
 * order_items.total_price are int4, and a bigger order is refused before it could overflow them.
 */
export const ORDER_TOTAL_MAX = 1_000_000_000;
export const ORDER_NOTES_MAX_LENGTH = 1000;
/** Cart suggestions: each set holds at most this many products (similar products: SIMILAR_PRODUCTS_LIMIT). */
export const CART_SUGGESTIONS_LIMIT = 4;
