import type { User } from '@souk/domain/auth';
import { CART_SESSION_COOKIE, cookieValue } from '@souk/domain/cookies';
import { isSessionId } from '@souk/domain/session-id';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiResult, createApiClient, type Transport } from './api-client.ts';

// Loaded by server.ts under plain Node as well as by the app: relative and package imports only.

// Headers a page load forwards to the API so it acts for the same visitor. Not X-Forwarded-For:
// the visitor's address travels as the injected request's own (`remoteAddress`), so the API's
// per-address limits hold without trusting a header (ADR 0012).
const FORWARDED_HEADERS = ['cookie', 'x-session-id', 'user-agent', 'accept-language'] as const;

/** A JSON value as it is, or a FormData as the multipart/form-data body a browser would send. */
export async function encodeBody(
  body: unknown,
): Promise<{ payload?: string | Buffer; contentType?: string }> {
  if (body === undefined) return {};
  if (body instanceof FormData) {
    const encoded = new Response(body);
    return {
      payload: Buffer.from(await encoded.arrayBuffer()),
      contentType: encoded.headers.get('content-type') ?? undefined,
    };
  }
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

/** Sees every call a page load makes: headers it adds, and each answer's headers. */
export type CallObserver = {
  headers: Record<string, string>;
  answered(method: string, headers: Record<string, unknown>): void;
};

/**
 * The API transport of page loads: Fastify's inject, acting for the visitor of `request`;
 * `observer` (server.ts) follows the calls, for the response cache (docs/decisions/0023).
 */
export function injectTransport(
  app: FastifyInstance,
  request: FastifyRequest,
  observer?: CallObserver,
): Transport {
  return async ({ method, url, body, headers: extra }) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Page loads cannot send X-Session-ID: the guest cart id also travels in a readable cookie.
    const cartSession = cookieValue(headers.cookie, CART_SESSION_COOKIE);
    if (!headers['x-session-id'] && isSessionId(cartSession)) headers['x-session-id'] = cartSession;
    const { payload, contentType } = await encodeBody(body);
    if (observer) Object.assign(headers, observer.headers);
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...headers,
        ...extra,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      remoteAddress: request.ip,
      ...(payload === undefined ? {} : { payload }),
    });
    observer?.answered(method, res.headers);
    const setCookie = res.headers['set-cookie'];
    const setCookies =
      setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
    return { status: res.statusCode, text: res.body, setCookies };
  };
}

const sessions = new WeakMap<FastifyRequest, Promise<ApiResult<User>>>();

/**
 * Who the visitor of `request` is, as the API says (GET /api/auth/me): asked once per page request
 * whoever asks (the page body limit before reading a form, then the pages' access check).
 */
export function sessionOf(request: FastifyRequest): Promise<ApiResult<User>> {
  let session = sessions.get(request);
  if (!session) {
    session = createApiClient(injectTransport(request.server, request)).get('/auth/me');
    sessions.set(request, session);
  }
  return session;
}
