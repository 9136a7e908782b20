import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import { TOO_MANY_ATTEMPTS } from '@souk/domain/account-messages';
import { parseLoginIdentifier } from '@souk/domain/auth';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '#shared/app-error.ts';

// docs/decisions/0012-rate-limits.md: what is limited, how much, and why these choices.

export type Limit = { max: number; windowMs: number };
/**
 * Per identifier (e-mail, phone, account): attempts allowed in one window, successful or not.
 * Per client address: attempts the handler refused (wrong password, number taken, empty cart), as
 * hundreds of customers share one address behind their operator's NAT: their successes never count.
 */
export type AttemptLimits = { perIdentifier: Limit; perIp: Limit };
/** Login, registration, password and profile attempts. */
export type AuthRateLimits = AttemptLimits;
/** Changed limits: a maximum, and a window when it is not the default one (tests, the e2e server). */
export type AttemptLimitsOverride = { [K in keyof AttemptLimits]?: { max: number; windowMs?: number } };

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
/** Refused attempts per address: a ceiling a crowd behind one address does not reach. */
const REFUSALS_PER_ADDRESS: Limit = { max: 300, windowMs: ONE_HOUR };
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  perIdentifier: { max: 10, windowMs: FIFTEEN_MINUTES },
  perIp: REFUSALS_PER_ADDRESS,
};
/**
 * Orders: one visitor cannot reserve a whole shop's stock — per phone number (guests) or account
 * (customers), whichever way they order. Per address only refused orders count (an empty cart;
 * not a product sold out, see orders.routes.ts): customers behind one address all order.
 */
export const ORDER_RATE_LIMITS: AttemptLimits = {
  perIdentifier: { max: 5, windowMs: ONE_HOUR },
  perIp: REFUSALS_PER_ADDRESS,
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

  /** Drops the counters named `keys`, and those whose key starts with one of `prefixes`. */
  forget(keys: readonly string[], prefixes: readonly string[]) {
    for (const key of keys) this.counters.delete(key);
    if (!prefixes.length) return;
    for (const key of this.counters.keys())
      if (prefixes.some((prefix) => key.startsWith(prefix))) this.counters.delete(key);
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

/** What the app may do to the counters besides counting: forget some (a password just reset). */
export type AttemptCounters = {
  /** Drops the counters named `keys`, and those whose key starts with one of `prefixes`. */
  forget(keys: readonly string[], prefixes: readonly string[]): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    attemptCounters: AttemptCounters;
  }
}

/** A glob pattern (Redis SCAN's MATCH) matching `text` as it is. */
const literalGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Forgetting in Redis: keys are the prefix, the library's segment for a limiter made by
 * `createRateLimit` (it ends with '-'), then ours; SCAN finds them (resets are rare, and Redis holds
 * nothing but these counters). A junk identifier ending like a real one may be forgotten with it:
 * that only forgets a stranger's count.
 */
const redisCounters = (redis: Redis, keyPrefix: string): AttemptCounters => ({
  async forget(keys, prefixes) {
    const patterns = [
      ...keys.map((key) => `${literalGlob(keyPrefix)}*-${literalGlob(key)}`),
      ...prefixes.map((prefix) => `${literalGlob(keyPrefix)}*-${literalGlob(prefix)}*`),
    ];
    for (const match of patterns) {
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
        if (found.length) await redis.del(...found);
        cursor = next;
      } while (cursor !== '0');
    }
  },
});

/** @fastify/rate-limit; routes opt in through `attemptLimiter`. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { redis, keyPrefix = 'souk:rate-limit:' }: RateLimitOptions) => {
    if (redis) {
      await app.register(rateLimit, { global: false, redis, nameSpace: keyPrefix });
      app.decorate('attemptCounters', redisCounters(redis, keyPrefix));
      return;
    }
    const store = new WindowStore();
    // The library builds its store with `new`; a constructor that returns an object hands over
    // that object, so the app keeps the store it counts in, to forget counters.
    const handOver = class {
      constructor() {
        // biome-ignore lint/correctness/noConstructorReturn: the library's `new` must get this store
        return store;
      }
    } as unknown as FastifyRateLimitStoreCtor;
    await app.register(rateLimit, { global: false, store: handOver });
    app.decorate('attemptCounters', {
      forget: async (keys: readonly string[], prefixes: readonly string[]) => store.forget(keys, prefixes),
    });
  },
  { name: 'souk-rate-limit' },
);

/** Who an attempt is about, read from the validated request; undefined when it names nobody. */
export type IdentifierOf = (request: FastifyRequest) => string | undefined;

/**
 * Whether the request comes from a device that proved itself for `identifier` before: a signed
 * cookie it received when it logged in to that account or ordered with that number. Undefined
 * when it carries no such proof; `device` names the device when its attempts are to count per
 * device rather than per address.
 */
