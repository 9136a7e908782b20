// `npm run bench`: API load (PGlite, PostgreSQL, bare-Fastify ceiling), page throughput in production
// and development mode, Lighthouse mobile, first-load JS and CSS and the first view's bytes on a phone
// per page, printed side by side and written to bench/results/. See bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nginxPath } from '../deploy/local-proxy.ts';
import { BULK_ADMIN, measureDuringBulk } from './bulk.ts';
import {
  BROWSER_USER_AGENT,
  CSS_BUDGET,
  FIRST_LOAD_JS_BUDGET,
  fetchHtml,
  measurePage,
  OUR_JS_BUDGET,
} from './bundle.ts';
import { measureCatalogue } from './catalogue.ts';
import { seedCatalogue } from './catalogue-seed.ts';
import { installCleanupHandlers, releaseAll } from './cleanup.ts';
import { FIRST_VIEW_BUDGET, FIRST_VIEW_GOAL, openFirstView, PHONE_LABEL } from './first-view.ts';
import { CHROME_PATH, type LighthouseRun, medianOf, openLighthouse } from './lighthouse.ts';
import { capture, type LoadOptions, measure } from './load.ts';
import { BENCH_ORDERS, measureOrders, ORDERS_ADMIN, seedOrders } from './orders.ts';
import { createBenchDatabase, redact } from './postgres.ts';
import {
  type ApiTarget,
  type Endpoint,
  type LighthousePage,
  type LoadTarget,
  markdown,
  type PageTarget,
  type Results,
} from './report.ts';
import { measureRush } from './rush.ts';
import { emptyScaleOut, measureScaleOut } from './scale-out.ts';
import { type ChildServer, ROOT, startServer, tempDir } from './servers.ts';

const started = performance.now();
const elapsedS = () => (performance.now() - started) / 1000;
const log = (message: string) => console.log(`[bench ${elapsedS().toFixed(0).padStart(3)} s] ${message}`);

