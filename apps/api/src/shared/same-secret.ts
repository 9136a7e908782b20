import { timingSafeEqual } from 'node:crypto';

/**
 * Constant-time equality of a secret received and the one expected (a signature, a token): false
 * at once for different lengths, which is public; otherwise the time taken says nothing of where
 * they differ.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
