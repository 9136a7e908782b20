// The WhatsApp rush: a crowd of anonymous visitors on the PostgreSQL server, each case beside a
// bare Fastify process answering the same bytes from memory in the same run (docs/decisions/0023).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BROWSER_USER_AGENT } from './bundle.ts';
import { capture, type LoadOptions, type LoadResult, measure } from './load.ts';
import { type ChildServer, startServer, tempDir } from './servers.ts';

export const RUSH_CONNECTIONS = 50;
const MIXED_CONNECTIONS = 10;
const LIST = '/api/products?per_page=12';
// As a phone browser asks for a page (streamed render); no compression, like the ceiling's bytes.
const PAGE_HEADERS = { 'user-agent': BROWSER_USER_AGENT, accept: 'text/html', 'accept-encoding': 'identity' };
const API_HEADERS = { 'accept-encoding': 'identity' };
// Searches a customer could type; asked with a guest cart, so no cache ever answers them.
const SEARCHES = ['savon', 'huile', 'argan', 'rose', 'musc', 'creme', 'parfum', 'noir', 'ambre', 'jasmin'];

export type RushCase = {
  id: string;
  label: string;
  souk: LoadResult;
  ceiling: LoadResult | null;
};

export type RushResult = {
  connections: number;
  durationS: number;
  cases: RushCase[];
  /** Spread browsing while one guest order a second is placed: the cache's hit rate meanwhile. */
  mixed: { orders: number; refused: number; hitRate: number | null; browsing: LoadResult } | null;
  urls: { products: number; categories: number };
};

type Health = { data?: { cache?: { hits: number; misses: number } } };

async function cacheCounts(origin: string) {
  const body = (await (await fetch(`${origin}/api/health`)).json()) as Health;
  return body.data?.cache ?? null;
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Every product page and category page of the shop, as a crowd spreads over them. */
export async function shopUrls(origin: string) {
  const products: string[] = [];
  for (let page = 1; ; page += 1) {
    const body = await json<{ data: { products: { id: number }[]; pagination: { last_page: number } } }>(
      `${origin}/api/products?per_page=100&page=${page}`,
    );
    products.push(...body.data.products.map((p) => `/products/${p.id}`));
    if (page >= body.data.pagination.last_page) break;
  }
  const categories = await json<{
    data: { categories: { slug: string; subcategories: { slug: string }[] }[] };
  }>(`${origin}/api/categories`);
  const categoryUrls = categories.data.categories.flatMap((c) => [
    `/catalog/${c.slug}`,
    ...c.subcategories.map((s) => `/catalog/${c.slug}/${s.slug}`),
  ]);
  return { products, categories: categoryUrls };
}

/** Load spread over `paths`, each connection taking the next one. */
export async function measureSpread(
  origin: string,
  paths: string[],
  options: LoadOptions,
  headers: Record<string, string>,
): Promise<LoadResult> {
  let next = 0;
  const rotate = (request: Record<string, unknown>) => {
    request.path = paths[next % paths.length];
    next += 1;
    return request;
  };
  return measure(`${origin}${paths[0]}`, options, headers, [{ method: 'GET', setupRequest: rotate }]);
}

type Orderable = { product_id: number; variant_id?: number };

/**
 * A variant with a stock, given enough of it for the whole mixed load (straight in the database),
 * so that each order changes a stock and the database announces it, as a real order does.
 */
async function orderable(origin: string, products: string[], databaseUrl: string): Promise<Orderable> {
  for (const page of products) {
    const id = Number(page.split('/').pop());
    const { data } = await json<{ data: { variants: { id: number; stock_quantity: number | null }[] } }>(
      `${origin}/api/products/${id}`,
    );
    const stocked = data.variants.find((v) => v.stock_quantity !== null);
    if (!stocked) continue;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('update product_variants set stock_quantity = 100000 where id = $1', [stocked.id]);
    } finally {
      await client.end();
    }
    return { product_id: id, variant_id: stocked.id };
  }
  throw new Error('no product of the seed has a variant with a stock');
}

