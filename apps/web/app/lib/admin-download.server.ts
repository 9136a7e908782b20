import { type RouterContextProvider, redirect } from 'react-router';
import { isAdmin } from './admin-access.server';

/**
 * A back-office download (a CSV, not a page): the session is checked here first, so an admin is
 * sent on to the API's file (which checks again) and anyone else to `page`, which says why —
 * never an error saved as the file. The query (the filters, the period) goes along to both.
 */
export async function adminDownload(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  page: string,
  apiPath: string,
) {
  const { search } = new URL(request.url);
  if (!(await isAdmin(request, context))) throw redirect(`${page}${search}`);
  return redirect(`${apiPath}${search}`);
}
