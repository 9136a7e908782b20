import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { brotliCompress, brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { isAnonymous } from '@souk/domain/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

// docs/decisions/0023-response-cache.md: what is kept, for whom, and how it is never stale.

/** What an answer is about, for invalidation: 'catalog', 'banners', 'product:<id>'. */
export type CacheTag = string;

/** The tags every changed row of the catalogue announces (migration 0013): see `invalidate`. */
export const CATALOG_TAG = 'catalog';
export const BANNERS_TAG = 'banners';
export const productTag = (id: number): CacheTag => `product:${id}`;

type Entry = {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  type: string;
  tags: readonly CacheTag[];
  /** The computed answer's headers (security headers, Cache-Control…), replayed on every hit. */
  headers: Record<string, string | string[]>;
};

export type PreparedEntry = Omit<Entry, 'headers'>;

export type CacheStats = {
  entries: number;
  bytes: number;
  max_bytes: number;
  hits: number;
  misses: number;
  /** Hits over hits and misses since the start, 0 before the first request. */
  hit_rate: number;
  invalidations: number;
};

// Invalidations remembered, to refuse storing an answer computed across one that concerns it.
const RECENT_INVALIDATIONS = 1024;
// Answers waiting for their best brotli form at most, and the smallest worth it (a few hundred
// bytes saved on an answer that fits TCP's first window either way are no round trip).
const REFINE_QUEUE = 32;
const REFINE_MIN_BYTES = 8 * 1024;

/**
 * Serialised answers by key, with their brotli and gzip forms made once when stored, bounded in
 * bytes (least recently used out first) and in time. An answer is stored only if no invalidation
 * concerning it arrived while it was being computed (`begin` → `store`): a read that started before
 * a change and ends after it would otherwise keep the old data.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly byTag = new Map<CacheTag, Set<string>>();
  private readonly recent: { epoch: number; tag: CacheTag | null }[] = [];
  private epoch = 0;
  private live = true;
  private hits = 0;
  private misses = 0;
  /** The keys whose brotli form waits to be made again at the best quality (`refine`). */
  private readonly toRefine = new Set<string>();
  private refining = false;
  private refinedWaiters: (() => void)[] = [];
  readonly maxBytes: number;

  constructor({ maxBytes, ttlMs }: { maxBytes: number; ttlMs: number }) {
    this.maxBytes = maxBytes;
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) =>
        entry.body.length + entry.br.length + entry.gzip.length + key.length + 64,
      ttl: ttlMs,
      dispose: (entry, key) => this.untag(key, entry.tags),
    });
  }

  /** The entry under `key`, not counted as a hit or a miss (`record` says which it was). */
  lookup(key: string): Entry | undefined {
    return this.live ? this.entries.get(key) : undefined;
  }

  record(hit: boolean) {
    if (hit) this.hits += 1;
    else this.misses += 1;
  }

  /** A ticket for `store`: the moment the answer's reading began. */
  begin(): number {
    return this.epoch;
  }

  /** The answer with its compressed forms and its ETag, made once, for `store`. */
  prepare(body: Buffer, type: string, tags: readonly CacheTag[]): PreparedEntry {
    return {
      body,
      // Made once per answer, so a better compression than per-request work could afford. Quality 6:
      // measured on a 68 kB page, 1 % larger than quality 9 and 15 times faster (8 ms, not 120):
      // a cold cache under a crowd computes many answers at once.
      br: brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gzip: gzipSync(body, { level: 9 }),
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      type,
      tags,
    };
  }

  /** Keeps `entry` under `key` unless something it is about changed since `ticket`; false then. */
  store(key: string, ticket: number, entry: PreparedEntry, headers: Entry['headers']): boolean {
    if (!this.live || this.changedSince(ticket, entry.tags)) return false;
    const kept: Entry = { ...entry, headers };
    this.entries.set(key, kept);
    // lru-cache does not keep what is larger than the whole bound.
    if (!this.entries.has(key)) return false;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.byTag.set(tag, keys);
    }
    this.refine(key, kept);
    return true;
  }

  /**
   * Makes a kept answer's brotli form again at the best quality, in zlib's thread pool, one answer
   * at a time. Quality 11 takes about a tenth more off a page than `prepare`'s 6, which is what
   * brings the home page under TCP's first window (about 14.6 kB with its headers): on a phone
   * network it arrives a round trip sooner. Too slow for the request that computes the answer
   * (about 60 ms for a 100 kB page), it is worth it for the answers that stay. Keys wait, not
   * answers: an answer dropped meanwhile is not held in memory, a replaced one is refined in its
   * new form, and the queue is bounded (a crowd of new searches skips it: their answers keep
   * quality 6). A refined answer's size in the bound stays the first one (a little more, never
   * less).
   */
  private refine(key: string, entry: Entry) {
    if (entry.body.length < REFINE_MIN_BYTES || this.toRefine.size >= REFINE_QUEUE) return;
    this.toRefine.add(key);
    if (!this.refining) this.refineNext();
  }

  private refineNext() {
    for (const key of this.toRefine) {
      this.toRefine.delete(key);
      const entry = this.entries.peek(key);
      if (!entry) continue;
      this.refining = true;
      brotliCompress(
        entry.body,
        { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } },
        (error, br) => {
          // Its own body's form, kept only if the answer is still the one kept.
          if (!error && this.entries.peek(key) === entry && br.length < entry.br.length) entry.br = br;
          this.refineNext();
        },
      );
      return;
    }
    this.refining = false;
    for (const resolve of this.refinedWaiters.splice(0)) resolve();
  }

  /** Resolves once every answer waiting for its best brotli form has it (tests). */
  refined(): Promise<void> {
    if (!this.refining) return Promise.resolve();
    return new Promise((resolve) => this.refinedWaiters.push(resolve));
  }

  /** Drops what `tag` concerns: a product's answers, or every answer of the catalogue or banners. */
  invalidate(tag: CacheTag) {
    this.remember(tag);
    for (const key of [...(this.byTag.get(tag) ?? [])]) this.entries.delete(key);
  }

  /** Drops everything: changes may have been missed. */
  invalidateAll() {
    this.remember(null);
    this.entries.clear();
  }

  /** Drops everything and stores nothing until `resume`: changes may be missed meanwhile. */
  suspend() {
    this.live = false;
    this.invalidateAll();
  }

  resume() {
    // A read that began while changes went unheard must not be kept once they are heard again.
    this.remember(null);
    this.live = true;
  }

  stats(): CacheStats {
    const asked = this.hits + this.misses;
    return {
      entries: this.entries.size,
      bytes: this.entries.calculatedSize,
      max_bytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
      hit_rate: asked ? Math.round((this.hits / asked) * 1000) / 1000 : 0,
      invalidations: this.epoch,
    };
  }

  private remember(tag: CacheTag | null) {
    this.epoch += 1;
    this.recent.push({ epoch: this.epoch, tag });
    if (this.recent.length > RECENT_INVALIDATIONS) this.recent.shift();
  }

  private changedSince(ticket: number, tags: readonly CacheTag[]): boolean {
    if (ticket === this.epoch) return false;
    const oldest = this.recent[0];
    // Too many changes since: whether one concerned this answer is no longer known.
    if (!oldest || oldest.epoch > ticket + 1) return true;
    return this.recent.some(
      (change) => change.epoch > ticket && (change.tag === null || tags.includes(change.tag)),
    );
  }

  private untag(key: string, tags: readonly CacheTag[]) {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

/** The key of a route's answer to this request, or null when this one is not kept (pages). */
export type CacheKeyOf = (request: FastifyRequest) => string | null;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set while a cacheable answer is computed: where it goes, what it is about, whether it may
     * be kept (a page is not once it read something no cache keeps), what it is.
     */
    responseCache: {
      key: string;
      ticket: number;
      tags: CacheTag[];
      keep: boolean;
      entry?: PreparedEntry;
      /** Set on the one request computing this key, which others asking meanwhile wait for. */
      flight?: Flight;
    } | null;
  }
  interface FastifyContextConfig {
    /** A route whose answers are kept under keys of its own making (the storefront's pages). */
    cacheKeyOf?: CacheKeyOf;
  }
}

