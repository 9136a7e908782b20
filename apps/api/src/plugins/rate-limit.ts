import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import { tooManyAttempts } from '@souk/domain/account-messages';
import { parseLoginIdentifier } from '@souk/domain/auth';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '#shared/app-error.ts';
import { type AttemptCounters, RedisWindowStore, WindowStore } from './rate-limit-stores.ts';

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

export type RateLimitOptions = {
  /** Counters in Redis (REDIS_URL), shared by every server process; in memory without it. */
  redis?: Redis;
  /** Prefix of the Redis keys. */
  keyPrefix?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    attemptCounters: AttemptCounters;
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
  /** The 429's message, from the seconds to wait (by default, when to try again). */
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
    tooManyMessage = tooManyAttempts,
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
