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

/** 'Huiles Essentielles & Bio' → 'huiles-essentielles-bio' */
export function slugify(value: string): string {
  return foldText(value)
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** The spec's category link for search suggestions: the name lowercased, spaces replaced by hyphens. */
export function categoryPathFromName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '-');
}
