import type { User } from '@souk/domain/auth';
import { cookieValue, SESSION_COOKIE } from '@souk/domain/cookies';
import { type RouterContextProvider, redirect } from 'react-router';
import { serverContext } from '#api-context';
import { apiError } from './api.server';
import { loginUrl } from './login-url';
import { pageAddressOf } from './page-address';
import { homeOf } from './session';

const CLEAR_SESSION_COOKIE = `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

export const hasSessionCookie = (request: Request) =>
  Boolean(cookieValue(request.headers.get('cookie'), SESSION_COOKIE));

/**
 * The visitor's user from GET /api/auth/me, or null (guest, expired session, API failure).
 * A guest without a session cookie costs no API call.
 */
export async function getCurrentUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<User | null> {
  return (await fetchMe(request, context)).user;
}

export async function fetchMe(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ user: User | null; status: number; message?: string }> {
  if (!hasSessionCookie(request)) return { user: null, status: 401 };
  const result = await context.get(serverContext).session();
  if (result.ok) return { user: result.data, status: result.status };
  return { user: null, status: result.status || 500, message: result.message };
}

const THIS_ORIGIN = 'http://souk.invalid';
/** '//host' or '/\\host': a path a browser reads as another host. */
const OTHER_HOST = /^\/[/\\]/;

/** Whether `path`, read by a browser, stays on this shop. */
function staysHere(path: string): boolean {
  try {
    const url = new URL(path, THIS_ORIGIN);
    return url.origin === THIS_ORIGIN && !OTHER_HOST.test(url.pathname) && !OTHER_HOST.test(path);
  } catch {
    return false;
  }
}

/** How many times a path is decoded at most: '%25' nested deeper than that is nobody's link. */
const DECODINGS = 4;

/**
 * Only paths of this shop: '/x' yes; '//evil.example', '/\\evil', 'https://…' no (open-redirect
 * guard). Checked once normalised, as the browser will read it: '/..//evil.example' and
 * '/\t/evil.example' become '//evil.example'. A path holding %-escapes is checked again decoded,
 * as a page that decodes it would read it ('/%09/evil', '/x/..%2F..%2F/evil', '/%252F…').
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || !staysHere(value)) return null;
  const url = new URL(value, THIS_ORIGIN);
  let path = url.pathname;
  for (let decodings = 0; decodings <= DECODINGS; decodings += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null; // a malformed %-escape
    }
    if (decoded === path) return `${url.pathname}${url.search}${url.hash}`;
    if (!staysHere(decoded)) return null;
    path = decoded;
  }
  return null;
}

/** Headers carrying the API's Set-Cookie lines to the browser (the session cookie is httpOnly). */
export function cookieHeaders(setCookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/**
 * Just signed in (login, registration): on to the page the form asked for (`redirectTo`), or where
 * the user belongs (homeOf), with the API's session cookie.
 */
export const redirectSignedIn = (form: FormData, user: Pick<User, 'role'>, setCookies: readonly string[]) =>
  redirect(safeRedirectPath(form.get('redirectTo')) ?? homeOf(user), { headers: cookieHeaders(setCookies) });

/**
 * Why the API does not take the visitor as a user, from its answer's status: no session (a guest),
 * a session it no longer accepts (401 with a cookie), a blocked account (403); null for any other
 * failure, which is the API failing, not a refusal.
 */
export function refusedSession(request: Request, status: number): 'guest' | 'expired' | 'blocked' | null {
  if (status === 401) return hasSessionCookie(request) ? 'expired' : 'guest';
  return status === 403 ? 'blocked' : null;
}

/**
 * For protected loaders (/profile, /order-success): the signed-in user, or a redirect to the login
 * page carrying the origin location. A session cookie the API no longer accepts is cleared and the
 * login page says the session expired.
 */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  const { user, status, message } = await fetchMe(request, context);
  if (user) return user;
  const why = refusedSession(request, status);
  // Blocked account (403) or API failure: an error page, not a login loop.
  if (why === null || why === 'blocked') throw apiError(status, message ?? 'Erreur de chargement');
  const expired = why === 'expired';
  throw redirect(loginUrl(pageAddressOf(request), expired), {
    headers: expired ? cookieHeaders([CLEAR_SESSION_COOKIE]) : undefined,
  });
}

/** Set-Cookie line that removes the session cookie even when the API could not answer. */
export const clearSessionCookie = () => CLEAR_SESSION_COOKIE;