/** One guest order a second from one address until `until` resolves; counts the refusals. */
async function orderEverySecond(origin: string, line: Orderable, until: Promise<unknown>) {
  let orders = 0;
  let refused = 0;
  let done = false;
  void until.then(() => {
    done = true;
  });
  for (let i = 0; !done; i += 1) {
    const tick = new Promise((r) => setTimeout(r, 1000));
    const add = await fetch(`${origin}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...line, quantity: 1 }),
    });
    const added = (await add.json()) as { data?: { session_id?: string } };
    const sessionId = added.data?.session_id;
    const order = await fetch(`${origin}/api/orders/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(sessionId ? { 'x-session-id': sessionId } : {}) },
      body: JSON.stringify({
        name: 'Cliente du banc',
        whatsapp_phone: `+22177${String(1_000_000 + i).slice(-7)}`,
        session_id: sessionId,
      }),
    });
    await order.arrayBuffer();
    if (order.status === 201) orders += 1;
    else refused += 1;
    await tick;
  }
  return { orders, refused };
}

/**
 * The rush cases on `server` (already seeded), each beside a ceiling started here with the same
 * bytes.
 */
export async function measureRush(
  server: ChildServer,
  ceilingEntry: string,
  options: LoadOptions,
  log: (line: string) => void,
  databaseUrl: string,
): Promise<RushResult> {
  const load = { ...options, connections: RUSH_CONNECTIONS };
  const { origin } = server;
  const urls = await shopUrls(origin);
  const productPage = urls.products[0] as string;
  const uncached = SEARCHES.map((s) => `${LIST}&search=${s}`);

  const listBytes = await capture(origin, LIST, API_HEADERS);
  const pageBytes = await capture(origin, productPage, PAGE_HEADERS);

  log(
    `rush: ${RUSH_CONNECTIONS} connections on ${LIST}, ${uncached.length} uncached searches, ${productPage}, then every page`,
  );
  const cases: RushCase[] = [];
  const souk = {
    list: await measure(origin + LIST, load, API_HEADERS),
    uncached: await measureSpread(origin, uncached, load, {
      ...API_HEADERS,
      'x-session-id': 'banc-panier-invite',
    }),
    page: await measure(origin + productPage, load, PAGE_HEADERS),
    spread: await measureSpread(origin, [...urls.products, ...urls.categories], load, PAGE_HEADERS),
  };

  log('rush: the same bytes from a bare Fastify process');
  const dir = tempDir('souk-bench-rush-ceiling-');
  let ceiling: ChildServer | undefined;
  let ceilingList: LoadResult | null = null;
  let ceilingPage: LoadResult | null = null;
  try {
    const routes = path.join(dir.dir, 'routes.json');
    writeFileSync(routes, JSON.stringify([listBytes, pageBytes].map(({ bytes: _, ...answer }) => answer)));
    ceiling = await startServer({
      name: 'rush ceiling',
      script: ceilingEntry,
      env: { BENCH_CEILING_ROUTES: routes },
    });
    ceilingList = await measure(ceiling.origin + LIST, load, API_HEADERS);
    ceilingPage = await measure(ceiling.origin + productPage, load, PAGE_HEADERS);
  } finally {
    await ceiling?.stop();
    await dir.remove();
  }
  cases.push(
    { id: 'list', label: `GET ${LIST} (cached)`, souk: souk.list, ceiling: ceilingList },
    {
      id: 'uncached',
      label: `GET ${LIST}&search=… (${SEARCHES.length} searches, never cached)`,
      souk: souk.uncached,
      ceiling: ceilingList,
    },
    { id: 'page', label: `anonymous GET ${productPage} (HTML)`, souk: souk.page, ceiling: ceilingPage },
    {
      id: 'spread',
      label: `anonymous pages spread over ${urls.products.length} products and ${urls.categories.length} categories`,
      souk: souk.spread,
      ceiling: ceilingPage,
    },
  );

  log('rush: every page while one order a second is placed');
  let mixed: RushResult['mixed'] = null;
  try {
    const before = await cacheCounts(origin);
    const browsing = measureSpread(
      origin,
      [...urls.products, ...urls.categories],
      // Fewer connections than the rush: the orders must get through, not queue behind the pages.
      { connections: MIXED_CONNECTIONS, durationS: Math.max(load.durationS, 20), warmupS: 0 },
      PAGE_HEADERS,
    );
    const placed = await orderEverySecond(
      origin,
      await orderable(origin, urls.products, databaseUrl),
      browsing,
    );
    const after = await cacheCounts(origin);
    const asked = after && before ? after.hits - before.hits + (after.misses - before.misses) : 0;
    mixed = {
      ...placed,
      hitRate:
        after && before && asked ? Math.round(((after.hits - before.hits) / asked) * 1000) / 1000 : null,
      browsing: await browsing,
    };
  } catch (error) {
    log(`rush: the mixed load failed: ${(error as Error).message}`);
  }
  return {
    connections: RUSH_CONNECTIONS,
    durationS: load.durationS,
    cases,
    mixed,
    urls: { products: urls.products.length, categories: urls.categories.length },
  };
}

