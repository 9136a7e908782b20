import { createHash, randomBytes } from 'node:crypto';

/** An opaque 256-bit token, URL-safe; only its SHA-256 hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session unused for this long ends, whatever its expiry (docs/decisions/0013). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A new reset link (and e-mail) at most this often per account. */
export const RESET_RESEND_INTERVAL_MS = 2 * 60 * 1000;
