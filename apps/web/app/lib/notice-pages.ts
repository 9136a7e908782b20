// Back-office pages that tell a guest or a client why they are sent away before they are (spec §6:
// the orders screen), rather than redirecting at once. Read by the admin layout, which steps aside
// for them, and by the e2e that checks every admin page's refusal.
export const NOTICE_PAGES: ReadonlySet<string> = new Set(['/admin/orders']);

/** Whether `pathname` is one of them (React Router matches paths case-insensitively, a slash at the end aside). */
export const showsAccessNotice = (pathname: string) =>
  NOTICE_PAGES.has(pathname.toLowerCase().replace(/\/+$/, ''));
