/**
 * The page a request is for, as a visitor would type it: a client-side navigation asks for
 * '/admin/categories.data?_routes=…' (React Router's data request), which is not a page to come
 * back to after logging in.
 */
export function pageAddressOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  const pathname = url.pathname.endsWith('.data')
    ? url.pathname.slice(0, -'.data'.length) || '/'
    : url.pathname;
  // '/_root.data' is the data request of the home page.
  return `${pathname === '/_root' ? '/' : pathname}${url.search}`;
}
