// Kept free of zod: the browser's cart code checks ids with it on the product page's first load.

/** A guest cart's key as the server issues it (base64url). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const isSessionId = (value: unknown): value is string =>
  typeof value === 'string' && SESSION_ID_PATTERN.test(value);
