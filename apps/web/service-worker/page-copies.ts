// What the service worker does to the pages it keeps and answers with (docs/decisions/0036): plain
// functions of Responses, tested without a browser (page-copies.test.ts).
import { NO_OFFLINE_PAGES, offlineNotice, pricesSeen } from '@souk/domain/offline';
import { SHOP_LOCALE_META, type ShopLocale, setShopLocale } from '@souk/domain/shop-locale';
import {
  OFFLINE_LIST_ATTRIBUTE,
  OFFLINE_NOTICE_ID,
  OFFLINE_RETRY_ATTRIBUTE,
} from '../app/features/offline/offline-marks';

/** When the copy was taken: the moment its prices were read. */
const SEEN_HEADER = 'X-Souk-Seen';
/** The page's title, for the offline page's list (URI-encoded: a header is Latin-1). */
const TITLE_HEADER = 'X-Souk-Title';

/**
 * Whether the phone may keep this answer: a whole page the server says is the same for everyone
 * (`Cache-Control: public`, its anonymous visitors' kept pages). Anything answered to a session, a
 * guest cart, the cart, an order, an account, the back office is not: nothing of one person's
 * stays on the phone.
 */
export function isSharedPage(response: Response): boolean {
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  return (
    response.status === 200 &&
    /(^|[\s,])public([\s,]|$)/.test(cacheControl) &&
    !/no-store|private/.test(cacheControl) &&
    (response.headers.get('Content-Type') ?? '').startsWith('text/html')
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A page's HTML with other headers (what was length and encoding of the network's bytes dropped). */
function rewritten(response: Response, html: string, set: Record<string, string> = {}): Response {
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  for (const [name, value] of Object.entries(set)) headers.set(name, value);
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/** The copy the phone keeps: the page as it came, stamped with when and what it was. */
export async function stamped(response: Response, now: Date): Promise<Response> {
  const html = await response.text();
  const title = unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '').trim();
  return rewritten(response, html, {
    [SEEN_HEADER]: now.toISOString(),
    [TITLE_HEADER]: encodeURIComponent(title),
  });
}

/**
 * Dates in the shop's time zone: the page carries the shop's country and clock (root.tsx), which
 * the service worker reads as the browser does before hydrating.
 */
function readShopLocale(html: string) {
  const meta = new RegExp(`<meta name="${SHOP_LOCALE_META}" content="([^"]*)"`).exec(html);
  if (!meta?.[1]) return;
  try {
    setShopLocale(JSON.parse(unescapeHtml(meta[1])) as ShopLocale);
  } catch {
    // a page from before the meta existed: the default zone
  }
}

/**
 * The kept copy as the phone shows it offline: at the top, outside what React renders, the notice
 * that it is a copy and when its prices were read.
 */
export async function withOfflineNotice(copy: Response): Promise<Response> {
  const html = await copy.text();
  readShopLocale(html);
  const seen = copy.headers.get(SEEN_HEADER) ?? copy.headers.get('Date') ?? new Date().toISOString();
  const notice = `<aside id="${OFFLINE_NOTICE_ID}" class="offline-notice" role="status">${escapeHtml(
    offlineNotice(new Date(seen)),
  )}</aside>`;
  return rewritten(
    copy,
    html.replace(/<body[^>]*>/, (body) => body + notice),
  );
}

/** A page the phone holds, for the offline page's list. */
export type KeptPage = { path: string; title: string; seen: string };

/** What the offline page's list says of a kept copy. */
export function keptPage(url: string, copy: Response): KeptPage {
  const { pathname, search } = new URL(url);
  const title = decodeURIComponent(copy.headers.get(TITLE_HEADER) ?? '') || pathname;
  return { path: pathname + search, title, seen: copy.headers.get(SEEN_HEADER) ?? '' };
}

/**
 * The offline page for the address asked for (`asked`, which its 'Réessayer' link tries again),
 * with the list of the pages the phone holds, the latest first, as plain HTML.
 */
export async function offlinePageWith(page: Response, asked: string, kept: KeptPage[]): Promise<Response> {
  const html = await page.text();
  readShopLocale(html);
  const items = kept
    .slice()
    .sort((a, b) => b.seen.localeCompare(a.seen))
    .map(
      ({ path, title, seen }) =>
        `<li><a href="${escapeHtml(path)}">${escapeHtml(title)}</a>${
          seen ? `<span>${escapeHtml(pricesSeen(new Date(seen)))}</span>` : ''
        }</li>`,
    )
    .join('');
  const list = new RegExp(`(<ul[^>]*${OFFLINE_LIST_ATTRIBUTE}[^>]*>)[\\s\\S]*?</ul>`);
  const retry = new RegExp(`<a href="[^"]*"([^>]*${OFFLINE_RETRY_ATTRIBUTE})`);
  const { pathname, search } = new URL(asked);
  return rewritten(
    page,
    html
      // No scripts: their code may not be on the phone, and the page needs none.
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link[^>]*rel="modulepreload"[^>]*>/g, '')
      .replace(
        list,
        (_, open: string) => `${open}${items || `<li>${escapeHtml(NO_OFFLINE_PAGES)}</li>`}</ul>`,
      )
      .replace(retry, (_, rest: string) => `<a href="${escapeHtml(pathname + search)}"${rest}`),
  );
}

/**
 * The page a client navigation's data request (`/product/x.data?_routes=…`) is for, so that when
 * the network fails React Router loads the page itself instead (a copy, or the offline page).
 */
export function pageOfData(url: string): string {
  const address = new URL(url);
  address.pathname = address.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '');
  address.searchParams.delete('_routes');
  return address.pathname + address.search;
}

/** A script module that never finishes loading (its top-level `await` never settles). */
export const pendingModule = () =>
  new Response('await new Promise(() => {});', {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** React Router's answer for "load the page as a new document instead" to its route discovery. */
export const reloadDocument = () =>
  new Response(null, { status: 204, headers: { 'X-Remix-Reload-Document': 'true' } });

/**
 * React Router's answer for "load this address as a new document" to a data request: what the
 * service worker gives when the network fails under a client navigation.
 */
export const reloadDocumentAt = (path: string) => {
  const answer = reloadDocument();
  answer.headers.set('X-Remix-Redirect', path);
  answer.headers.set('X-Remix-Status', '302');
  return answer;
};
