// The logout lands on any page with ?loggedOut=1 (the shop layout's notice).
const EVERY_PAGE = ['loggedOut'];

/**
 * The pages a shared link leads to (home, catalogue, category, subcategory, product), with the
 * query parameters their render reads. Any other parameter (a tracker's `?fbclid=…`) changes
 * nothing on the page: it is not part of the key, so it does not split the cache.
 */
const KEPT_PAGES: { path: RegExp; parameters: ReadonlySet<string> }[] = [
  { path: /^\/(catalog)?$/, parameters: new Set(EVERY_PAGE) },
  // 'n' is the no-JS 'Voir plus' link's count of products shown.
  { path: /^\/catalog\/[^/.]+(\/[^/.]+)?$/, parameters: new Set([...EVERY_PAGE, 'n']) },
  { path: /^\/(products|product)\/[^/.]+$/, parameters: new Set(EVERY_PAGE) },
];

/**
 * The query parameters of a storefront page the response cache keeps for anonymous visitors
 * (docs/decisions/0023), or null for a page never kept (cart, account, search, back office, the
 * `.data` answers of client navigations). Who is anonymous is the cache's own rule.
 */
export function keptPageParameters(url: string): ReadonlySet<string> | null {
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  return KEPT_PAGES.find((page) => page.path.test(path))?.parameters ?? null;
}