export type KnownDeviceOf = (
  request: FastifyRequest,
  identifier: string,
) => Promise<{ device?: string } | undefined>;

/**
 * Anyone may type someone's e-mail or number: counting login, reset, registration or guest order
 * attempts per identifier alone would let a stranger lock a customer out. Such identifiers are
 * counted per identifier *and* address (or known device) at `perIdentifier.max`, and per
 * identifier across all addresses only at this many times that, a ceiling for guessing spread
 * over many addresses, which a known device is not held by: strangers fill it, not her.
 */
export const SHARED_IDENTIFIER_CEILING = 10;

export type AttemptLimiterOptions = {
  identifierOf?: IdentifierOf;
  /** The identifier is one a stranger can name (login, reset, registration, guest order): see above. */
  strangerCanName?: boolean;
  /** With `strangerCanName`: the devices the ceiling across addresses does not hold. */
  knownDevice?: KnownDeviceOf;
  /**
   * What counts per identifier: every well-formed attempt (a login is a guess, right or wrong), or
   * only the successes (an order placed takes stock; a refused one takes nothing).
   */
  identifierCounts?: 'attempts' | 'successes';
  /**
   * Which refusals count against the address (all 4xx but 429 by default). Orders leave out 409:
   * a product sold out under a crowd refuses honest customers, not an abuser.
   */
  countsAgainstAddress?: (status: number) => boolean;
  /** The 429's message, from the seconds to wait. */
  tooManyMessage?: (seconds: number) => string;
};

/** A refusal of the client's attempt: a 4xx, but not the limit's own 429. */
export const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 429;
const isSuccess = (status: number) => status >= 200 && status < 300;

// An attempt still being answered is counted as a refusal (or an order) to come, so a burst of
// parallel attempts cannot all pass a count read before any of them is counted. One that never
// finishes (a request lost on the way) stops counting after this long.
const IN_FLIGHT_MS = 60 * 1000;

/** Attempts under way per counter key, in this process: their start times. */
class InFlight {
  private readonly starts = new Map<string, number[]>();

  count(key: string, now = Date.now()): number {
    const started = this.starts.get(key)?.filter((at) => now - at < IN_FLIGHT_MS) ?? [];
    if (started.length) this.starts.set(key, started);
    else this.starts.delete(key);
    return started.length;
  }

  add(key: string, at: number) {
    this.starts.set(key, [...(this.starts.get(key) ?? []), at]);
  }

  remove(key: string, at: number) {
    const started = this.starts.get(key) ?? [];
    const index = started.indexOf(at);
    if (index >= 0) started.splice(index, 1);
    if (!started.length) this.starts.delete(key);
  }
}

/**
 * Route hooks: `preHandler` checks the limits, `onSend` counts a refusal against the address (and
 * a success per identifier, when only successes count there); `forget` drops an identifier's
 * counters (a password just reset).
 */
export type AttemptHooks = {
  preHandler: preHandlerHookHandler;
  onSend: onSendHookHandler;
  forget(identifiers: readonly string[]): Promise<void>;
};

/** An admitted attempt: when, and the counters of its identifier (near: per address or device). */
type Admitted = { at: number; near?: string; across?: string; inFlight: string[] };

/**
 * The hooks limiting the attempts at one action ('login'): 429 once an identifier has made its
 * attempts, or once an address has had its share of refusals.
 *
 * The preHandler runs after validation, so a request the schema refuses (422) costs nothing, and
 * before the handler, so a limited attempt never reaches argon2 or the database (but for a signed
 * device cookie, checked against its account). It counts the attempt against its identifiers, and
 * only reads the address's refusals. The onSend hook runs once the error handler has set the status
 * and before the client has the answer, so the next request already sees the count: it counts
 * against the address an attempt the handler refused (a 4xx other than 429; a 5xx is our fault,
 * not the client's).
 */
