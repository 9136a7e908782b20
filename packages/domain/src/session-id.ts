// Kept free of zod: the browser's cart code checks ids with it on the product page's first load.

/** A guest cart's key as the server issues it (base64url). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const isSessionId = (value: unknown): value is string =>
  typeof value === 'string' && SESSION_ID_PATTERN.test(value);

/**
 * The cookie that carries a guest cart's key besides local storage, so that page loads act on the
 * same cart; its presence also marks a request as someone's own (never answered from a cache).
 */
export const CART_SESSION_COOKIE = 'cart_session_id';
