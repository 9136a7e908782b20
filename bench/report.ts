// Turns the results into Markdown tables (padded, so they read as well in a terminal as on GitHub).
import type { BulkResult } from './bulk.ts';
import type { PageBundle } from './bundle.ts';
import { type CatalogueResult, catalogueTable } from './catalogue.ts';
import type { FirstView, ResourceKind } from './first-view.ts';
import type { LighthouseMedian, LighthouseRun } from './lighthouse.ts';
import type { LoadResult } from './load.ts';
import type { OrdersResult } from './orders.ts';
import { type RushResult, rushMisses, rushTable } from './rush.ts';
import type { ScaleOutResult } from './scale-out.ts';

export type TargetId = 'pglite' | 'postgres' | 'ceiling';
export type PageTargetId = 'production' | 'development';

/** One server measured under load on a list of endpoints or pages. */
export type LoadTarget<Id extends string = string> = {
  id: Id;
  label: string;
  status: 'ok' | 'skipped' | 'failed';
  reason?: string;
  startupMs?: number;
  /** NODE_ENV as the server reported it in GET /api/health. */
  environment?: string;
  cases: Record<string, LoadResult>;
};
export type ApiTarget = LoadTarget<TargetId>;
export type PageTarget = LoadTarget<PageTargetId>;

export type Endpoint = { id: string; method: 'GET'; path: string; responseBytes: number };

export type LighthousePage = {
  name: string;
  path: string;
  /** The page tells robots not to index it (search results, cart): Lighthouse's `is-crawlable` fails by design. */
  noindex?: boolean;
  runs: LighthouseRun[];
  /** Each figure's median over the runs. */
  median?: LighthouseMedian;
  error?: string;
};

