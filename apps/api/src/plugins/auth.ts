import { createHmac, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import { SESSION_COOKIE } from '@souk/domain/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#shared/app-error.ts';
import { FOREIGN_ORIGIN, foreignOrigin, isWrite } from '#shared/same-origin.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type Authentication, authenticate, BLOCKED_MESSAGE } from '../modules/auth/auth.service.ts';
import { SESSION_TTL_MS } from '../modules/auth/tokens.ts';
import { cookieSecret } from './cookie-secret.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the bearer token or the session cookie, if any (a blocked user included). */
    auth: (Authentication & { via: 'bearer' | 'cookie' }) | null;
  }
  interface FastifyInstance {
    /** A keyed digest (HMAC-SHA256 with the cookie key) of `value` for the cookie `name`: see `setDigestCookie`. */
    cookieDigest(name: string, value: string): string;
  }
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
    // The key of signed cookies and digests: a device's proof that it logged in or ordered before
    // (ADR 0012).
    const secret = cookieSecret(config.COOKIE_SECRET, config.dataDir);
    await app.register(cookie, { secret });
    // The cookie's name is hashed with the value, so a digest made for one cookie proves nothing
    // in another (nor is it a signature of the value).
    app.decorate('cookieDigest', (name: string, value: string) =>
      createHmac('sha256', secret).update(`${name}\n${value}`).digest('base64url'),
    );
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const found = tokenOf(request);
      if (!found) return;
      // Cookie-authenticated writes must come from our own origin (a bearer token is no ambient credential).
      if (found.via === 'cookie' && isWrite(request) && foreignOrigin(request, config.publicUrl))
        throw new AppError('forbidden', FOREIGN_ORIGIN);
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

/** The shop's own cookies: not for scripts, sent on a link followed from elsewhere, HTTPS-only when the shop is. */
const cookieOptions = (publicUrl: string) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: publicUrl.startsWith('https:'),
  path: '/',
});

export function setSessionCookie(reply: FastifyReply, token: string, publicUrl: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(publicUrl),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(publicUrl));
}

const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** A device's proof (`value`, signed with the cookie key), kept a year: see `deviceCookieOf`. */
export function setDeviceCookie(reply: FastifyReply, name: string, value: string, publicUrl: string) {
  reply.setCookie(name, value, {
    ...cookieOptions(publicUrl),
    signed: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/**
 * A device's proof that it used `value` (a phone number), kept a year: a keyed digest of it, never
 * the value, which a shared phone's other users would read; only equality is checked
 * (`hasDigestCookie`).
 */
export function setDigestCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  publicUrl: string,
) {
  reply.setCookie(name, request.server.cookieDigest(name, value), {
    ...cookieOptions(publicUrl),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/** Whether the cookie `name` holds the digest of `value` (`setDigestCookie`). */
export function hasDigestCookie(request: FastifyRequest, name: string, value: string): boolean {
  const held = Buffer.from(request.cookies[name] ?? '');
  const expected = Buffer.from(request.server.cookieDigest(name, value));
  return held.length === expected.length && timingSafeEqual(held, expected);
}

/** The value of the device cookie `name` if its signature holds; undefined when absent, forged or altered. */
export function deviceCookieOf(request: FastifyRequest, name: string): string | undefined {
  const raw = request.cookies[name];
  if (!raw) return undefined;
  const { valid, value } = request.unsignCookie(raw);
  return valid && value ? value : undefined;
}