// ---- settings (environment overrides, documented in bench/README.md) ----
const envNumber = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
};
const load: LoadOptions = {
  connections: envNumber('BENCH_CONNECTIONS', 10),
  durationS: envNumber('BENCH_DURATION', 10),
  warmupS: envNumber('BENCH_WARMUP', 2),
};
// Three runs, each figure's median: one run is too noisy on a shared 2-core machine to judge 98 vs 100.
const lighthouseRuns = Math.max(1, Math.round(envNumber('BENCH_LIGHTHOUSE_RUNS', 3)));
const skip = new Set(
  (process.env.BENCH_SKIP ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const verbose = process.env.BENCH_VERBOSE === '1';
const postgresServerUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchDatabaseName = process.env.BENCH_DATABASE ?? 'souk_bench';
const catalogueDatabaseName = process.env.BENCH_CATALOGUE_DATABASE ?? 'souk_bench_scale';
const scaleOutDatabaseName = process.env.BENCH_SCALE_OUT_DATABASE ?? 'souk_bench_scale_out';
// The Redis the processes behind nginx share (their rate-limit counters).
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const reportsDir =
  process.env.BENCH_LIGHTHOUSE_REPORTS === '1' ? path.join(ROOT, 'bench/results/lighthouse') : null;

const WEB_DIR = path.join(ROOT, 'apps/web');
// What `npm start` runs: production unless NODE_ENV says otherwise.
const SERVER_ENTRY = path.join(WEB_DIR, 'start.ts');
const SERVER_BUILD = path.join(WEB_DIR, 'build/server/index.js');
const CLIENT_DIR = path.join(WEB_DIR, 'build/client');
const CEILING_ENTRY = path.join(ROOT, 'bench/ceiling-server.ts');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
/** The product page before JavaScript, on the phone of the first-view case (committed with the results). */
const FIRST_PAINT_PNG = path.join(RESULTS_DIR, 'first-paint-product.png');
/** A few visitors browsing while the back office works (not a stress test). */
const BULK_CONNECTIONS = 2;
const LIST_PATH = '/api/products?per_page=12';
// Pages are asked for as a phone browser asks (streamed render), without compression like the API cases.
const PAGE_HEADERS = { 'user-agent': BROWSER_USER_AGENT, accept: 'text/html' };

/** A storefront page the browser cases open. */
type BenchPage = { name: string; path: string; noindex?: boolean };
/** A word of the demo shop's catalogue, so the search page shows results. */
const SEARCH_QUERY = 'savon';

const results: Results = {
  date: new Date().toISOString(),
  durationS: 0,
  machine: {
    node: process.versions.node,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    loadAverage: { start: Math.round((os.loadavg()[0] ?? 0) * 100) / 100, end: null },
  },
  git: gitInfo(),
  webBuild: { builtAt: null, rebuilt: false, changedDuringRun: false },
  settings: { ...load, lighthouseRuns },
  api: { endpoints: [], targets: [] },
  pages: { endpoints: [], targets: [] },
  lighthouse: {
    status: 'skipped',
    reason: 'not reached (see the errors below)',
    // The first-paint targets for a 3G phone (docs/decisions/0028).
    targets: {
      performance: 98,
      performanceGoal: 100,
      accessibility: 100,
      seo: 100,
      lcpMs: 1200,
      tbtMs: 50,
      cls: 0.02,
    },
    pages: [],
  },
  bundle: {
    status: 'skipped',
    reason: 'not reached (see the errors below)',
    budgetGzipBytes: FIRST_LOAD_JS_BUDGET,
    ownBudgetGzipBytes: OUR_JS_BUDGET,
    cssBudgetGzipBytes: CSS_BUDGET,
    pages: [],
  },
  firstView: {
    status: 'skipped',
    reason: 'not reached (see the errors below)',
    budgetBytes: FIRST_VIEW_BUDGET,
    goalBytes: FIRST_VIEW_GOAL,
    phone: PHONE_LABEL,
    views: [],
    screenshot: null,
  },
  bulk: { status: 'skipped', reason: 'not run' },
  orders: { status: 'skipped', reason: 'not run' },
  rush: { status: 'skipped', reason: 'not run' },
  catalogue: { status: 'skipped', reason: 'not run' },
  scaleOut: { status: 'skipped', reason: 'not run' },
  phasesS: {},
  errors: [],
};

function gitInfo(): Results['git'] {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  try {
    return await fn();
  } finally {
    results.phasesS[name] = Math.round((performance.now() - t) / 100) / 10;
  }
}

function fail(what: string, error: unknown): string {
  const message = `${what}: ${error instanceof Error ? error.message : String(error)}`;
  results.errors.push(message);
  console.error(`[bench] ✗ ${message}`);
  return message;
}

async function ensureBuild(): Promise<void> {
  if (process.env.BENCH_BUILD === '1' || !existsSync(SERVER_BUILD) || !existsSync(CLIENT_DIR)) {
    log('building the web app (npm run build)…');
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('exit', resolve);
      child.on('error', () => resolve(null));
    });
    if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
    results.webBuild.rebuilt = true;
  }
  results.webBuild.builtAt = statSync(SERVER_BUILD).mtime.toISOString();
}

/** One response, kept byte for byte for the ceiling server. */
/** NODE_ENV as the server reports it (GET /api/health). */
async function serverEnvironment(server: ChildServer): Promise<string | undefined> {
  const res = await fetch(`${server.origin}/api/health`);
  return ((await res.json()) as { data?: { environment?: string } }).data?.environment;
}

async function loadTarget(
  target: LoadTarget,
  server: ChildServer,
  endpoints: Endpoint[],
  headers: Record<string, string> = {},
): Promise<void> {
  for (const endpoint of endpoints) {
    log(
      `  autocannon ${target.label}: GET ${endpoint.path} (${load.warmupS} s warm-up + ${load.durationS} s)`,
    );
    const r = await measure(server.origin + endpoint.path, load, headers);
    target.cases[endpoint.id] = r;
    log(
      `    ${Math.round(r.requestsPerSec)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}`,
    );
  }
}

const target = (id: ApiTarget['id'], label: string): ApiTarget => {
  const t: ApiTarget = { id, label, status: 'ok', cases: {} };
  results.api.targets.push(t);
  return t;
};