export function attemptLimiter(
  app: FastifyInstance,
  action: string,
  limits: AttemptLimits,
  {
    identifierOf = identifierFromBody,
    strangerCanName = false,
    knownDevice,
    identifierCounts = 'attempts',
    countsAgainstAddress = isRefusal,
    tooManyMessage = () => TOO_MANY_ATTEMPTS,
  }: AttemptLimiterOptions = {},
): AttemptHooks {
  // An IPv6 client holds a whole /64: it counts as one address.
  const addressKey = (req: FastifyRequest) => `${action}:ip:${normalizeIP(req.ip)}`;
  const byIp = app.createRateLimit({
    max: limits.perIp.max,
    timeWindow: limits.perIp.windowMs,
    keyGenerator: addressKey,
  });
  const inFlight = new InFlight();
  // Requests let through to the handler: their moment and counters (only their refusals are the
  // handler's, and so count).
  const admitted = new WeakMap<FastifyRequest, Admitted>();
  // An identifier's counters all start with its `base`: forgetting them needs no list.
  const base = (identifier: string) => `${action}:id:${identifier}`;
  const near = app.createRateLimit({
    max: limits.perIdentifier.max,
    timeWindow: limits.perIdentifier.windowMs,
    keyGenerator: (req) => admitted.get(req)?.near ?? '',
  });
  const across = app.createRateLimit({
    max: limits.perIdentifier.max * (strangerCanName ? SHARED_IDENTIFIER_CEILING : 1),
    timeWindow: limits.perIdentifier.windowMs,
    keyGenerator: (req) => admitted.get(req)?.across ?? '',
  });
  const countersOf = (attempt: Admitted) => [
    ...(attempt.near ? [{ limiter: near, key: attempt.near }] : []),
    ...(attempt.across ? [{ limiter: across, key: attempt.across }] : []),
  ];
  const tooMany = (reply: FastifyReply, seconds: number) => {
    const wait = Math.max(seconds, 1);
    reply.header('Retry-After', wait);
    return new AppError('rate_limited', tooManyMessage(wait));
  };

  /** Per identifier: near its caller (address or known device), and across addresses unless known. */
  async function plan(request: FastifyRequest, attempt: Admitted, identifier: string) {
    if (!strangerCanName) {
      attempt.across = base(identifier);
      return;
    }
    const known = await knownDevice?.(request, identifier);
    const where = known?.device ? `device:${known.device}` : `ip:${normalizeIP(request.ip)}`;
    attempt.near = `${base(identifier)} ${where}`;
    if (!known) attempt.across = base(identifier);
  }

  return {
    async preHandler(request, reply) {
      const key = addressKey(request);
      const address = await byIp(request, { increment: false });
      if (!address.isAllowed) {
        // A read counts no attempt of its own, so the address is done at `max` refusals already
        // (the library's `isExceeded`, `current > max`, is for a count that includes this attempt);
        // the attempts under way may all be refused too.
        const refused = address.max - address.remaining;
        if (refused + inFlight.count(key) >= address.max) throw tooMany(reply, address.ttlInSeconds);
      }
      // Counted as under way at once (no await between the check and this), so that parallel
      // attempts see each other.
      const attempt: Admitted = { at: Date.now(), inFlight: [key] };
      inFlight.add(key, attempt.at);
      admitted.set(request, attempt);
      try {
        const identifier = identifierOf(request);
        if (identifier) await plan(request, attempt, identifier);
        for (const { limiter, key: counter } of countersOf(attempt)) {
          if (identifierCounts === 'attempts') {
            const result = await limiter(request);
            if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttlInSeconds);
            continue;
          }
          const result = await limiter(request, { increment: false });
          if (!result.isAllowed && result.max - result.remaining + inFlight.count(counter) >= result.max)
            throw tooMany(reply, result.ttlInSeconds || Math.ceil(limits.perIdentifier.windowMs / 1000));
          inFlight.add(counter, attempt.at);
          attempt.inFlight.push(counter);
        }
      } catch (error) {
        admitted.delete(request);
        for (const counter of attempt.inFlight) inFlight.remove(counter, attempt.at);
        throw error;
      }
    },
    async onSend(request, reply, payload) {
      const attempt = admitted.get(request);
      if (attempt === undefined) return payload;
      try {
        if (identifierCounts === 'successes' && isSuccess(reply.statusCode))
          for (const { limiter } of countersOf(attempt)) await limiter(request);
        if (countsAgainstAddress(reply.statusCode)) await byIp(request);
      } finally {
        // Once counted: an attempt is never both finished and not yet counted.
        admitted.delete(request);
        for (const counter of attempt.inFlight) inFlight.remove(counter, attempt.at);
      }
      return payload;
    },
    forget: (identifiers) =>
      app.attemptCounters.forget(
        identifiers.map(base),
        identifiers.map((identifier) => `${base(identifier)} `),
      ),
  };
}

/**
 * An identifier as login reads it: an e-mail lower-cased, a phone in E.164 whatever its form
 * ('77 123 45 67', '00221…'), so retyping a number another way is no fresh count; anything else
 * trimmed and lower-cased.
 */
export function normalIdentifier(value: string): string {
  const known = parseLoginIdentifier(value);
  if (known) return 'email' in known ? known.email : known.phone;
  return value.trim().toLowerCase();
}

/**
 * The login identifier, phone or e-mail a validated body is about (`normalIdentifier`). The phone
 * comes before the e-mail: it is what registrations and guest orders are keyed on.
 */
export function identifierFromBody(request: FastifyRequest): string | undefined {
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  for (const key of ['identifier', 'phone', 'whatsapp_phone', 'email']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return normalIdentifier(value);
  }
  return undefined;
}