/**
 * A request asking with this header (a page reading the API in process) is told, in
 * CACHE_TAGS_HEADER, the tags of an answer from the cache or computed to be kept (the cache may
 * still refuse it, as it may refuse the page); the header is absent for an answer no cache keeps.
 */
export const REPORT_TAGS_HEADER = 'x-report-cache-tags';
export const CACHE_TAGS_HEADER = 'x-cache-tags';

/**
 * A read made while `request`'s answer is computed (a page's loader asking the API), from the
 * read's CACHE_TAGS_HEADER: the answer is about what the read was about, and a read no cache keeps
 * (absent header: personal, not public, an error) means nothing would tell when the answer changed:
 * it is not kept.
 */
export function answerRead(request: FastifyRequest, tags: unknown) {
  const pending = request.responseCache;
  if (!pending) return;
  if (typeof tags === 'string') pending.tags.push(...tags.split(' ').filter(Boolean));
  else pending.keep = false;
}

/**
 * What the answer being computed is about, beyond the catalogue as a whole: the products it
 * shows, so that one product's stock change drops only the answers showing it.
 */
export function cacheTags(request: FastifyRequest, tags: readonly CacheTag[]) {
  request.responseCache?.tags.push(...tags);
}

/**
 * Someone's own request: a session (cookie or bearer) or a guest cart. It is never answered from
 * the cache, nor stored, whatever the route: nothing personal can reach the cache or leave it.
 */
