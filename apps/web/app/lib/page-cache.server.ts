import { isKeptPagePath } from './kept-pages.ts';

/**
 * The query parameters these pages' render reads, each with the one value a kept page may carry
 * (null: none, a page asked with it is rendered for that visitor and not kept), so that made-up
 * values cannot fill the cache with copies of one page. Any other parameter (a tracker's
 * `?fbclid=…`) changes nothing on the page and is not part of the key. A parameter a kept page
 * starts reading must be added here.
 */
const READ_PARAMETERS: Record<string, string | null> = {
  // The logout's notice (features/account/logged-out-notice.tsx), on any page.
  loggedOut: '1',
  // The no-JS 'Voir plus' link's count of products shown (features/catalog/catalog.server.ts).
  n: null,
};
const KEYED = new Set(Object.keys(READ_PARAMETERS).filter((name) => READ_PARAMETERS[name] !== null));

/**
 * The key of a kept page's version: a visitor asking for lighter pages (Save-Data) has one of its
 * own, with smaller pictures (docs/decisions/0029), so neither is ever served the other's; the
 * pages say `Vary: Save-Data` (server.ts) for the caches between. A space never occurs in a
 * request's path, so no path can be read as another's version.
 */
export function keptPageVersion(key: string, saveData: boolean): string {
  return saveData ? `${key} save-data` : key;
}

/**
 * The query parameters that key a storefront page the response cache keeps, or null for a page
 * never kept (cart, account, search, back office, the `.data` answers of client navigations) or
 * asked with a parameter it reads in a form not kept. Who is anonymous is the cache's own rule.
 */
export function keptPageParameters(url: string, query: Record<string, unknown>): ReadonlySet<string> | null {
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  if (!isKeptPagePath(path)) return null;
  for (const [name, kept] of Object.entries(READ_PARAMETERS))
    if (query[name] !== undefined && query[name] !== kept) return null;
  return KEYED;
}