const pageTarget = (id: PageTarget['id'], label: string): PageTarget => {
  const t: PageTarget = { id, label, status: 'ok', cases: {} };
  results.pages.targets.push(t);
  return t;
};

/** The server-rendered HTML of each page, checked (200) and sized, as the load will ask for it. */
async function pageEndpoints(origin: string, pages: { name: string; path: string }[]): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const page of pages) {
    const res = await fetch(origin + page.path, {
      headers: { ...PAGE_HEADERS, 'accept-encoding': 'identity' },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`GET ${page.path} answered ${res.status}`);
    endpoints.push({ id: page.name, method: 'GET', path: page.path, responseBytes: bytes.length });
  }
  return endpoints;
}

/** Page load on one server, after checking it runs in the mode the target is about. */
async function loadPages(target: PageTarget, server: ChildServer): Promise<void> {
  target.environment = await serverEnvironment(server);
  if (target.environment !== target.id) {
    throw new Error(`the server reports environment "${target.environment}", expected "${target.id}"`);
  }
  await loadTarget(target, server, results.pages.endpoints, PAGE_HEADERS);
}

async function main(): Promise<void> {
  installCleanupHandlers();
  log(
    `Souk bench: ${results.machine.cpus} CPUs, Node ${results.machine.node}, commit ${results.git.commit ?? '?'}`,
  );
  await phase('build', ensureBuild);

  const pgliteTarget = target('pglite', 'PGlite');
  const postgresTarget = target('postgres', 'PostgreSQL');
  const ceilingTarget = target('ceiling', 'ceiling (bare Fastify, same bytes)');
  const productionPages = pageTarget('production', 'production (npm start)');
  const developmentPages = pageTarget('development', 'development (NODE_ENV=development)');

  // PostgreSQL first: a server that does not answer is known (and reported) before minutes of work.
  let benchDb: Awaited<ReturnType<typeof createBenchDatabase>> | null = null;
  if (skip.has('postgres')) {
    postgresTarget.status = 'skipped';
    postgresTarget.reason = 'BENCH_SKIP=postgres';
  } else {
    benchDb = await createBenchDatabase(postgresServerUrl, benchDatabaseName);
    if ('skipped' in benchDb) {
      postgresTarget.status = 'skipped';
      postgresTarget.reason = benchDb.skipped;
      log(`PostgreSQL skipped: ${benchDb.skipped}`);
    }
  }

  // Nothing left that reads the PGlite server or its demo shop: only the cases on PostgreSQL
  // databases of their own run, without waiting for a PGlite server to seed.
  if (PGLITE_CASES.every((c) => skip.has(c))) {
    const why = `BENCH_SKIP=${PGLITE_CASES.join(',')}`;
    for (const t of [pgliteTarget, ceilingTarget, productionPages, developmentPages]) {
      t.status = 'skipped';
      t.reason = why;
    }
    if (postgresTarget.status === 'ok') {
      postgresTarget.status = 'skipped';
      postgresTarget.reason = why;
    }
    results.lighthouse.reason = why;
    results.bundle.reason = why;
    results.firstView.reason = why;
    results.bulk = { status: 'skipped', reason: why };
    for (const key of ['rush', 'orders'] as const) results[key] = { status: 'skipped', reason: why };
    if (benchDb && 'database' in benchDb) await benchDb.database.drop();
    await ownDatabaseCases();
    return;
  }

  // ---- (a) the real server on a fresh PGlite ----
  const pgliteData = tempDir('souk-bench-pglite-');
  log(`starting the server on PGlite (fresh DATA_DIR ${pgliteData.dir}; first start migrates and seeds)…`);
  let pglite: ChildServer;
  try {
    pglite = await phase('pglite start', () =>
      startServer({
        name: 'pglite',
        script: SERVER_ENTRY,
        // The admin the bulk-creation case signs in as (created at start, like ADMIN_EMAIL in production).
        env: { DATA_DIR: pgliteData.dir, ADMIN_EMAIL: BULK_ADMIN.email, ADMIN_PASSWORD: BULK_ADMIN.password },
        verbose,
      }),
    );
  } catch (error) {
    pgliteTarget.status = 'failed';
    pgliteTarget.reason = fail('PGlite server', error);
    throw error;
  }
  pgliteTarget.startupMs = pglite.startupMs;
  pgliteTarget.environment = await serverEnvironment(pglite);
  log(
    `PGlite server ready on ${pglite.origin} in ${(pglite.startupMs / 1000).toFixed(1)} s (${pgliteTarget.environment})`,
  );

  // What to measure: the first listed product, the first category.
  const list = await capture(pglite.origin, LIST_PATH);
  const products = (JSON.parse(list.bytes.toString('utf8')) as { data?: { products?: { id: unknown }[] } })
    .data?.products;
  const productId = products?.[0]?.id;
  if (productId === undefined || productId === null) {
    throw new Error(`GET ${LIST_PATH} returned no product: is the demo shop seeded?`);
  }
  const productPath = `/api/products/${encodeURIComponent(String(productId))}`;
  const product = await capture(pglite.origin, productPath);
  results.api.endpoints = [
    { id: 'list', method: 'GET', path: LIST_PATH, responseBytes: list.bytes.length },
    { id: 'product', method: 'GET', path: productPath, responseBytes: product.bytes.length },
  ];
  const categoriesRes = await fetch(`${pglite.origin}/api/categories`);
  const categories = ((await categoriesRes.json()) as { data?: { categories?: { slug?: string }[] } }).data
    ?.categories;
  const categorySlug = categories?.[0]?.slug;
  // The pages the first-paint targets cover. Search results and the cart are noindex on purpose.
  const productPage: BenchPage = {
    name: 'product',
    path: `/products/${encodeURIComponent(String(productId))}`,
  };
  const homePage: BenchPage = { name: 'home', path: '/' };
  const pages: BenchPage[] = [
    homePage,
    ...(categorySlug ? [{ name: 'category', path: `/catalog/${encodeURIComponent(categorySlug)}` }] : []),
    productPage,
    { name: 'search', path: `/search?q=${SEARCH_QUERY}`, noindex: true },
    // A new visitor's cart: empty.
    { name: 'cart', path: '/cart', noindex: true },
  ];
  if (!categorySlug) fail('category page', new Error('GET /api/categories returned no category'));

  if (!skip.has('api')) {
    await phase('pglite load', () => loadTarget(pgliteTarget, pglite, results.api.endpoints));
  } else {
    pgliteTarget.status = 'skipped';
    pgliteTarget.reason = 'BENCH_SKIP=api';
  }

  // ---- page throughput, production: this server, as `npm start` runs it ----
  const pageLoads = [homePage, productPage];
  if (skip.has('pages')) {
    for (const t of [productionPages, developmentPages]) {
      t.status = 'skipped';
      t.reason = 'BENCH_SKIP=pages';
    }
  } else {
    await phase('pages production', async () => {
      try {
        results.pages.endpoints = await pageEndpoints(pglite.origin, pageLoads);
        await loadPages(productionPages, pglite);
      } catch (error) {
        productionPages.status = 'failed';
        productionPages.reason = fail('page load (production)', error);
      }
    });
  }

  // ---- first-load JS (reads the HTML, which also warms the SSR code paths Lighthouse will hit) ----
  if (skip.has('bundle')) {
    results.bundle.reason = 'BENCH_SKIP=bundle';
  } else {
    await phase('bundle', async () => {
      try {
        for (const page of pages) {
          const html = await fetchHtml(pglite.origin + page.path);
          const measured = await measurePage(page.path, html, {
            origin: pglite.origin,
            clientDir: CLIENT_DIR,
          });
          measured.page = page.name;
          results.bundle.pages.push(measured);
          if (!measured.files.length)
            fail(`first-load JS of ${page.name}`, new Error('the HTML loads no script'));
          log(
            `first-load JS ${page.name}: ${measured.files.length} files, ${(measured.gzipBytes / 1000).toFixed(1)} kB gzip`,
          );
        }
        results.bundle.status = 'ok';
      } catch (error) {
        results.bundle.status = 'failed';
        results.bundle.reason = fail('first-load JS', error);
      }
    });
  }

  // ---- Lighthouse mobile on the PGlite server ----
  if (skip.has('lighthouse')) {
    results.lighthouse.reason = 'BENCH_SKIP=lighthouse';
  } else if (!existsSync(CHROME_PATH)) {
    results.lighthouse.status = 'failed';
    results.lighthouse.reason = fail('Lighthouse', new Error(`Chromium not found at ${CHROME_PATH}`));
  } else {
    await phase('lighthouse', () => runLighthouse(pglite, pages));
  }

  // ---- the first view's bytes on a phone, and the product page before JavaScript ----
  if (skip.has('first-view')) {
    results.firstView.reason = 'BENCH_SKIP=first-view';
  } else if (!existsSync(CHROME_PATH)) {
    results.firstView.status = 'failed';
    results.firstView.reason = fail('first view', new Error(`Chromium not found at ${CHROME_PATH}`));
  } else {
    await phase('first view', () => measureFirstView(pglite, pages, productPage));
  }

  // ---- the product page while the back office bulk-creates 50 products with pictures ----
  if (skip.has('bulk')) {
    results.bulk = { status: 'skipped', reason: 'BENCH_SKIP=bulk' };
  } else {
    await phase('bulk', async () => {
      try {
        const measured = await measureDuringBulk(pglite.origin, productPage.path, PAGE_HEADERS, {
          connections: BULK_CONNECTIONS,
          durationS: load.durationS,
          warmupS: load.warmupS,
        });
        results.bulk = {
          status: measured.status === 201 ? 'ok' : 'failed',
          path: productPage.path,
          ...measured,
        };
        if (measured.status !== 201)
          fail(
            'bulk creation',
            new Error(`POST /api/admin/products/batch answered ${measured.status}: ${measured.message}`),
          );
        log(
          `product page p50 ${measured.idle.p50Ms} → ${measured.during.p50Ms} ms, p99 ${measured.idle.p99Ms} → ${measured.during.p99Ms} ms during a ${measured.products}-product batch (${measured.batchS} s)`,
        );
      } catch (error) {
        results.bulk = { status: 'failed', reason: fail('bulk creation', error) };
      }
    });
  }

  await pglite.stop();

  // ---- page throughput, development: the same build and database, NODE_ENV=development ----
  if (!skip.has('pages') && results.pages.endpoints.length) {
    await phase('pages development', async () => {
      let server: ChildServer | undefined;
      try {
        log('starting the same server in development mode (NODE_ENV=development, same DATA_DIR)…');
        server = await startServer({
          name: 'development',
          script: SERVER_ENTRY,
          env: { DATA_DIR: pgliteData.dir, NODE_ENV: 'development' },
          verbose,
        });
        developmentPages.startupMs = server.startupMs;
        await loadPages(developmentPages, server);
      } catch (error) {
        developmentPages.status = 'failed';
        developmentPages.reason = fail('page load (development)', error);
      } finally {
        await server?.stop();
      }
    });
  }
  await pgliteData.remove();

  // ---- (c) the ceiling: bare Fastify, same bytes from memory ----
  if (!skip.has('api') && !skip.has('ceiling')) {
    await phase('ceiling', async () => {
      const dir = tempDir('souk-bench-ceiling-');
      let server: ChildServer | undefined;
      try {
        const file = path.join(dir.dir, 'responses.json');
        writeFileSync(file, JSON.stringify([list, product].map(({ bytes: _bytes, ...r }) => r)));
        server = await startServer({
          name: 'ceiling',
          script: CEILING_ENTRY,
          env: { BENCH_CEILING_ROUTES: file },
          timeoutMs: 30_000,
          verbose,
        });
        ceilingTarget.startupMs = server.startupMs;
        for (const [captured, endpoint] of [
          [list, results.api.endpoints[0]],
          [product, results.api.endpoints[1]],
        ] as const) {
          const res = await fetch((server as ChildServer).origin + (endpoint?.path ?? ''), {
            headers: { 'accept-encoding': 'identity' },
          });
          const bytes = Buffer.from(await res.arrayBuffer());
          if (!bytes.equals(captured.bytes))
            throw new Error(`the ceiling server does not answer the captured bytes for ${endpoint?.path}`);
        }
        await loadTarget(ceilingTarget, server, results.api.endpoints);
      } catch (error) {
        ceilingTarget.status = 'failed';
        ceilingTarget.reason = fail('ceiling server', error);
      } finally {
        await server?.stop();
        await dir.remove();
      }
    });
  } else {
    ceilingTarget.status = 'skipped';
    ceilingTarget.reason = 'BENCH_SKIP';
  }

  // ---- (b) the real server on PostgreSQL ----
  if (benchDb && 'database' in benchDb && !skip.has('api')) {
    const database = benchDb.database;
    await phase('postgres', async () => {
      const dir = tempDir('souk-bench-postgres-');
      let server: ChildServer | undefined;
      try {
        log(`starting the server on PostgreSQL (${redact(database.url)}; migrates and seeds)…`);
        server = await startServer({
          name: 'postgres',
          script: SERVER_ENTRY,
          // The admin the orders case signs in as.
          env: {
            DATA_DIR: dir.dir,
            DATABASE_URL: database.url,
            ADMIN_EMAIL: ORDERS_ADMIN.email,
            ADMIN_PASSWORD: ORDERS_ADMIN.password,
          },
          verbose,
        });
        postgresTarget.startupMs = server.startupMs;
        postgresTarget.environment = await serverEnvironment(server);
        log(`PostgreSQL server ready on ${server.origin} in ${(server.startupMs / 1000).toFixed(1)} s`);
        // The seed is deterministic, but ids may not be: check the product measured on PGlite exists here.
        const check = await fetch(server.origin + (results.api.endpoints[1]?.path ?? ''));
        await check.arrayBuffer();
        if (check.status !== 200) {
          throw new Error(`product ${productId} from the PGlite seed answers ${check.status} on PostgreSQL`);
        }
        await loadTarget(postgresTarget, server, results.api.endpoints);
        if (skip.has('rush')) results.rush = { status: 'skipped', reason: 'BENCH_SKIP=rush' };
        else await measureRushCase(server, database.url);
        if (skip.has('orders')) results.orders = { status: 'skipped', reason: 'BENCH_SKIP=orders' };
        else await measureOrdersCase(server, database.url);
      } catch (error) {
        postgresTarget.status = 'failed';
        postgresTarget.reason = fail('PostgreSQL server', error);
      } finally {
        await server?.stop();
        await dir.remove();
        await database.drop();
      }
    });
  } else if (benchDb && 'database' in benchDb) {
    await benchDb.database.drop();
    postgresTarget.status = 'skipped';
    postgresTarget.reason = 'BENCH_SKIP=api';
  }

  await ownDatabaseCases();
}

