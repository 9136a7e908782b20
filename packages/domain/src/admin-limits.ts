// Business constants of the back office, apart from the storefront's
// (limits.ts) so the storefront's bundle never carries them.
/** Largest accepted image upload: 5 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A data URL shorter than this cannot be an image. */
export const DATA_URL_MIN_LENGTH = 100;
export const ADMIN_PRODUCTS_PER_PAGE = 10;
export const ORDERS_PER_PAGE = 20;
export const CUSTOMERS_PER_PAGE_CHOICES = [10, 25, 50] as const;
/** A variant with this many units or fewer shows 'Faible'. */
export const LOW_STOCK_THRESHOLD = 5;
export const REDIRECT_DELAY_MS = 2000;
export const CATEGORY_NAME_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 5000;
/** Products a category's details show. */
export const CATEGORY_RECENT_PRODUCTS = 6;
/** Results of each kind the back office's header search shows. */
export const ADMIN_SEARCH_RESULTS = 5;
export const PRODUCT_NAME_MAX_LENGTH = 160;
/** Additional images one product form may send at once (each up to IMAGE_MAX_BYTES). */
export const PRODUCT_IMAGES_MAX = 4;
export const VARIANT_NAME_MAX_LENGTH = 120;
export const VARIANT_SKU_MAX_LENGTH = 64;
/** Rows one batch of variants may create at once. */
export const VARIANT_BATCH_MAX = 50;
/** Largest accepted video upload (README: 50 MB), streamed to disk, never held in memory. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** Longest accepted video: a product clip, not a film (conversion time grows with it). */
export const VIDEO_MAX_DURATION_SECONDS = 300;
/** Files one media upload may carry. */
export const MEDIA_FILES_MAX = 10;
/** How often the media manager asks how a video's conversion is going. */
export const MEDIA_POLL_MS = 1000;
/** Products one bulk creation may hold (each with its image, up to IMAGE_MAX_BYTES). */
export const BULK_PRODUCTS_MAX = 50;
/** How often the bulk creation wizard asks how far the server got. */
export const BULK_POLL_MS = 500;
/** How long an order just moved to another status carries its 'recently updated' marker. */
export const RECENTLY_UPDATED_MS = 2000;
