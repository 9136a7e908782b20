import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import { parseLoginIdentifier } from '@souk/domain/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '#shared/app-error.ts';

// docs/decisions/0012-rate-limits.md: what is limited, how much, and why these choices.

export type Limit = { max: number; windowMs: number };
/** Attempts allowed in one window per client address and per identifier (e-mail, phone, account). */
export type AttemptLimits = { perIdentifier: Limit; perIp: Limit };
/** Login, registration, password and profile attempts. */
export type AuthRateLimits = AttemptLimits;
/** Changed limits: a maximum, and a window when it is not the default one (tests, the e2e server). */
export type AttemptLimitsOverride = { [K in keyof AttemptLimits]?: { max: number; windowMs?: number } };

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  perIdentifier: { max: 10, windowMs: FIFTEEN_MINUTES },
  perIp: { max: 30, windowMs: FIFTEEN_MINUTES },
};
/**
 * Orders: one visitor cannot reserve a whole shop's stock — per phone number (guests) or account
 * (customers), and per address, whichever way they order.
 */
export const ORDER_RATE_LIMITS: AttemptLimits = {
  perIdentifier: { max: 5, windowMs: ONE_HOUR },
  perIp: { max: 10, windowMs: ONE_HOUR },
};

/** `limits` with the maxima (and windows) an override gives. */
export function withOverride(limits: AttemptLimits, override: AttemptLimitsOverride = {}): AttemptLimits {
  const one = (limit: Limit, changed?: { max: number; windowMs?: number }): Limit => ({
    max: changed?.max ?? limit.max,
    windowMs: changed?.windowMs ?? limit.windowMs,
  });
  return {
    perIdentifier: one(limits.perIdentifier, override.perIdentifier),
    perIp: one(limits.perIp, override.perIp),
  };
}

const TOO_MANY = 'Trop de tentatives. Veuillez réessayer plus tard.';
const SWEEP_EVERY_MS = 60 * 1000;

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The in-memory store: @fastify/rate-limit's store interface over a Map that forgets a key only
 * when its window has passed. The library's LocalStore is an LRU of 5,000 keys (`cache`), so a
 * flood of junk identifiers evicted a victim's counter; raising the bound would make it keep every
 * key forever, since it never expires by time. Here expired keys are swept at most once a minute:
 * memory holds the keys of the current windows only.
 */
export class WindowStore implements FastifyRateLimitStore {
  private readonly counters = new Map<string, { current: number; resetAt: number }>();
  private nextSweep = 0;

  incr(key: string, done: Counted, timeWindow: number) {
    const now = Date.now();
    this.sweep(now);
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { current: 0, resetAt: now + timeWindow };
      this.counters.set(key, counter);
    }
    counter.current += 1;
    done(null, { current: counter.current, ttl: counter.resetAt - now });
  }

  read(key: string, done: Counted) {
    const now = Date.now();
    const counter = this.counters.get(key);
    done(
      null,
      counter && counter.resetAt > now
        ? { current: counter.current, ttl: counter.resetAt - now }
        : { current: 0, ttl: 0 },
    );
  }

  /**
   * Every limiter of the app shares this store (keys carry the action and what is counted), so
   * two routes counting one action — a guest order and a customer's order from one address — add
   * up, as they do in Redis.
   */
  child() {
    return this;
  }

  /** Keys held, expired ones not yet swept included. */
  get size() {
    return this.counters.size;
  }

  private sweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
  }
}

/** A connected Redis client (REDIS_URL), or a readable error at start; later errors go to `onError`. */
export async function connectRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  // One retry per command: a limiter waiting on a dead Redis would hold every login.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectionName: 'souk-api' });
  let connected = false;
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
    if (connected) onError(error);
  });
  try {
    await redis.connect();
    connected = true;
    return redis;
  } catch (error) {
    redis.disconnect();
    const cause = lastError ?? error;
    throw new Error(
      `Redis injoignable (REDIS_URL) : ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

export type RateLimitOptions = {
  /** Counters in Redis (REDIS_URL), shared by every server process; in memory without it. */
  redis?: Redis;
  /** Prefix of the Redis keys. */
  keyPrefix?: string;
};

/** @fastify/rate-limit; routes opt in through `attemptLimiter`. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { redis, keyPrefix = 'souk:rate-limit:' }: RateLimitOptions) => {
    await app.register(
      rateLimit,
      redis ? { global: false, redis, nameSpace: keyPrefix } : { global: false, store: WindowStore },
    );
  },
  { name: 'souk-rate-limit' },
);

/** Who an attempt is about, read from the validated request; undefined when it names nobody. */
export type IdentifierOf = (request: FastifyRequest) => string | undefined;

/**
 * Anyone may type someone's e-mail: counting login, reset or registration attempts per identifier
 * alone would let a stranger lock a customer out. Such identifiers are counted per identifier *and*
 * address at `perIdentifier.max`, and per identifier across all addresses only at this many times
 * that, a ceiling for guessing spread over many addresses.
 */
export const SHARED_IDENTIFIER_CEILING = 10;

export type AttemptLimiterOptions = {
  identifierOf?: IdentifierOf;
  /** The identifier is one a stranger can name (login, reset, registration): see above. */
  strangerCanName?: boolean;
};

/**
 * A preHandler counting the attempts at one action ('login') per client address and per identifier:
 * 429 past either. It runs after validation, so a request the schema refuses (422) costs nothing,
 * and before the handler, so a refused attempt never reaches argon2 or the database.
 */
export function attemptLimiter(
  app: FastifyInstance,
  action: string,
  limits: AttemptLimits,
  { identifierOf = identifierFromBody, strangerCanName = false }: AttemptLimiterOptions = {},
) {
  const byIp = app.createRateLimit({
    max: limits.perIp.max,
    timeWindow: limits.perIp.windowMs,
    // An IPv6 client holds a whole /64: it counts as one address.
    keyGenerator: (req) => `${action}:ip:${normalizeIP(req.ip)}`,
  });
  const byIdentifier = app.createRateLimit({
    max: limits.perIdentifier.max * (strangerCanName ? SHARED_IDENTIFIER_CEILING : 1),
    timeWindow: limits.perIdentifier.windowMs,
    keyGenerator: (req) => `${action}:id:${identifierOf(req) ?? ''}`,
  });
  const byIdentifierFromAddress = app.createRateLimit({
    max: limits.perIdentifier.max,
    timeWindow: limits.perIdentifier.windowMs,
    keyGenerator: (req) => `${action}:id-ip:${identifierOf(req) ?? ''}:${normalizeIP(req.ip)}`,
  });
  const perIdentifier = strangerCanName ? [byIdentifierFromAddress, byIdentifier] : [byIdentifier];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of identifierOf(request) ? [byIp, ...perIdentifier] : [byIp]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', result.ttlInSeconds);
        throw new AppError('rate_limited', TOO_MANY);
      }
    }
  };
}

/**
 * The login identifier, phone or e-mail a validated body is about, read as login reads it: an
 * e-mail lower-cased, a phone in E.164 whatever its form ('77 123 45 67', '00221…'), so retyping a
 * number another way is no fresh count. The phone comes before the e-mail: it is what
 * registrations and guest orders are keyed on.
 */
export function identifierFromBody(request: FastifyRequest): string | undefined {
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  for (const key of ['identifier', 'phone', 'whatsapp_phone', 'email']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) {
      const known = parseLoginIdentifier(value);
      if (known) return 'email' in known ? known.email : known.phone;
      return value.trim().toLowerCase();
    }
  }
  return undefined;
}