/** The cases that need the PGlite server and the demo shop seeded on it (the PostgreSQL ones included). */
const PGLITE_CASES = ['api', 'pages', 'bundle', 'lighthouse', 'first-view', 'bulk'];

/** The cases on PostgreSQL databases of their own: searches at catalogue scale, processes behind nginx. */
async function ownDatabaseCases(): Promise<void> {
  if (skip.has('catalogue') || skip.has('postgres'))
    results.catalogue = { status: 'skipped', reason: 'BENCH_SKIP' };
  else await phase('catalogue', measureCatalogueCase);
  if (skip.has('scale') || skip.has('postgres'))
    results.scaleOut = { status: 'skipped', reason: 'BENCH_SKIP' };
  else await phase('scale-out', measureScaleOutCase);
}

/**
 * 1, 2 and 4 processes behind nginx on a database of their own (dropped and created), sharing
 * Redis and a DATA_DIR, and the one process without nginx (bench/scale-out.ts).
 */
async function measureScaleOutCase(): Promise<void> {
  if (!nginxPath()) {
    const error = new Error(
      'nginx not found (apt-get install nginx libnginx-mod-http-brotli-static, or NGINX_PATH)',
    );
    results.scaleOut = { status: 'skipped', reason: fail('processes behind nginx', error) };
    return;
  }
  const created = await createBenchDatabase(postgresServerUrl, scaleOutDatabaseName);
  if ('skipped' in created) {
    results.scaleOut = { status: 'skipped', reason: created.skipped };
    return;
  }
  const measured = emptyScaleOut(load);
  try {
    await measureScaleOut(
      { databaseUrl: created.database.url, redisUrl, serverEntry: SERVER_ENTRY, load, log, verbose },
      measured,
    );
    results.scaleOut = { status: 'ok', ...measured };
  } catch (error) {
    results.scaleOut = { status: 'failed', reason: fail('processes behind nginx', error), ...measured };
  } finally {
    await created.database.drop();
  }
}

