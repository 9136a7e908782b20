import type { User } from '@souk/domain/auth';
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from 'react-router';
import { apiError } from './api.server';
import type { ApiResult } from './api-client';
import { loginUrl } from './login-url';
import { noticePageOf } from './notice-pages';
import { pageAddressOf } from './page-address';
import { clearSessionCookie, fetchMe, refusedSession } from './session.server';

// Who may use the back office, decided in one place: the admin layout's middleware runs before
// every admin page's loaders and actions (also a data request for one page's loader alone) and
// asks the API who the visitor is once; the pages read the admin from the request context.

export const NOT_ADMIN = "Vous devez avoir les droits d'administrateur pour accéder à cette page";
export const SESSION_EXPIRED = 'Session expirée. Redirection vers la page de connexion...';
export const ACCESS_DENIED = "Accès refusé. Vous n'avez pas les droits d'administrateur.";

/** What a page that says why before it sends a visitor away shows, and where it then goes. */
export type AccessNotice = { message: string; to: string };

const adminContext = createContext<User>();
/** The visitor's session cookie names a session the API no longer accepts: the answer clears it. */
const endedSession = createContext<boolean>(false);

/** The admin the middleware let in: for the admin pages' loaders and actions. */
export const currentAdmin = (context: Readonly<RouterContextProvider>): User => context.get(adminContext);

/** Why a visitor may not use a back-office page: the API does not take them as a user, or not as an admin. */
type Refused = NonNullable<ReturnType<typeof refusedSession>> | 'client';

/**
 * The answer to a refused visitor, thrown. The orders and customers pages say why first
 * (lib/notice-pages): the notice is thrown to the back office's error boundaries, which show it
 * and go on after 2 s. Any other page sends a guest to the login page with the page to come back
 * to, a client to the shop, a session the API no longer accepts to the login page that says so
 * (its cookie cleared), and a blocked account to an error page.
 */
function refusal(
  request: Request,
  context: Readonly<RouterContextProvider>,
  why: Refused,
  message?: string,
): Response | ReturnType<typeof data> {
  const address = pageAddressOf(request);
  if (why === 'expired') context.set(endedSession, true);
  const noticePage = noticePageOf(address.split('?')[0] ?? '');
  if (noticePage) {
    const notices: Record<Refused, AccessNotice & { status: number }> = {
      guest: { message: noticePage.guest, to: loginUrl(address), status: 401 },
      client: { message: NOT_ADMIN, to: '/', status: 403 },
      expired: { message: SESSION_EXPIRED, to: loginUrl(address, true), status: 401 },
      blocked: { message: ACCESS_DENIED, to: '/', status: 403 },
    };
    const { status, ...notice } = notices[why];
    return data({ message: notice.message, notice }, { status });
  }
  if (why === 'client') return redirect('/');
  if (why === 'blocked') return apiError(403, message ?? ACCESS_DENIED);
  return redirect(loginUrl(address, why === 'expired'));
}

/** Every back-office page: the admin in the request context, or the visitor's refusal. */
const decideAccess: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { user, status, message } = await fetchMe(request, context);
  if (user?.role === 'admin') {
    context.set(adminContext, user);
    return;
  }
  if (user) throw refusal(request, context, 'client');
  const why = refusedSession(request, status);
  // The API failing is no refusal: the page says it could not load.
  if (!why) throw apiError(status, message ?? 'Erreur de chargement');
  throw refusal(request, context, why, message);
};

/**
 * Around everything else: an ended session's cookie is cleared on whatever answer the request
 * gets. Here rather than on the refusal itself, because React Router keeps no headers of an answer
 * thrown by a middleware (it renders the error boundary's page instead).
 */
const clearEndedSession: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (context.get(endedSession)) response.headers.append('Set-Cookie', clearSessionCookie());
  return response;
};

/** The admin layout's middleware, outermost first. */
export const adminAccess: MiddlewareFunction<Response>[] = [clearEndedSession, decideAccess];

/**
 * A call an admin page made after the middleware let it in, which the API refused because the
 * session ended or the role was taken away meanwhile (401, 403): that refusal, thrown. Any other
 * answer is left to the page.
 */
export function throwIfRefused(
  request: Request,
  context: Readonly<RouterContextProvider>,
  result: ApiResult<unknown>,
): undefined {
  if (result.ok) return;
  const why = refusedSession(request, result.status);
  if (why) throw refusal(request, context, why, result.message);
}

/** Whether the visitor is an admin, for what is not a page (a download sent on to the API's file). */
export async function isAdmin(request: Request, context: Readonly<RouterContextProvider>) {
  return (await fetchMe(request, context)).user?.role === 'admin';
}
