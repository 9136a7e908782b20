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

/**
 * Characters that reorder the text around them (U+202A–U+202E embeddings and overrides, U+2066–U+2069
 * isolates, the direction marks U+200E, U+200F and U+061C): in a name or a note they make an
 * amount, a number or a link read backwards on the owner's screen and in messages. French and
 * Arabic text read right without them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
export const withoutBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');

/** Control characters (line breaks, tabs, NUL…) and the line and paragraph separators: a name is one line. */
export const HAS_CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;

/**
 * A text on one line, as it is written into a message or a mail: no line break (a name over two
 * lines wrote fake lines into the owner's e-mail), no control or reordering character, single
 * spaces. For what was stored before names refused them.
 */
export const oneLine = (value: string) =>
  withoutBidiControls(value)
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();

// A note may run to ORDER_NOTES_MAX_LENGTH; a chat message quotes no more than a delivery wish needs.
const NOTE_QUOTE_MAX_LENGTH = 200;

/**
 * The customer's note as a message quotes it: on one line with single spaces (a line break would
 * split the quote), cut with '…' past NOTE_QUOTE_MAX_LENGTH characters, none when blank. Cut by
 * code points, so an emoji is never split in half.
 */
export function quotedNote(notes: string | null): string | null {
  const text = oneLine(notes ?? '');
  if (!text) return null;
  const chars = Array.from(text);
  if (chars.length <= NOTE_QUOTE_MAX_LENGTH) return text;
  return `${chars
    .slice(0, NOTE_QUOTE_MAX_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/** How a product line is named to a customer, its variant after a dash: 'Huile d’argan – 50 ml'. */
export const itemLabel = (productName: string, variantName: string | null) =>
  variantName ? `${productName} – ${variantName}` : productName;