/**
 * Searches at catalogue scale: a database of its own (dropped and created), migrated and filled by
 * bench/catalogue-seed.ts, a server on it, then the timed searches and their plans.
 */
async function measureCatalogueCase(): Promise<void> {
  const created = await createBenchDatabase(postgresServerUrl, catalogueDatabaseName);
  if ('skipped' in created) {
    results.catalogue = { status: 'skipped', reason: created.skipped };
    return;
  }
  const { database } = created;
  const dir = tempDir('souk-bench-catalogue-');
  let server: ChildServer | undefined;
  try {
    log(`catalogue: migrating and filling ${redact(database.url)}…`);
    const seeded = await seedCatalogue(database.url);
    log(`catalogue: ${seeded.products} products, ${seeded.variants} variants in ${seeded.seedS} s`);
    server = await startServer({
      name: 'catalogue',
      script: SERVER_ENTRY,
      env: { DATA_DIR: dir.dir, DATABASE_URL: database.url },
      verbose,
    });
    const measured = await measureCatalogue(server.origin, database.url, seeded);
    results.catalogue = { status: 'ok', ...measured };
    log(
      `catalogue: suggestions p50 ${measured.suggestions.p50Ms} / p95 ${measured.suggestions.p95Ms} ms, search page p50 ${measured.searchPage.p50Ms} / p95 ${measured.searchPage.p95Ms} ms`,
    );
  } catch (error) {
    results.catalogue = { status: 'failed', reason: fail('catalogue scale', error) };
  } finally {
    await server?.stop();
    await dir.remove();
    await database.drop();
  }
}

