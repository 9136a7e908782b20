// Back-office pages that tell a guest or a client why they are sent away before they are (the
// orders screen, the customers screen), rather than redirecting at once, with what each
// tells a guest. Read by the back office's access check (lib/admin-access.server.ts) and by the
// e2e that checks every admin page's refusal.
export const NOTICE_PAGES: ReadonlyMap<string, { guest: string }> = new Map([
  ['/admin/orders', { guest: 'Vous devez être connecté pour accéder à cette page' }],
  ['/admin/customers', { guest: 'Veuillez vous connecter pour accéder aux données' }],
]);

/** React Router matches paths case-insensitively, a slash at the end aside. */
const pageKey = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '');

/** The notice page `pathname` is, with what it tells a guest; undefined for any other page. */
export const noticePageOf = (pathname: string) => NOTICE_PAGES.get(pageKey(pathname));