export function isPersonal(request: FastifyRequest): boolean {
  const { cookie, authorization } = request.headers;
  // The same rule as the pages' (an empty cookie is none), so both caches share who is anonymous.
  return authorization !== undefined || request.headers['x-session-id'] !== undefined || !isAnonymous(cookie);
}

const NO_PARAMETERS: ReadonlySet<string> = new Set();
const queryKeysOf = new WeakMap<object, ReadonlySet<string> | null>();

/**
 * The query parameters a route reads: the keys of its query schema (a zod object drops the
 * others before the handler sees them); none without a schema; null when they cannot be told.
 */
export function knownParameters(schema: unknown): ReadonlySet<string> | null {
  if (schema === undefined) return NO_PARAMETERS;
  if (!schema || typeof schema !== 'object') return null;
  if (!queryKeysOf.has(schema)) {
    const shape = (schema as { shape?: unknown }).shape;
    queryKeysOf.set(schema, shape && typeof shape === 'object' ? new Set(Object.keys(shape)) : null);
  }
  return queryKeysOf.get(schema) ?? null;
}

/**
 * The key of a request as its handler will read it: the path, and the query as Fastify parsed it
 * (so two spellings of one value are one key), in one order, without the parameters the route
 * ignores (a `?_=123` added to bust caches is the same answer).
 */
export function cacheKey(
  url: string,
  query: Record<string, unknown>,
  known: ReadonlySet<string> | null,
): string {
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  const kept = Object.keys(query)
    .filter((name) => !known || known.has(name))
    .sort()
    .map((name) => [name, query[name]]);
  return kept.length ? `${path}?${JSON.stringify(kept)}` : path;
}