/** The WhatsApp rush on the PostgreSQL server (before the orders case fills its database). */
async function measureRushCase(server: ChildServer, databaseUrl: string) {
  try {
    const measured = await phase('rush', () => measureRush(server, CEILING_ENTRY, load, log, databaseUrl));
    results.rush = { status: 'ok', ...measured };
  } catch (error) {
    results.rush = { status: 'failed', reason: fail('rush', error) };
  }
}

/** The orders screen on a shop of BENCH_ORDERS orders (after the catalogue cases, on the same server). */
async function measureOrdersCase(server: ChildServer, databaseUrl: string) {
  try {
    log(`seeding ${BENCH_ORDERS} orders on PostgreSQL…`);
    const seeded = await phase('orders seed', () => seedOrders(databaseUrl, BENCH_ORDERS));
    log(`${BENCH_ORDERS} orders seeded in ${seeded.seedS} s; the admin order list and the CSV export…`);
    const measured = await phase('orders', () =>
      measureOrders(server.origin, server.child.pid as number, seeded, {
        connections: 2,
        durationS: Math.min(load.durationS, 5),
        warmupS: 1,
      }),
    );
    results.orders = { status: 'ok', ...measured };
    for (const e of measured.exports)
      log(
        `export ${e.path}: ${e.status} in ${e.seconds} s, ${(e.bytes / 1e6).toFixed(1)} MB, RSS ${e.rssBeforeMB} → ${e.rssPeakMB} MB`,
      );
  } catch (error) {
    results.orders = { status: 'failed', reason: fail('orders screen', error) };
  }
}

