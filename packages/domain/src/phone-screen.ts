// The first look at a typed phone number, shared by the server's reading (phone.ts) and the
// browser's check (phone-check.browser.ts): no numbering plan needed.

export const PHONE_INVALID_MESSAGE = 'Format de numéro WhatsApp invalide';

/** What people put between digits: spaces (no-break too), dots, dashes, slashes, brackets. */
const SEPARATORS = /[\s.\-/()]/g;
/** The shortest national number (Saint Helena's) and E.164's longest, plus a '00' prefix. */
const MIN_DIGITS = 5;
const MAX_DIGITS = 15;

/**
 * '(+225) 07-07-12-34-56' → { digits: '2250707123456', international: true }; null for what
 * cannot be a phone number (letters, too few or too many digits).
 */
export function screenPhone(input: string): { digits: string; international: boolean } | null {
  const compact = input.trim().replace(SEPARATORS, '');
  const international = /^(\+|00)/.test(compact);
  const digits = compact.replace(/^(\+|00)/, '');
  if (!/^\d+$/.test(digits) || digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return null;
  return { digits, international };
}