const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  // Weak comparison (RFC 9110 §13.1.2): W/"x" and "x" name the same answer.
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((candidate) => candidate.trim() === '*' || candidate.trim().replace(/^W\//, '') === opaque);
}

/** Answers from `entry`: 304 when the client holds it, else the bytes in the encoding it takes. */
function answer(request: FastifyRequest, reply: FastifyReply, entry: PreparedEntry) {
  reply.header('ETag', entry.etag).header('Vary', 'Accept-Encoding');
  if (matches(request.headers['if-none-match'], entry.etag)) {
    reply.code(304);
    return null;
  }
  reply.header('Content-Type', entry.type);
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? encodings.negotiate(accepted) : null;
  if (encoding === 'br' || encoding === 'gzip') {
    reply.header('Content-Encoding', encoding);
    return entry[encoding];
  }
  return entry.body;
}

export type ResponseCacheOptions = { cache: ResponseCache };

// How long a request waits for another computing the same answer before computing it itself; and
// how long a computation is waited for at most, should its request never finish.
const FLIGHT_MS = 3000;

/** A computation's outcome: kept, not keepable (an error, a page that read something personal), or lost. */
type Outcome = 'kept' | 'not-kept' | 'lost';
type Flight = { done: Promise<Outcome>; land(outcome: Outcome): void };

/**
 * The answers being computed, by key: a crowd opening one link on a cold cache computes its page
 * once, the others waiting for it and answered from the cache.
 */
class Flights {
  private readonly flights = new Map<string, Flight>();

  /** The computation of `key` under way, done when it lands (within FLIGHT_MS). */
  under(key: string): Promise<Outcome> | undefined {
    return this.flights.get(key)?.done;
  }

  /** The flight of the one request computing `key`; undefined if another already is. */
  take(key: string): Flight | undefined {
    if (this.flights.has(key)) return undefined;
    let resolve: (outcome: Outcome) => void = () => {};
    const done = new Promise<Outcome>((r) => {
      resolve = r;
    });
    const flight: Flight = {
      done,
      land: (outcome) => {
        clearTimeout(timer);
        if (this.flights.get(key) === flight) this.flights.delete(key);
        resolve(outcome);
      },
    };
    const timer = setTimeout(() => flight.land('lost'), FLIGHT_MS);
    timer.unref();
    this.flights.set(key, flight);
    return flight;
  }
}

/**
 * Waits for the computation of `key` under way: its entry once kept; else the flight this request
 * then takes, computing it for the others (one lost — a change arrived meanwhile, its client left,
 * it took too long — is computed again by one of them, the others waiting for that one); else
 * nothing, to compute on its own (an answer that cannot be kept, or past FLIGHT_MS). The flight is
 * taken in the same turn as the check, so of the waiters woken together one takes it.
 */
async function awaitFlights(
  cache: ResponseCache,
  flights: Flights,
  key: string,
  computing: Promise<Outcome>,
): Promise<{ entry?: Entry; flight?: Flight }> {
  const deadline = Date.now() + FLIGHT_MS;
  for (let next: Promise<Outcome> | undefined = computing; next; next = flights.under(key)) {
    const outcome = await next;
    const entry = cache.lookup(key);
    if (entry) return { entry };
    if (outcome === 'not-kept' || Date.now() >= deadline) return {};
  }
  return { flight: flights.take(key) };
}

/** The contract's public reads, by path and known query; a route's own key (pages); else null. */
function keyOf(request: FastifyRequest): string | null {
  const config = request.routeOptions.config;
  if (config?.cache === 'public')
    return cacheKey(
      request.url,
      request.query as Record<string, unknown>,
      knownParameters(request.routeOptions.schema?.querystring),
    );
  return config?.cacheKeyOf?.(request) ?? null;
}

/** The whole answer: a page is sent as a stream, read to its end here (it was rendered whole). */
async function bytesOf(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (!(payload instanceof Readable)) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

// Headers of the computed answer that are not replayed: they belong to one response or one client.
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'content-type',
  'date',
  'etag',
  'vary',
  'x-cache',
  CACHE_TAGS_HEADER,
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

function replayable(reply: FastifyReply): Entry['headers'] | null {
  const headers: Entry['headers'] = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    // An answer that sets a cookie is someone's: never kept.
    if (name === 'set-cookie') return null;
    if (value === undefined || NOT_REPLAYED.has(name)) continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  return headers;
}

/**
 * Serves the contract's public reads (`cache: 'public'`) and the routes that key their own
 * answers (`cacheKeyOf`: the storefront's pages) from `cache` to anonymous callers: `GET`, no
 * session, no cart. Registered first, before @fastify/compress: a hit is answered from the
 * first onRequest hook with the headers the computed answer had; a miss's onSend sees the
 * serialised answer (and sets Content-Encoding itself, which compress then leaves alone), and once
 * the answer has left with all its headers, it is kept.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, { cache }: ResponseCacheOptions) => {
    const flights = new Flights();
    app.decorateRequest('responseCache', null);
    // Callback hooks, not async ones: a hit is answered without a promise for each hook it
    // passes through, a few µs that under a rush are a share of what a hit costs.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || isPersonal(request)) return done();
      const key = keyOf(request);
      if (key === null) return done();
      // Being computed for another: its answer, once kept, is this one's. Nothing is awaited
      // between the lookup and `take` when no flight is under way (an await yields, and the rest
      // of a crowd arriving together would pass `take` too), so of that crowd one computes.
      const entry = cache.lookup(key);
      const computing = entry ? undefined : flights.under(key);
      if (!computing) return settle(request, reply, key, entry, entry ? undefined : flights.take(key), done);
      // A throw in `settle` (answering a hit) is the request's error, not an unhandled rejection.
      awaitFlights(cache, flights, key, computing).then((waited) => {
        try {
          settle(request, reply, key, waited.entry, waited.flight, done);
        } catch (error) {
          done(error as Error);
        }
      }, done);
    });
    /** Answers a hit from `entry`; otherwise lets the request be computed, and kept if it can be. */
    function settle(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      entry: Entry | undefined,
      flight: Flight | undefined,
      done: () => void,
    ) {
      cache.record(entry !== undefined);
      if (entry) {
        reply.headers(entry.headers).header('X-Cache', 'HIT');
        if (request.headers[REPORT_TAGS_HEADER]) reply.header(CACHE_TAGS_HEADER, entry.tags.join(' '));
        reply.send(answer(request, reply, entry));
        return;
      }
      request.responseCache = { key, ticket: cache.begin(), tags: [CATALOG_TAG], keep: true, flight };
      done();
    }
    app.addHook('onSend', (request, reply, payload, done) => {
      const pending = request.responseCache;
      if (!pending || pending.entry) return done(null, payload);
      reply.header('X-Cache', 'MISS');
      if (reply.statusCode !== 200 || !pending.keep) return done(null, payload);
      bytesOf(payload).then((body) => {
        // Not bytes, nor a stream (a file): sent as it is, not kept.
        if (!body) return done(null, payload);
        let kept: ReturnType<typeof answer>;
        // A throw while compressing or answering is the request's error (as an async hook's
        // would be), not an unhandled rejection that takes the process down.
        try {
          const type = String(reply.getHeader('Content-Type') ?? 'application/json; charset=utf-8');
          pending.entry = cache.prepare(body, type, [...new Set(pending.tags)]);
          if (request.headers[REPORT_TAGS_HEADER])
            reply.header(CACHE_TAGS_HEADER, pending.entry.tags.join(' '));
          kept = answer(request, reply, pending.entry);
        } catch (error) {
          pending.entry = undefined;
          return done(error as Error);
        }
        done(null, kept);
      }, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const pending = request.responseCache;
      request.responseCache = null;
      // Stored even when the client held it (304): the answer was computed, and it is good.
      if (pending) {
        const headers = pending.entry && replayable(reply);
        if (!pending.entry || !headers) pending.flight?.land('not-kept');
        else
          pending.flight?.land(
            cache.store(pending.key, pending.ticket, pending.entry, headers) ? 'kept' : 'lost',
          );
      }
      done();
    });
    // A request its client gives up may never reach onResponse: those waiting for it go on.
    app.addHook('onRequestAbort', async (request) => request.responseCache?.flight?.land('lost'));
  },
  { name: 'souk-response-cache' },
);
