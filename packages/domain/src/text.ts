/** Lowercase, accents removed: the key for accent- and case-insensitive matching. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** '1 produit', '3 produits', '0 sous-catégorie' (French: the plural starts at 2). */
export const countLabel = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count > 1 ? many : one}`;

/** How a (feminine) thing was saved: 'activée' or 'désactivée' when only switched (switchedTo), else 'mise à jour'. */
export const savedAs = (switched?: boolean) =>
  switched === undefined ? 'mise à jour' : switched ? 'activée' : 'désactivée';

/** 'Huiles Essentielles & Bio' → 'huiles-essentielles-bio' */
export function slugify(value: string): string {
  return foldText(value)
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** The category link of search suggestions: the name lowercased, spaces replaced by hyphens. */
export function categoryPathFromName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '-');
}

// A note may run to ORDER_NOTES_MAX_LENGTH; a chat message quotes no more than a delivery wish needs.
const NOTE_QUOTE_MAX_LENGTH = 200;

/**
 * The customer's note as a message quotes it: on one line with single spaces (a line break would
 * split the quote), cut with '…' past NOTE_QUOTE_MAX_LENGTH characters, none when blank. Cut by
 * code points, so an emoji is never split in half.
 */
export function quotedNote(notes: string | null): string | null {
  const text = (notes ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim();
  if (!text) return null;
  const chars = Array.from(text);
  if (chars.length <= NOTE_QUOTE_MAX_LENGTH) return text;
  return `${chars
    .slice(0, NOTE_QUOTE_MAX_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}
