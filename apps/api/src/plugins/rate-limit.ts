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
export class WindowStore implements FastifyRateLimitStore, AttemptCounters {
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

  /**
   * Every limiter of the app shares this store (keys carry the action and what is counted), so
   * two routes counting one action — a guest order and a customer's order from one address — add
   * up, as they do in Redis.
   */
  child() {
    return this;
  }

  async giveBack(key: string) {
    const counter = this.counters.get(key);
    if (!counter) return;
    counter.current -= 1;
    if (counter.current <= 0) this.counters.delete(key);
  }

  async forget(keys: readonly string[], prefixes: readonly string[]) {
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

/** What the app may do to the counters besides counting. */
export type AttemptCounters = {
  /**
   * Takes back one count of `key`: a reservation the answer did not use (an order refused, a login
   * that succeeded). A counter back at zero is dropped, so its next count opens a new window. One
   * given back after its window has ended takes a count from the next: at most the attempts that
   * were under way at the turn, which we accept rather than track windows per reservation.
   */
  giveBack(key: string): Promise<void>;
  /** Drops the counters named `keys`, and those whose key starts with one of `prefixes` (a password just reset). */
  forget(keys: readonly string[], prefixes: readonly string[]): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    attemptCounters: AttemptCounters;
  }
}

/** A glob pattern (Redis SCAN's MATCH) matching `text` as it is. */
const literalGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

// One script per change, so that a count and its window, or a give-back and its drop, are one step
// for every process sharing the Redis.
const COUNT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;
const GIVE_BACK = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current > 1 then return redis.call('DECR', KEYS[1]) end
redis.call('DEL', KEYS[1])
return 0`;

type CounterScripts = {
  soukCount(key: string, windowMs: number): Promise<[number, number]>;
  soukGiveBack(key: string): Promise<number>;
};

/**
 * The Redis store: the library's store interface over counters `<prefix><key>` that expire with
 * their window, shared by every process. Ours rather than the library's RedisStore because a
 * reservation must be given back (an order refused), which that store cannot do.
 */
export class RedisWindowStore implements FastifyRateLimitStore, AttemptCounters {
  private readonly scripts: CounterScripts;
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(redis: Redis, prefix: string) {
    this.redis = redis;
    this.prefix = prefix;
    for (const [name, lua] of [
      ['soukCount', COUNT],
      ['soukGiveBack', GIVE_BACK],
    ] as const)
      if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: 1, lua });
    this.scripts = redis as unknown as CounterScripts;
  }

  incr(key: string, done: Counted, timeWindow: number) {
    this.scripts.soukCount(this.prefix + key, timeWindow).then(
      ([current, ttl]) => done(null, { current, ttl }),
      (error: Error) => done(error),
    );
  }

  /** One store for every limiter, as `WindowStore.child`. */
  child() {
    return this;
  }

  async giveBack(key: string) {
    await this.scripts.soukGiveBack(this.prefix + key);
  }

  /**
   * SCAN finds the prefixed ones (resets are rare, and Redis holds nothing but these counters).
   * A junk identifier starting like a real one followed by a space may be forgotten with it: that
   * only forgets a stranger's count.
   */
  async forget(keys: readonly string[], prefixes: readonly string[]) {
    if (keys.length) await this.redis.del(...keys.map((key) => this.prefix + key));
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, found] = await this.redis.scan(
          cursor,
          'MATCH',
          `${literalGlob(this.prefix + prefix)}*`,
          'COUNT',
          1000,
        );
        if (found.length) await this.redis.del(...found);
        cursor = next;
      } while (cursor !== '0');
    }
  }
}

/** @fastify/rate-limit over our stores; routes opt in through `attemptLimiter`. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { redis, keyPrefix = 'souk:rate-limit:' }: RateLimitOptions) => {
    const store: FastifyRateLimitStore & AttemptCounters = redis
      ? new RedisWindowStore(redis, keyPrefix)
      : new WindowStore();
    // The library builds its store with `new`; a constructor that returns an object hands over
    // that object, so the app keeps the store it counts in, to give back and forget counts.
    const handOver = class {
      constructor() {
        // biome-ignore lint/correctness/noConstructorReturn: the library's `new` must get this store
        return store;
      }
    } as unknown as FastifyRateLimitStoreCtor;
    await app.register(rateLimit, { global: false, store: handOver });
    app.decorate('attemptCounters', store);
  },
  { name: 'souk-rate-limit' },
);

/** Who an attempt is about, read from the validated request; undefined when it names nobody. */
export type IdentifierOf = (request: FastifyRequest) => string | undefined;

/**
 * Whether the request comes from a device that proved itself for `identifier` before: a cookie it
 * received when it logged in to that account or ordered with that number. Undefined when it
 * carries no such proof. `device` names the device when its attempts are to count per device
 * rather than per address: such a device is not held by its address's refusals either (nor counted
 * in them), as strangers behind the same NAT may fill them, and its own are capped per device.
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

/**
 * Route hooks: `preHandler` checks the limits, `onSend` settles what the answer decides (a refusal
 * counts against the address; an order placed per identifier); `forget` drops an identifier's
 * counters (a password just reset).
 */
export type AttemptHooks = {
  preHandler: preHandlerHookHandler;
  onSend: onSendHookHandler;
  forget(identifiers: readonly string[]): Promise<void>;
};

/** A count taken before the answer, kept only if the answer's status is one that counts. */
type Reserved = { key: string; keptWhen: (status: number) => boolean };
/** An admitted attempt: the counters of its identifier (near: per address or device), its reservations. */
type Admitted = { near?: string; across?: string; reserved: Reserved[] };

/**
 * The hooks limiting the attempts at one action ('login'): 429 once an identifier has made its
 * attempts, or once an address has had its share of refusals.
 *
 * The preHandler runs after validation, so a request the schema refuses (422) costs nothing, and
 * before the handler, so a limited attempt never reaches argon2 or the database (but for a signed
 * device cookie, checked against its account). What only the answer decides — whether the address
 * is charged a refusal, whether an order was placed — is reserved there, one atomic count in the
 * store (in Redis, for every process), and given back in `onSend` when the answer does not count
 * (a success, a 429, a 5xx; an order refused). A burst sent in parallel, to one process or several,
 * thus stops at the limit as a sequence does: each attempt under way holds its count. `onSend` runs
 * once the error handler has set the status and before the client has the answer, so the next
 * request already sees the count settled.
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
  const byIp = app.createRateLimit({
    max: limits.perIp.max,
    timeWindow: limits.perIp.windowMs,
    keyGenerator: (req) => `${action}:ip:${normalizeIP(req.ip)}`,
  });
  // Requests let through to the handler, with what they reserved.
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
  const identifierLimiters = (attempt: Admitted) => [
    ...(attempt.near ? [near] : []),
    ...(attempt.across ? [across] : []),
  ];
  const tooMany = (reply: FastifyReply, seconds: number) => {
    const wait = Math.max(seconds, 1);
    reply.header('Retry-After', wait);
    return new AppError('rate_limited', tooManyMessage(wait));
  };
  const giveBack = async (reserved: readonly Reserved[], status?: number) => {
    for (const { key, keptWhen } of reserved)
      if (status === undefined || !keptWhen(status)) await app.attemptCounters.giveBack(key);
  };

  /**
   * Per identifier: near its caller (address or known device), and across addresses unless known.
   * Whether the device is one that counts on its own (then its address does not hold it).
   */
  async function plan(request: FastifyRequest, attempt: Admitted, identifier: string) {
    if (!strangerCanName) {
      attempt.across = base(identifier);
      return false;
    }
    const known = await knownDevice?.(request, identifier);
    const where = known?.device ? `device:${known.device}` : `ip:${normalizeIP(request.ip)}`;
    attempt.near = `${base(identifier)} ${where}`;
    if (!known) attempt.across = base(identifier);
    return Boolean(known?.device);
  }

  /** Counts the attempt with `limiter`, to be given back unless the answer `keptWhen`. */
  async function reserve(
    limiter: typeof byIp,
    request: FastifyRequest,
    reply: FastifyReply,
    attempt: Admitted,
    keptWhen: Reserved['keptWhen'],
  ) {
    const result = await limiter(request);
    attempt.reserved.push({ key: result.key, keptWhen });
    if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttlInSeconds);
  }

  return {
    async preHandler(request, reply) {
      const attempt: Admitted = { reserved: [] };
      // Before any count: the identifier limiters read their keys from it.
      admitted.set(request, attempt);
      try {
        const identifier = identifierOf(request);
        const ownCount = identifier ? await plan(request, attempt, identifier) : false;
        if (!ownCount) await reserve(byIp, request, reply, attempt, countsAgainstAddress);
        for (const limiter of identifierLimiters(attempt)) {
          if (identifierCounts === 'successes') {
            await reserve(limiter, request, reply, attempt, isSuccess);
            continue;
          }
          // Every attempt counts, those past the limit too.
          const result = await limiter(request);
          if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttlInSeconds);
        }
      } catch (error) {
        // Refused here (429, or the store failing): nothing reserved counts.
        admitted.delete(request);
        await giveBack(attempt.reserved);
        throw error;
      }
    },
    async onSend(request, reply, payload) {
      const attempt = admitted.get(request);
      if (attempt === undefined) return payload;
      // Settled once: an answer sent twice (an error while sending) gives nothing back twice.
      admitted.delete(request);
      await giveBack(attempt.reserved, reply.statusCode);
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