async function runLighthouse(server: ChildServer, pages: BenchPage[]) {
  const session = await openLighthouse().catch((error: unknown) => {
    results.lighthouse.status = 'failed';
    results.lighthouse.reason = fail('Lighthouse (Chromium launch)', error);
    return null;
  });
  if (!session) return;
  const entries: LighthousePage[] = pages.map((p) => ({ ...p, runs: [] }));
  results.lighthouse.pages = entries;
  try {
    // Pass after pass rather than page after page: a slow moment of the machine spreads over pages
    // instead of sinking one page's three runs.
    for (let pass = 1; pass <= lighthouseRuns; pass += 1) {
      for (const entry of entries) {
        log(`  Lighthouse ${entry.name} (${entry.path}), run ${pass} of ${lighthouseRuns}`);
        try {
          const reportFile = reportsDir ? path.join(reportsDir, `${entry.name}-${pass}.html`) : undefined;
          const run: LighthouseRun = await session.run(server.origin + entry.path, reportFile);
          entry.runs.push(run);
          log(
            run.runtimeError
              ? `    ${run.runtimeError}`
              : `    performance ${run.performance}, accessibility ${run.accessibility}, SEO ${run.seo}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, FCP ${run.fcpMs} ms`,
          );
        } catch (error) {
          entry.error = (error as Error).message;
        }
      }
    }
    for (const entry of entries) {
      entry.median = medianOf(entry.runs);
      const runError = entry.error ?? entry.runs.find((r) => r.runtimeError)?.runtimeError;
      if (!entry.median) fail(`Lighthouse ${entry.name}`, new Error(runError ?? 'no run'));
      // The median of the runs that completed is still reported; the failed run is named.
      else if (runError) fail(`Lighthouse ${entry.name} (a run)`, new Error(runError));
    }
    results.lighthouse.status = entries.every(
      (e) => e.median && e.runs.length === lighthouseRuns && !e.runs.some((r) => r.runtimeError),
    )
      ? 'ok'
      : 'failed';
  } finally {
    await session.close();
  }
}

