import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

// Where the rate limits' counters live (docs/decisions/0012-rate-limits.md): in memory for one
// process, in Redis for every process sharing it. Both count, give a count back and forget, as
// `attemptLimiter` (rate-limit.ts) needs.

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