/**
 * The targets under a rush, each a share of the ceiling serving the same bytes in the same
 * run: the cached list (and its p99), the anonymous product page, every page in turn.
 */
export const RUSH_TARGETS: Record<string, { share: number; p99Ms?: number }> = {
  list: { share: 0.5, p99Ms: 20 },
  page: { share: 0.5 },
  spread: { share: 0.3 },
};

/** The rush cases that missed their target, in one line each. */
export function rushMisses(rush: RushResult): string[] {
  const out: string[] = [];
  for (const c of rush.cases) {
    const target = RUSH_TARGETS[c.id];
    if (!target || !c.ceiling?.requestsPerSec) continue;
    const share = c.souk.requestsPerSec / c.ceiling.requestsPerSec;
    if (share < target.share)
      out.push(
        `Under a rush, ${c.label} is at ${(share * 100).toFixed(1)} % of its ceiling (target ≥ ${target.share * 100} %)`,
      );
    if (target.p99Ms !== undefined && c.souk.p99Ms > target.p99Ms)
      out.push(`Under a rush, ${c.label} has p99 ${c.souk.p99Ms} ms (target ≤ ${target.p99Ms} ms)`);
  }
  return out;
}

export function rushTable(rush: RushResult): string {
  const share = (souk: LoadResult, ceiling: LoadResult | null) =>
    ceiling?.requestsPerSec ? `${((souk.requestsPerSec / ceiling.requestsPerSec) * 100).toFixed(1)} %` : '—';
  const rows = rush.cases.map((c) => [
    c.label,
    c.souk.requestsPerSec.toLocaleString('en-US'),
    c.souk.p50Ms.toFixed(1),
    c.souk.p99Ms.toFixed(1),
    c.ceiling ? c.ceiling.requestsPerSec.toLocaleString('en-US') : '—',
    share(c.souk, c.ceiling),
    `${c.souk.non2xx} / ${c.souk.errors + c.souk.timeouts}`,
  ]);
  const lines = [
    '| case | req/s | p50 ms | p99 ms | ceiling req/s | of ceiling | non-2xx / errors |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
  if (rush.mixed)
    lines.push(
      '',
      `Mixed load: every page (${rush.mixed.browsing.connections} connections, ${rush.mixed.browsing.durationS} s, ${rush.mixed.browsing.requestsPerSec} req/s, p99 ${rush.mixed.browsing.p99Ms} ms) while one guest order a second was placed from one address: ${rush.mixed.orders} orders placed, ${rush.mixed.refused} refused; the API cache's hit rate meanwhile ${rush.mixed.hitRate === null ? 'not reported' : `${(rush.mixed.hitRate * 100).toFixed(1)} %`}.`,
    );
  return lines.join('\n');
}