export type LighthouseTargets = {
  /** Minimum performance score (the goal is 100). */
  performance: number;
  performanceGoal: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

export type Results = {
  date: string;
  durationS: number;
  machine: {
    node: string;
    platform: string;
    cpus: number;
    cpuModel: string;
    memoryGB: number;
    /** 1-minute load average before the bench started and when it ended: other work skews the numbers. */
    loadAverage: { start: number; end: number | null };
  };
  git: { commit: string | null; dirty: boolean | null };
  webBuild: { builtAt: string | null; rebuilt: boolean; changedDuringRun: boolean };
  settings: { connections: number; durationS: number; warmupS: number; lighthouseRuns: number };
  api: { endpoints: Endpoint[]; targets: ApiTarget[] };
  /** Server-rendered HTML under load, the same server in production and in development mode. */
  pages: { endpoints: Endpoint[]; targets: PageTarget[] };
  lighthouse: {
    status: 'ok' | 'skipped' | 'failed';
    reason?: string;
    targets: LighthouseTargets;
    pages: LighthousePage[];
  };
  bundle: {
    status: 'ok' | 'skipped' | 'failed';
    reason?: string;
    /** All first-load JS, our part of it (without the framework chunk), and the linked CSS; gzip bytes. */
    budgetGzipBytes: number;
    ownBudgetGzipBytes: number;
    cssBudgetGzipBytes: number;
    pages: PageBundle[];
  };
  /** Bytes transferred by each page's first view on a phone, as is and with Save-Data: on. */
  firstView: {
    status: 'ok' | 'skipped' | 'failed';
    reason?: string;
    budgetBytes: number;
    goalBytes: number;
    phone: string;
    views: FirstView[];
    /** The product page's PNG (path from the repository root), when taken. */
    screenshot: { file: string; bytes: number; width: number; height: number } | null;
  };
  /** The product page idle and while the back office bulk-creates products with pictures. */
  bulk:
    | ({ status: 'ok' | 'failed'; path: string } & BulkResult)
    | { status: 'skipped' | 'failed'; reason: string };
  /** The back office at 100 000 orders on PostgreSQL: the orders and customers lists, the CSV export. */
  orders: ({ status: 'ok' } & OrdersResult) | { status: 'skipped' | 'failed'; reason: string };
  /** A WhatsApp rush on PostgreSQL: 50 connections, each case beside its ceiling. */
  rush: ({ status: 'ok' } & RushResult) | { status: 'skipped' | 'failed'; reason: string };
  /** Searches on a PostgreSQL shop of 20 000 products, one client, never cached. */
  catalogue: ({ status: 'ok' } & CatalogueResult) | { status: 'skipped' | 'failed'; reason: string };
  /**
   * 1, 2 and 4 processes on one PostgreSQL behind nginx, and one without it (50 connections); a
   * failed run keeps what it measured.
   */
  scaleOut:
    | ({ status: 'ok' } & ScaleOutResult)
    | ({ status: 'failed'; reason: string } & ScaleOutResult)
    | { status: 'skipped'; reason: string };
  phasesS: Record<string, number>;
  errors: string[];
};

export function ordersTable(results: Results): string {
  const orders = results.orders;
  if (!('lists' in orders)) return `not measured: ${orders.reason}`;
  const first = orders.lists[0]?.result;
  const lists = table(
    ['GET', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx / errors'],
    orders.lists.map(({ id, path, result: r }) => [
      `${id} (${path})`,
      r.requestsPerSec.toFixed(1),
      r.p50Ms.toFixed(1),
      r.p99Ms.toFixed(1),
      r.maxMs.toFixed(0),
      `${r.non2xx} / ${r.errors}`,
    ]),
    ['l', 'r', 'r', 'r', 'r', 'l'],
  );
  const exports = table(
    ['CSV export', 'status', 'seconds', 'MB', 'lines', 'server RSS before → peak MB'],
    orders.exports.map((e) => [
      e.path,
      String(e.status),
      e.seconds.toFixed(2),
      (e.bytes / 1e6).toFixed(1),
      String(e.lines),
      `${e.rssBeforeMB} → ${e.rssPeakMB}`,
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r'],
  );
  return [
    lists,
    '',
    exports,
    '',
    `${orders.orders} orders with ${orders.items} articles, three in four of ${orders.customers ?? '?'} customer accounts, seeded in ${orders.seedS} s; lists: ${first?.connections ?? '?'} connections, ${first?.durationS ?? '?'} s each; each export read to its end by one client while the server's resident memory is sampled every 20 ms.`,
  ].join('\n');
}

export function bulkTable(results: Results): string {
  const bulk = results.bulk;
  if (!('idle' in bulk)) return `not measured: ${bulk.reason}`;
  const row = (label: string, r: LoadResult) => [
    label,
    r.requestsPerSec.toFixed(1),
    r.p50Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    r.maxMs.toFixed(0),
    `${r.non2xx} / ${r.errors}`,
  ];
  return [
    table(
      ['product page', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx / errors'],
      [row('idle', bulk.idle), row(`during the batch`, bulk.during)],
      ['l', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
    `${bulk.path}, ${bulk.idle.connections} connections, ${bulk.idle.durationS} s each. The batch: ${bulk.products} products, ${(bulk.imageBytes / 1e6).toFixed(1)} MB of 1600×1200 JPEGs in one multipart POST, answered ${bulk.status} in ${bulk.batchS} s (${bulk.message}).`,
  ].join('\n');
}

const SCALE_OUT_CASES = [
  ['browse', 'anonymous browse'],
  ['uncached', 'uncached list'],
] as const;

/** Non-2xx answers or errors of a measured row, in one line each (the summary's). */
export function scaleOutMisses(result: ScaleOutResult): string[] {
  const out: string[] = [];
  for (const setup of result.setups)
    for (const [id, label] of SCALE_OUT_CASES) {
      const r = setup[id];
      const bad = r ? r.non2xx + r.errors + r.timeouts : 0;
      if (r && bad)
        out.push(
          `${setup.label}, ${label}: ${bad} non-2xx responses or errors (${JSON.stringify(r.statusCodes)})`,
        );
    }
  for (const setup of result.setups)
    if (setup.nginxLog?.errors) out.push(`${setup.label}: nginx logged ${setup.nginxLog.errors} error(s)`);
  return out;
}

export function scaleOutTable(result: ScaleOutResult): string {
  const reference = result.setups.find((s) => s.id === 'nginx-1');
  const rows: string[][] = [];
  for (const [id, label] of SCALE_OUT_CASES) {
    result.setups.forEach((setup, index) => {
      const r = setup[id];
      const first =
        index === 0
          ? id === 'browse'
            ? `${label} (${result.pages} pages in turn)`
            : `${label} (GET ${result.uncachedPath}, guest cart)`
          : '';
      if (!r) {
        rows.push([
          first,
          setup.label,
          '—',
          '—',
          '—',
          '—',
          'not measured',
          '—',
          '—',
          '—',
          '—',
          '—',
          '—',
          '—',
        ]);
        return;
      }
      const ref = reference?.[id];
      const bad = r.non2xx + r.errors + r.timeouts;
      const hits = r.cache.reduce((sum, c) => sum + c.hits, 0);
      const lookups = r.cache.reduce((sum, c) => sum + c.hits + c.misses, 0);
      rows.push([
        first,
        setup.label,
        Math.round(r.requestsPerSec).toLocaleString('en-US'),
        r.p50Ms.toFixed(1),
        r.p99Ms.toFixed(1),
        ref?.requestsPerSec ? `${(r.requestsPerSec / ref.requestsPerSec).toFixed(2)} ×` : '—',
        bad ? `⚠ ${r.non2xx} / ${r.errors + r.timeouts}` : '0 / 0',
        lookups ? `${((hits / lookups) * 100).toFixed(1)} %` : 'none',
        r.cpu.servers.join(' / '),
        r.cpu.nginx === null ? '—' : String(r.cpu.nginx),
        String(r.cpu.postgres),
        String(r.cpu.loadGenerator),
        String(r.cpu.interrupts),
        String(r.cpu.rest),
      ]);
    });
  }
  const nginxLines = result.setups
    .filter((s) => s.nginxLog)
    .map((s) => `${s.label} ${s.nginxLog?.errors ?? 0} / ${s.nginxLog?.warnings ?? 0}`);
  const samples = [...new Set(result.setups.flatMap((s) => s.nginxLog?.sample ?? []))].slice(0, 3);
  const starts = result.startupMs.map((ms) => `${(ms / 1000).toFixed(1)} s`);
  const cores = result.cores;
  const runs = result.setups.flatMap((s) => [s.browse, s.uncached]).filter((r) => r !== undefined);
  const rest = runs.length ? runs.reduce((sum, r) => sum + r.cpu.rest, 0) / runs.length : 0;
  const busy =
    rest > 25
      ? [
          '',
          `⚠ Other work shared the machine: the rest of it (processes not of this case) took ${Math.round(rest)} % of a core on average over these rows, of the ${cores * 100} % there is; the figures are pessimistic and noisy.`,
        ]
      : [];
  return [
    table(
      [
        'case',
        'setup',
        'req/s',
        'p50 ms',
        'p99 ms',
        '× nginx → 1',
        'non-2xx / errors',
        'cache hits',
        'CPU % each process',
        'nginx',
        'PostgreSQL',
        'autocannon',
        'interrupts',
        'rest of the machine',
      ],
      rows,
      ['l', 'l', 'r', 'r', 'r', 'r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    `**Cores: ${cores}** (\`os.availableParallelism()\`). With ${cores} cores, processes beyond ${cores} compete with each other, nginx, PostgreSQL and the load generator (autocannon, in the bench's own process) for the same cores: these figures show that several processes serve together behind nginx and what nginx and each process cost, not how a bigger machine would scale.`,
    '',
    `${result.connections} connections, ${result.durationS} s per row after a ${result.warmupS} s warm-up; every process shares one PostgreSQL database, one Redis and one DATA_DIR, and had every page asked once before it was measured. "× nginx → 1" is the row's req/s over nginx → 1 process's for the same case (the "no nginx" row shows what the proxy costs). CPU is in % of one core over the measured seconds (${cores * 100} % is the whole machine): each server process, nginx (master and worker), the PostgreSQL backends of this case's database, the bench's own process (autocannon), interrupts (mostly the loopback network's, counted to no process) and the rest of the machine's busy time (any other work, and the kernel's threads). Starts until \`/api/health/ready\`: ${starts.join(', ') || '—'} (the first migrates and seeds). nginx's error log (errors / warnings): ${nginxLines.join(', ') || '—'}.`,
    ...busy,
    ...(samples.length ? ['', 'nginx logged, e.g.:', '', '```text', ...samples, '```'] : []),
  ].join('\n');
}

type Align = 'l' | 'r';

/** A Markdown table whose columns are padded to the same width. */
export function table(head: string[], rows: string[][], align: Align[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length), 3));
  const cell = (text: string, i: number) =>
    align[i] === 'r' ? text.padStart(widths[i] as number) : text.padEnd(widths[i] as number);
  const line = (cells: string[]) => `| ${cells.map((c, i) => cell(c, i)).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`;
  return [line(head), rule, ...rows.map((r) => line(r.map((c) => c ?? '')))].join('\n');
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const num = (v: number | null | undefined, digits = 0) =>
  v === null || v === undefined || Number.isNaN(v) ? '—' : v.toFixed(digits);
const int = (v: number) => Math.round(v).toLocaleString('en-US');

/**
 * One row per endpoint and server. `reference` is the server the last column compares each other
 * server with, for the same endpoint (`compare` writes the comparison).
 */
function loadTable(
  endpoints: Endpoint[],
  targets: LoadTarget[],
  reference: { id: string; column: string; compare: (r: LoadResult, ref: LoadResult) => string },
  firstColumn: string,
): string {
  const ref = targets.find((t) => t.id === reference.id);
  const rows: string[][] = [];
  for (const endpoint of endpoints) {
    targets.forEach((target, index) => {
      const first =
        index === 0 ? `${endpoint.method} ${endpoint.path} (${kB(endpoint.responseBytes)} kB)` : '';
      const r = target.cases[endpoint.id];
      if (!r) {
        const why = target.status === 'ok' ? 'not measured' : `${target.status}: ${target.reason ?? ''}`;
        rows.push([first, target.label, '—', '—', '—', '—', why]);
        return;
      }
      const top = ref?.cases[endpoint.id];
      const comparison = top && target.id !== reference.id ? reference.compare(r, top) : '';
      const bad = r.non2xx + r.errors + r.timeouts;
      rows.push([
        first,
        target.label,
        int(r.requestsPerSec),
        num(r.p50Ms, 2),
        num(r.p99Ms, 2),
        comparison,
        bad ? `⚠ ${bad} non-2xx/errors` : '0',
      ]);
    });
  }
  return table(
    [firstColumn, 'server', 'req/s', 'p50 ms', 'p99 ms', reference.column, 'non-2xx / errors'],
    rows,
    ['l', 'l', 'r', 'r', 'r', 'r', 'l'],
  );
}

export function apiTable(results: Results): string {
  return loadTable(
    results.api.endpoints,
    results.api.targets,
    {
      id: 'ceiling',
      column: 'of ceiling',
      compare: (r, top) => `${Math.round((r.requestsPerSec / top.requestsPerSec) * 100)} %`,
    },
    'endpoint',
  );
}

export function pagesTable(results: Results): string {
  return loadTable(
    results.pages.endpoints,
    results.pages.targets,
    {
      id: 'development',
      column: '× development',
      compare: (r, dev) => `${(r.requestsPerSec / dev.requestsPerSec).toFixed(2)} ×`,
    },
    'page',
  );
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

/**
 * The SEO target is met at the target score, or, on a page that is noindex on purpose, when the only
 * failed SEO audit is `is-crawlable` (the noindex itself).
 */
export function seoMet(page: LighthousePage, target: number): boolean {
  const m = page.median;
  if (!m || m.seo === null) return false;
  if (m.seo >= target) return true;
  return !!page.noindex && m.failedSeoAudits.every((a) => a.id === 'is-crawlable');
}

export function lighthouseTable(results: Results): string {
  const { targets, pages } = results.lighthouse;
  const rows = pages.map((p) => {
    const m = p.median;
    if (!m) {
      const why = p.error ?? p.runs.find((r) => r.runtimeError)?.runtimeError ?? 'no result';
      return [p.name, p.path, '—', '—', '—', '—', '—', '—', '—', why];
    }
    const cell = (v: number | null, ok: (v: number) => boolean, digits = 0) =>
      v === null ? '—' : `${v.toFixed(digits)} ${mark(ok(v))}`;
    const seo =
      m.seo === null
        ? '—'
        : `${m.seo} ${mark(seoMet(p, targets.seo))}${m.seo < targets.seo && seoMet(p, targets.seo) ? ' noindex' : ''}`;
    const notes = [
      m.failedAccessibilityAudits.length
        ? `a11y: ${m.failedAccessibilityAudits.map((a) => a.id).join(', ')}`
        : '',
      m.failedSeoAudits.length ? `seo: ${m.failedSeoAudits.map((a) => a.id).join(', ')}` : '',
      m.runs < p.runs.length ? `${p.runs.length - m.runs} run(s) failed` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return [
      p.name,
      p.path,
      cell(m.performance, (v) => v >= targets.performance),
      cell(m.accessibility, (v) => v >= targets.accessibility),
      seo,
      cell(m.lcpMs, (v) => v <= targets.lcpMs),
      cell(m.tbtMs, (v) => v <= targets.tbtMs),
      cell(m.cls, (v) => v <= targets.cls, 3),
      num(m.fcpMs),
      notes,
    ];
  });
  return table(
    [
      'page',
      'path',
      `performance (≥ ${targets.performance})`,
      `accessibility (${targets.accessibility})`,
      `SEO (${targets.seo})`,
      `LCP ms (≤ ${targets.lcpMs})`,
      `TBT ms (≤ ${targets.tbtMs})`,
      `CLS (≤ ${targets.cls})`,
      'FCP ms',
      'notes',
    ],
    rows,
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

export function bundleTable(results: Results): string {
  const {
    budgetGzipBytes: budget,
    ownBudgetGzipBytes: ownBudget,
    cssBudgetGzipBytes: cssBudget,
  } = results.bundle;
  const rows = results.bundle.pages.map((p) => [
    p.page,
    String(p.files.length),
    kB(p.rawBytes),
    `${kB(p.gzipBytes)} ${mark(p.gzipBytes <= budget)}`,
    kB(p.frameworkGzipBytes),
    `${kB(p.ownGzipBytes)} ${mark(p.ownGzipBytes <= ownBudget)}`,
    `${kB(p.css.gzipBytes)} ${mark(p.css.gzipBytes <= cssBudget)}`,
    kB(p.inlineGzipBytes),
    `${p.zodFiles.length} ${mark(p.zodFiles.length === 0)}`,
    `${p.adminFiles.length} ${mark(p.adminFiles.length === 0)}`,
  ]);
  return table(
    [
      'page',
      'JS files',
      'raw kB',
      `JS gzip kB (≤ ${kB(budget)})`,
      'framework gzip kB',
      `ours gzip kB (≤ ${kB(ownBudget)})`,
      `CSS gzip kB (≤ ${kB(cssBudget)})`,
      'inline JS gzip kB (not counted)',
      'zod files (= 0)',
      'admin files (= 0)',
    ],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

const KIND_COLUMNS: [ResourceKind, string][] = [
  ['document', 'document'],
  ['scripts', 'scripts'],
  ['stylesheets', 'stylesheets'],
  ['images', 'images'],
  ['fonts', 'fonts'],
  ['other', 'other'],
];

export function firstViewTable(results: Results): string {
  const { budgetBytes, views } = results.firstView;
  const rows = views.map((v, i) => [
    i > 0 && views[i - 1]?.page === v.page ? '' : `${v.page} (${v.path})`,
    v.saveData ? 'on' : '—',
    `${kB(v.bytes)} ${mark(v.bytes <= budgetBytes)}`,
    ...KIND_COLUMNS.map(([kind]) => kB(v.byKind[kind])),
    String(v.requests),
    v.failed.length ? `⚠ ${v.failed.length} failed` : '',
  ]);
  return table(
    [
      'page',
      'Save-Data',
      `kB transferred (≤ ${kB(budgetBytes)})`,
      ...KIND_COLUMNS.map(([, label]) => label),
      'requests',
      'notes',
    ],
    rows,
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

export function biggestFilesTable(results: Results, limit = 8): string {
  const byFile = new Map<string, { gzip: number; raw: number; pages: string[] }>();
  for (const page of results.bundle.pages) {
    for (const f of page.files) {
      const entry = byFile.get(f.path) ?? { gzip: f.gzipBytes, raw: f.rawBytes, pages: [] };
      entry.pages.push(page.page);
      byFile.set(f.path, entry);
    }
  }
  const pageCount = results.bundle.pages.length;
  const rows = [...byFile.entries()]
    .sort((a, b) => b[1].gzip - a[1].gzip)
    .slice(0, limit)
    .map(([file, e]) => [
      file,
      kB(e.gzip),
      kB(e.raw),
      e.pages.length === pageCount && pageCount > 1 ? 'all' : e.pages.join(', '),
    ]);
  return table(['file', 'gzip kB', 'raw kB', 'loaded by'], rows, ['l', 'r', 'r', 'l']);
}

/** What missed its target, in one line each. */
export function misses(results: Results): string[] {
  const out: string[] = [];
  const { targets } = results.lighthouse;
  for (const p of results.lighthouse.pages) {
    const m = p.median;
    if (!m) continue;
    const lh = `Lighthouse (median of ${m.runs}) on ${p.name}:`;
    if (m.performance !== null && m.performance < targets.performance)
      out.push(
        `${lh} performance ${m.performance} (target ≥ ${targets.performance}, goal ${targets.performanceGoal})`,
      );
    if (m.accessibility !== null && m.accessibility < targets.accessibility)
      out.push(
        `${lh} accessibility ${m.accessibility} (target ${targets.accessibility}): ${m.failedAccessibilityAudits.map((a) => a.title).join('; ')}`,
      );
    if (m.seo !== null && !seoMet(p, targets.seo))
      out.push(
        `${lh} SEO ${m.seo} (target ${targets.seo}): ${m.failedSeoAudits.map((a) => a.title).join('; ')}`,
      );
    if (m.lcpMs !== null && m.lcpMs > targets.lcpMs)
      out.push(`${lh} LCP ${m.lcpMs} ms (target ≤ ${targets.lcpMs} ms)`);
    if (m.tbtMs !== null && m.tbtMs > targets.tbtMs)
      out.push(`${lh} TBT ${m.tbtMs} ms (target ≤ ${targets.tbtMs} ms)`);
    if (m.cls !== null && m.cls > targets.cls) out.push(`${lh} CLS ${m.cls} (target ≤ ${targets.cls})`);
  }
  const b = results.bundle;
  for (const p of b.pages) {
    if (p.gzipBytes > b.budgetGzipBytes)
      out.push(
        `First-load JS of ${p.page} is ${kB(p.gzipBytes)} kB gzip (budget ${kB(b.budgetGzipBytes)} kB)`,
      );
    if (p.ownGzipBytes > b.ownBudgetGzipBytes)
      out.push(
        `Our first-load JS (without the framework chunk) on ${p.page} is ${kB(p.ownGzipBytes)} kB gzip (budget ${kB(b.ownBudgetGzipBytes)} kB)`,
      );
    if (p.css.gzipBytes > b.cssBudgetGzipBytes)
      out.push(
        `First-load CSS of ${p.page} is ${kB(p.css.gzipBytes)} kB gzip (budget ${kB(b.cssBudgetGzipBytes)} kB)`,
      );
    if (p.zodFiles.length) out.push(`${p.page} loads zod at first: ${p.zodFiles.join(', ')}`);
    if (p.adminFiles.length) out.push(`${p.page} loads back-office code: ${p.adminFiles.join(', ')}`);
  }
  for (const v of results.firstView.views)
    if (v.bytes > results.firstView.budgetBytes)
      out.push(
        `First view of ${v.page}${v.saveData ? ' with Save-Data' : ''} on a phone transfers ${kB(v.bytes)} kB (target ≤ ${kB(results.firstView.budgetBytes)} kB, goal ${kB(results.firstView.goalBytes)} kB)`,
      );
  if (results.rush.status === 'ok') out.push(...rushMisses(results.rush));
  if ('setups' in results.scaleOut) out.push(...scaleOutMisses(results.scaleOut));
  if (results.catalogue.status === 'ok')
    for (const [label, c] of [
      ['suggestions', results.catalogue.suggestions],
      ['the search page', results.catalogue.searchPage],
    ] as const)
      if (c.p95Ms > c.targetP95Ms)
        out.push(
          `At ${results.catalogue.products} products, ${label} p95 is ${c.p95Ms} ms (target ≤ ${c.targetP95Ms} ms)`,
        );
  for (const t of [...results.api.targets, ...results.pages.targets]) {
    for (const [id, r] of Object.entries(t.cases)) {
      const bad = r.non2xx + r.errors + r.timeouts;
      if (bad)
        out.push(`${t.label} ${id}: ${bad} non-2xx responses or errors (${JSON.stringify(r.statusCodes)})`);
    }
  }
  return out;
}

export function markdown(results: Results): string {
  const s = results.settings;
  const m = results.machine;
  const lines: string[] = [];
  lines.push(`# Souk bench — ${results.date}`);
  lines.push('');
  lines.push(
    `Commit ${results.git.commit ?? 'unknown'}${results.git.dirty ? ' (with uncommitted changes)' : ''} · ` +
      `web build of ${results.webBuild.builtAt ?? 'unknown'}${results.webBuild.rebuilt ? ' (built by this run)' : ''}` +
      `${results.webBuild.changedDuringRun ? ' (⚠ rebuilt by someone else during the run)' : ''} · ` +
      `Node ${m.node} · ${m.cpus} × ${m.cpuModel} · ${m.memoryGB} GB · ran in ${results.durationS} s`,
  );
  const load = m.loadAverage;
  const busy = Math.max(load.start, load.end ?? 0);
  if (busy > m.cpus * 0.5) {
    lines.push('');
    lines.push(
      `⚠ The machine was busy (1-min load average ${load.start.toFixed(1)} at start, ${load.end?.toFixed(1) ?? '?'} at the end, ${m.cpus} CPUs): other processes shared the CPUs, so the numbers are pessimistic and noisy.`,
    );
  }
  lines.push('');
  lines.push(
    `## API throughput — autocannon, ${s.connections} connections, ${s.durationS} s per case after a ${s.warmupS} s warm-up`,
  );
  lines.push('');
  if (results.api.endpoints.length) lines.push(apiTable(results));
  else lines.push('not measured (see the errors below)');
  const startups = results.api.targets
    .filter((t) => t.startupMs !== undefined && t.id !== 'ceiling')
    .map((t) => `${t.label} ${((t.startupMs ?? 0) / 1000).toFixed(1)} s`);
  if (startups.length) {
    lines.push('');
    lines.push(`First start (migrate + seed the demo shop): ${startups.join(', ')}.`);
  }
  lines.push('');
  lines.push(
    `## Page throughput — server-rendered HTML, production vs development mode, PGlite, autocannon, ${s.connections} connections, ${s.durationS} s per case after a ${s.warmupS} s warm-up`,
  );
  lines.push('');
  if (results.pages.endpoints.length) {
    lines.push(pagesTable(results));
    lines.push('');
    lines.push(
      "production: `npm start` (apps/web/start.ts, NODE_ENV unset → production); development: the same built server with NODE_ENV=development (React's development build). Same database, one after the other.",
    );
  } else {
    const why = results.pages.targets.find((t) => t.reason)?.reason;
    lines.push(`not measured${why ? `: ${why}` : ' (see the errors below)'}`);
  }
  lines.push('');
  lines.push('## The storefront during a bulk creation — PGlite server, autocannon');
  lines.push('');
  lines.push(bulkTable(results));
  lines.push('');
  lines.push('## A WhatsApp rush — PostgreSQL server, anonymous visitors, autocannon');
  lines.push('');
  lines.push(results.rush.status === 'ok' ? rushTable(results.rush) : `not measured: ${results.rush.reason}`);
  lines.push('');
  lines.push('## Searches at catalogue scale — PostgreSQL server, one client, uncached');
  lines.push('');
  lines.push(
    results.catalogue.status === 'ok'
      ? catalogueTable(results.catalogue)
      : `not measured: ${results.catalogue.reason}`,
  );
  lines.push('');
  lines.push(
    `## Processes behind nginx — PostgreSQL, Redis and one DATA_DIR shared, anonymous visitors, autocannon`,
  );
  lines.push('');
  const scaleOut = results.scaleOut;
  const measuredSetups = 'setups' in scaleOut ? scaleOut.setups.length : 0;
  if ('setups' in scaleOut && measuredSetups) lines.push(scaleOutTable(scaleOut));
  if (scaleOut.status !== 'ok') {
    if (measuredSetups) lines.push('');
    lines.push(`${measuredSetups ? 'stopped early' : 'not measured'}: ${scaleOut.reason}`);
  }
  lines.push('');
  lines.push('## The back office at 100 000 orders — PostgreSQL server');
  lines.push('');
  lines.push(ordersTable(results));
  lines.push('');
  const runs = s.lighthouseRuns === 1 ? 'one run' : `median of ${s.lighthouseRuns} runs`;
  lines.push(
    `## Lighthouse mobile — PGlite server, default mobile emulation and simulated throttling, ${runs}`,
  );
  lines.push('');
  if (results.lighthouse.status === 'ok' || results.lighthouse.pages.length) {
    const t = results.lighthouse.targets;
    lines.push(lighthouseTable(results));
    lines.push('');
    lines.push(
      `Each figure is its own median over the runs (they may come from different runs); the notes come from the run closest to the median. Performance goal ${t.performanceGoal}. A noindex page (search, cart) meets the SEO target when \`is-crawlable\` is its only failed SEO audit.`,
    );
    const hints = results.lighthouse.pages
      .filter((p) => p.median?.opportunities.length && (p.median.performance ?? 100) < t.performanceGoal)
      .map(
        (p) =>
          `- ${p.name}: ${p.median?.opportunities
            .slice(0, 3)
            .map((o) => `${o.id} (~${o.savingsMs} ms)`)
            .join(', ')}`,
      );
    if (hints.length) {
      lines.push('');
      lines.push('Largest estimated savings (Lighthouse audits, run closest to the median):');
      lines.push('');
      lines.push(...hints);
    }
    const indexes = results.lighthouse.pages
      .flatMap((p) => p.runs.map((r) => r.benchmarkIndex))
      .filter((v): v is number => typeof v === 'number');
    if (indexes.length) {
      lines.push('');
      lines.push(
        `Lighthouse CPU benchmark index of this machine during the runs: ${Math.min(...indexes)}–${Math.max(...indexes)} (a wide range means other work was competing for the CPU).`,
      );
    }
  } else {
    lines.push(`${results.lighthouse.status}: ${results.lighthouse.reason ?? ''}`);
  }
  lines.push('');
  lines.push(
    `## First-load JavaScript and CSS — gzip level 9, budgets ${kB(results.bundle.budgetGzipBytes)} kB of JS per page, ${kB(results.bundle.ownBudgetGzipBytes)} kB of it ours, ${kB(results.bundle.cssBudgetGzipBytes)} kB of CSS`,
  );
  lines.push('');
  if (results.bundle.pages.length) {
    lines.push(bundleTable(results));
    lines.push('');
    lines.push(
      '"framework" is the vendor chunk (React, React DOM, scheduler, React Router); "ours" is every other first-load file.',
    );
    lines.push('');
    lines.push('Biggest files:');
    lines.push('');
    lines.push(biggestFilesTable(results));
  } else {
    lines.push(`${results.bundle.status}: ${results.bundle.reason ?? ''}`);
  }
  const fv = results.firstView;
  lines.push('');
  lines.push(
    `## First view on a phone — Chromium, ${fv.phone}, empty cache, bytes transferred until the network is quiet`,
  );
  lines.push('');
  if (fv.views.length) {
    lines.push(firstViewTable(results));
    const underGoal = fv.views.filter((v) => v.bytes <= fv.goalBytes).length;
    lines.push('');
    lines.push(
      `kB as received (compressed bodies and headers), by resource type. Goal ${kB(fv.goalBytes)} kB: ${underGoal} of ${fv.views.length} views under it. "Save-Data on": the same view with \`Save-Data: on\` on every request.`,
    );
    if (fv.screenshot) {
      lines.push('');
      lines.push(
        `The product page before JavaScript runs (JavaScript disabled, right after the load event), ${fv.screenshot.width} × ${fv.screenshot.height} px: \`${fv.screenshot.file}\`.`,
      );
    }
  } else {
    lines.push(`${fv.status}: ${fv.reason ?? ''}`);
  }
  const missed = misses(results);
  lines.push('');
  lines.push('## Summary');
  lines.push('');
  if (missed.length) for (const line of missed) lines.push(`- ✗ ${line}`);
  else if (results.errors.length) lines.push('- no target missed among what could be measured');
  else lines.push('- ✓ every target met');
  for (const error of results.errors) {
    const [first, ...rest] = error.split('\n');
    lines.push(`- ⚠ could not measure: ${first}`);
    if (rest.length) lines.push('', '  ```text', ...rest.map((l) => `  ${l}`), '  ```');
  }
  lines.push('');
  return lines.join('\n');
}
