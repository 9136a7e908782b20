// Where a banner may lead, and whether it leaves the shop: plain functions (no zod), so the
// storefront's carousel reads them without carrying the back office's schemas (admin-banners.ts).

// Browsers drop tabs and newlines from a URL and read '\' as '/', so '/\evil.example' or
// '/<tab>/evil.example' would lead off the shop: no whitespace, control character or backslash at all.
const UNSAFE_CHARACTERS = /[\s\p{Cc}\\]/u;

/**
 * Where a banner may lead: an absolute http(s) address with a host, or a path of the shop (one
 * '/' then not another). Never `javascript:`, `data:` or a protocol-relative '//host'.
 */
export function isSafeBannerLink(value: string): boolean {
  if (UNSAFE_CHARACTERS.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
  return new URL(value).hostname !== '';
}

/**
 * Whether a banner's link leaves the shop (opened in a new tab) rather than leading to one of its
 * pages. `shopOrigin` is the shop's own (PUBLIC_URL): an absolute address to it stays in place.
 */
export function isExternalLink(link: string, shopOrigin: string): boolean {
  if (!/^https?:\/\//i.test(link) || !URL.canParse(link)) return false;
  return !URL.canParse(shopOrigin) || new URL(link).origin !== new URL(shopOrigin).origin;
}