/**
 * Every page's first view on a phone, as is then with Save-Data, each in a fresh context; then the
 * product page's picture before JavaScript.
 */
async function measureFirstView(server: ChildServer, pages: BenchPage[], productPage: BenchPage) {
  const fv = results.firstView;
  let session: Awaited<ReturnType<typeof openFirstView>>;
  try {
    session = await openFirstView();
  } catch (error) {
    fv.status = 'failed';
    fv.reason = fail('first view (Chromium launch)', error);
    return;
  }
  try {
    for (const page of pages) {
      for (const saveData of [false, true]) {
        try {
          const view = await session.view(server.origin, page, saveData);
          fv.views.push(view);
          if (view.status !== 200)
            fail(`first view of ${page.name}`, new Error(`the page answered ${view.status}`));
          log(
            `first view ${page.name}${saveData ? ' (Save-Data)' : ''}: ${(view.bytes / 1000).toFixed(1)} kB in ${view.requests} requests, quiet after ${view.quietMs} ms`,
          );
        } catch (error) {
          fail(`first view of ${page.name}${saveData ? ' (Save-Data)' : ''}`, error);
        }
      }
    }
    try {
      const shot = await session.screenshot(server.origin + productPage.path, FIRST_PAINT_PNG);
      fv.screenshot = { file: path.relative(ROOT, FIRST_PAINT_PNG), ...shot };
      log(`product page before JavaScript: ${fv.screenshot.file}, ${(shot.bytes / 1000).toFixed(0)} kB`);
    } catch (error) {
      fail('first-paint screenshot of the product page', error);
    }
    fv.status = fv.views.length === pages.length * 2 && fv.screenshot ? 'ok' : 'failed';
  } finally {
    await session.close();
  }
}

function writeResults(): { json: string; md: string } {
  results.durationS = Math.round(elapsedS());
  results.machine.loadAverage.end = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
  if (results.webBuild.builtAt && existsSync(SERVER_BUILD)) {
    results.webBuild.changedDuringRun =
      statSync(SERVER_BUILD).mtime.toISOString() !== results.webBuild.builtAt;
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = results.date.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  const json = path.join(RESULTS_DIR, `${stamp}.json`);
  const md = path.join(RESULTS_DIR, 'latest.md');
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(md, markdown(results));
  return { json, md };
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  if (!results.errors.some((e) => e.includes((error as Error).message))) fail('bench', error);
} finally {
  await releaseAll();
}
if (results.errors.length) exitCode = 1;
const written = writeResults();
console.log(`\n${markdown(results)}`);
console.log(`Results: ${path.relative(ROOT, written.json)}, ${path.relative(ROOT, written.md)}`);
console.log(`Total time: ${results.durationS} s`);
process.exit(exitCode);
