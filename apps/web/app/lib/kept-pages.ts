/**
 * The pages a shared link leads to (home, catalogue, category, subcategory, product): the same for
 * every anonymous visitor, so the server's response cache keeps them (docs/decisions/0023) and the
 * phone's service worker may keep a copy to show offline (docs/decisions/0036). No other page ever
 * is, whoever asks.
 */
const KEPT_PAGES = [/^\/(catalog)?$/, /^\/catalog\/[^/.]+(\/[^/.]+)?$/, /^\/(products|product)\/[^/.]+$/];

/** Whether the page at `path` (no query) is one of those. */
export const isKeptPagePath = (path: string) => KEPT_PAGES.some((page) => page.test(path));
