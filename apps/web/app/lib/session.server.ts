import type { User } from '@souk/domain/auth';
import { cookieValue, SESSION_COOKIE } from '@souk/domain/cookies';
import { type RouterContextProvider, redirect } from 'react-router';
import { api, apiError } from './api.server';
import { loginUrl } from './login-url';
import { guestNotice } from './notice-pages';
import { pageAddressOf } from './page-address';

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

async function fetchMe(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ user: User | null; status: number; message?: string }> {
  if (!hasSessionCookie(request)) return { user: null, status: 401 };
  const result = await api(context).get('/auth/me');
  if (result.ok) return { user: result.data, status: result.status };
  return { user: null, status: result.status || 500, message: result.message };
}

/** Only same-site paths: '/x' yes; '//evil.example', 'https://…', '/\\evil' no (open-redirect guard). */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read '/\\host' or '/\thost' as another host: only keep what resolves to this origin.
  const base = 'http://souk.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Headers carrying the API's Set-Cookie lines to the browser (the session cookie is httpOnly). */
export function cookieHeaders(setCookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/**
 * For protected loaders (/profile, /order-success): the signed-in user, or a redirect to the login
 * page carrying the origin location. A session cookie the API no longer accepts is cleared and the
 * login page says the session expired.
 */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  const { user, status, message } = await fetchMe(request, context);
  if (user) return user;
  // Blocked account (403) or API failure: an error page, not a login loop.
  if (status !== 401) throw apiError(status, message ?? 'Erreur de chargement');
  const expired = hasSessionCookie(request);
  throw redirect(loginUrl(pageAddressOf(request), expired), {
    headers: expired ? cookieHeaders([CLEAR_SESSION_COOKIE]) : undefined,
  });
}

/** Set-Cookie line that removes the session cookie even when the API could not answer. */
export const clearSessionCookie = () => CLEAR_SESSION_COOKIE;

/**
 * For every back-office loader and action (a layout's check does not stop its children's loaders,
 * which run in parallel): the signed-in admin; a guest goes to the login page with the origin, a
 * client to the shop's home page.
 */
export async function requireAdmin(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<User> {
  const user = await requireUser(request, context);
  if (user.role !== 'admin') throw redirect('/');
  return user;
}

/** What a page that says why before it sends a visitor away shows, and where it then goes. */
export type AccessNotice = { message: string; to: string };
/** The notice, and the headers of the answer that carries it (a refused session cookie is cleared). */
export type AccessRefusal = { notice: AccessNotice; headers?: Headers };

// The notices of a back-office page that says why it sends the visitor away (the orders screen).
export const NOT_ADMIN = "Vous devez avoir les droits d'administrateur pour accéder à cette page";
export const SESSION_EXPIRED = 'Session expirée. Redirection vers la page de connexion...';
export const ACCESS_DENIED = "Accès refusé. Vous n'avez pas les droits d'administrateur.";

/**
 * An admin call the API refused, as the notice the page shows: a session it no longer
 * accepts (401) is logged out and goes to the login page, a refused role (403) to the shop. Null
 * for any other status.
 */
export function accessRefusal(request: Request, status: number): AccessRefusal | null {
  if (status === 401)
    return {
      notice: { message: SESSION_EXPIRED, to: loginUrl(pageAddressOf(request), true) },
      headers: cookieHeaders([CLEAR_SESSION_COOKIE]),
    };
  if (status === 403) return { notice: { message: ACCESS_DENIED, to: '/' } };
  return null;
}

/**
 * requireAdmin for a page that tells a guest or a client why it sends them away before it does
 * (the orders screen): the admin, or the refusal to show. A guest is told to log in, a
 * client that the page is for admins, a refused session that it expired. An API failure is thrown.
 */
export async function adminAccess(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ user: User; refusal: null } | { user: null; refusal: AccessRefusal }> {
  const { user, status, message } = await fetchMe(request, context);
  if (user?.role === 'admin') return { user, refusal: null };
  if (user) return { user: null, refusal: { notice: { message: NOT_ADMIN, to: '/' } } };
  if (status === 401 && !hasSessionCookie(request))
    return {
      user: null,
      refusal: {
        notice: {
          message: guestNotice(pageAddressOf(request).split('?')[0] ?? ''),
          to: loginUrl(pageAddressOf(request)),
        },
      },
    };
  const refusal = accessRefusal(request, status);
  if (refusal) return { user: null, refusal };
  throw apiError(status, message ?? 'Erreur de chargement');
}
