import cookie from '@fastify/cookie';
import { SESSION_COOKIE } from '@souk/domain/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#shared/app-error.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type Authentication, authenticate, BLOCKED_MESSAGE } from '../modules/auth/auth.service.ts';
import { SESSION_TTL_MS } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the bearer token or the session cookie, if any (a blocked user included). */
    auth: (Authentication & { via: 'bearer' | 'cookie' }) | null;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

/**
 * Cookie-authenticated writes must come from our own origin: Origin (or else Referer) must be this
 * host or PUBLIC_URL. A request with neither header is not from a browser form on another site
 * (browsers send Origin with every cross-site POST) — it is the web app's own server-side call.
 */
function assertSameOrigin(request: FastifyRequest, publicUrl: string) {
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  if (origin === undefined) return;
  const allowed = new Set([originOf(publicUrl), `${request.protocol}://${request.host}`]);
  if (!allowed.has(origin)) throw new AppError('forbidden', 'Requête refusée : origine non autorisée');
}

function tokenOf(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    if (token) return { token, via: 'bearer' };
  }
  const fromCookie = request.cookies[SESSION_COOKIE];
  return fromCookie ? { token: fromCookie, via: 'cookie' } : null;
}

/** Resolves the current user of every /api request and guards cookie writes against other origins. */
export const authPlugin = fp(
  async (app: FastifyInstance, { db, config }: { db: Db; config: Config }) => {
    await app.register(cookie);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const found = tokenOf(request);
      if (!found) return;
      if (found.via === 'cookie' && WRITE_METHODS.has(request.method))
        assertSameOrigin(request, config.publicUrl);
      const auth = await authenticate(db, found.token);
      request.auth = auth ? { ...auth, via: found.via } : null;
    });
  },
  { name: 'souk-auth' },
);

/** For routes that serve guests and users alike: a blocked user is still refused. */
export async function rejectBlocked(request: FastifyRequest) {
  if (request.auth?.user.status === 'blocked') throw new AppError('forbidden', BLOCKED_MESSAGE);
}

export async function requireUser(request: FastifyRequest) {
  if (!request.auth) throw new AppError('unauthorized', 'Non authentifié');
  await rejectBlocked(request);
}

export async function requireAdmin(request: FastifyRequest) {
  await requireUser(request);
  if (request.auth?.user.role !== 'admin')
    throw new AppError('forbidden', 'Accès réservé aux administrateurs');
}

/** The signed-in user of a request that passed requireUser. */
export function authOf(request: FastifyRequest): Authentication {
  if (!request.auth) throw new AppError('unauthorized', 'Non authentifié');
  return request.auth;
}

export function setSessionCookie(reply: FastifyReply, token: string, publicUrl: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
    path: '/',
  });
}
