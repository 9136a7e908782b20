import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/app-error.ts';

export type Limit = { max: number; windowMs: number };
/** Attempts allowed on login, registration and password reset, per identifier and per IP. */
export type AuthRateLimits = { perIdentifier: Limit; perIp: Limit };

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  perIdentifier: { max: 10, windowMs: FIFTEEN_MINUTES },
  perIp: { max: 30, windowMs: FIFTEEN_MINUTES },
};

const TOO_MANY = 'Trop de tentatives. Veuillez réessayer plus tard.';

/** @fastify/rate-limit with its in-memory store; routes opt in through `attemptLimiter`. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, { global: false });
  },
  { name: 'souk-rate-limit' },
);

/**
 * A preValidation hook counting every attempt of one action (e.g. 'login') per client IP and per
 * identifier (e-mail or phone, as `identifierOf` reads it from the raw body): 429 when either is over.
 */
export function attemptLimiter(
  app: FastifyInstance,
  action: string,
  limits: AuthRateLimits,
  identifierOf: (body: Record<string, unknown>) => string | undefined,
) {
  const byIp = app.createRateLimit({
    max: limits.perIp.max,
    timeWindow: limits.perIp.windowMs,
    keyGenerator: (req) => `${action}:ip:${req.ip}`,
  });
  const byIdentifier = app.createRateLimit({
    max: limits.perIdentifier.max,
    timeWindow: limits.perIdentifier.windowMs,
    keyGenerator: (req) => `${action}:id:${identifierOf(bodyOf(req)) ?? ''}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of identifierOf(bodyOf(request)) ? [byIp, byIdentifier] : [byIp]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', result.ttlInSeconds);
        throw new AppError('rate_limited', TOO_MANY);
      }
    }
  };
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** The e-mail (lower-cased) or phone (digits only) an auth body is about. */
export function identifierFromBody(body: Record<string, unknown>): string | undefined {
  for (const key of ['email', 'phone', 'identifier', 'whatsapp_phone']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) {
      const v = value.trim().toLowerCase();
      return v.includes('@') ? v : v.replace(/[\s+]/g, '');
    }
  }
  return undefined;
}
