// Throughput of API endpoints and pages with autocannon, run in this process against a server in another one.
import { createRequire } from 'node:module';
import type { CapturedResponse } from './ceiling-server.ts';

// autocannon is CommonJS without bundled types.
type AutocannonResult = {
  requests: { average: number; total: number; sent: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonInstance = PromiseLike<AutocannonResult> & {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ): void;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (
  opts: Record<string, unknown>,
) => AutocannonInstance;

export type LoadOptions = { connections: number; durationS: number; warmupS: number };

export type LoadResult = {
  url: string;
  connections: number;
  durationS: number;
  /** Mean of the per-second request counts (autocannon's "Req/Sec Avg"). */
  requestsPerSec: number;
  /** Latency percentiles in ms, from every response's own timing (sub-millisecond). */
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  totalRequests: number;
  /** Responses that were not 2xx, plus socket errors and timeouts. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  bytesPerSec: number;
};

export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** autocannon's request list: each connection's next request, e.g. a path taken in turn from a list. */
export type RequestList = {
  method: string;
  setupRequest: (request: Record<string, unknown>) => Record<string, unknown>;
}[];

async function fire(
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationS: number,
  collect: number[] | null,
  requests?: RequestList,
) {
  const instance = autocannon({
    url,
    headers,
    connections,
    duration: durationS,
    pipelining: 1,
    timeout: 10,
    ...(requests ? { requests } : {}),
  });
  if (collect) {
    instance.on('response', (_client, _status, _bytes, responseTimeMs) => {
      collect.push(responseTimeMs);
    });
  }
  return await instance;
}

/** A warm-up run (discarded), then the measured run; `headers` go with every request. */
export async function measure(
  url: string,
  options: LoadOptions,
  headers: Record<string, string> = {},
  requests?: RequestList,
): Promise<LoadResult> {
  if (options.warmupS > 0) await fire(url, headers, options.connections, options.warmupS, null, requests);
  const times: number[] = [];
  const r = await fire(url, headers, options.connections, options.durationS, times, requests);
  const sorted = Float64Array.from(times).sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  return {
    url,
    connections: options.connections,
    durationS: options.durationS,
    requestsPerSec: round(r.requests.average, 1),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1)),
    maxMs: round(sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN),
    totalRequests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    bytesPerSec: Math.round(r.throughput.average),
  };
}

/**
 * One answer as the bare ceiling server will replay it: status, headers (not the hop-by-hop ones)
 * and body, asked without compression as autocannon asks, with `headers` besides (a page is asked
 * for as a phone browser asks).
 */
export async function capture(
  origin: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<CapturedResponse & { bytes: Buffer }> {
  const res = await fetch(origin + url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200)
    throw new Error(`GET ${url} answered ${res.status}: ${bytes.toString('utf8').slice(0, 300)}`);
  const kept: Record<string, string> = {};
  const hopByHop = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  res.headers.forEach((value, name) => {
    if (!hopByHop.has(name)) kept[name] = value;
  });
  return { url, status: res.status, headers: kept, body: bytes.toString('base64'), bytes };
}
