// Lighthouse (default mobile emulation and simulated throttling) on Debian's Chromium, never a downloaded one.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { track } from './cleanup.ts';

export const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's Chromium as the bench runs it, in every phase (quiet: no updates, sync or pings). */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const CHROME_FLAGS = ['--headless=new', ...CHROME_ARGS];

export type LighthouseRun = {
  performance: number | null;
  accessibility: number | null;
  seo: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** Lighthouse's CPU benchmark of this machine (higher is faster; ~1000+ is a desktop). */
  benchmarkIndex: number | null;
  /** Accessibility audits that failed (score < 1), to know what to fix. */
  failedAccessibilityAudits: { id: string; title: string }[];
  /** SEO audits that failed (score < 1); `is-crawlable` fails on pages that are noindex on purpose. */
  failedSeoAudits: { id: string; title: string }[];
  /** Performance audits with the largest estimated savings (ms), the first places to look. */
  opportunities: { id: string; title: string; savingsMs: number }[];
  /** The element Lighthouse picked as LCP, when it reports it. */
  lcpElement: string | null;
  runtimeError: string | null;
  warnings: string[];
};

export type LighthouseSession = {
  run: (url: string, reportFile?: string) => Promise<LighthouseRun>;
  close: () => Promise<void>;
};

type Audit = {
  score: number | null;
  numericValue?: number;
  title: string;
  details?: unknown;
  metricSavings?: Record<string, number>;
};
type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
};

const score = (lhr: Lhr, id: string) => {
  const s = lhr.categories[id]?.score;
  return typeof s === 'number' ? Math.round(s * 100) : null;
};
const numeric = (lhr: Lhr, id: string, digits = 0) => {
  const v = lhr.audits[id]?.numericValue;
  if (typeof v !== 'number') return null;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

function lcpElement(lhr: Lhr): string | null {
  // 12.x: the "largest-contentful-paint-element" audit holds a table whose first item is the node.
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? (node.snippet ?? node.nodeLabel ?? null) : null;
}

/** The audits of a category that failed (score < 1; manual and not-applicable audits have no score). */
function failedAudits(lhr: Lhr, category: string): { id: string; title: string }[] {
  const ids = new Set(lhr.categories[category]?.auditRefs.map((r) => r.id) ?? []);
  return [...ids]
    .map((id) => ({ id, audit: lhr.audits[id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .map(({ id, audit }) => ({ id, title: audit?.title ?? id }));
}

function opportunities(lhr: Lhr): LighthouseRun['opportunities'] {
  const ids = lhr.categories.performance?.auditRefs.map((r) => r.id) ?? [];
  const found: LighthouseRun['opportunities'] = [];
  for (const id of ids) {
    const audit = lhr.audits[id];
    // The LCP breakdown restates the metric; it is not something to fix by itself.
    if (id === 'largest-contentful-paint-element') continue;
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    const details = audit.details as { overallSavingsMs?: number } | undefined;
    const savingsMs = Math.max(
      details?.overallSavingsMs ?? 0,
      audit.metricSavings?.LCP ?? 0,
      audit.metricSavings?.FCP ?? 0,
      audit.metricSavings?.TBT ?? 0,
    );
    if (savingsMs > 0) found.push({ id, title: audit.title, savingsMs: Math.round(savingsMs) });
  }
  return found.sort((a, b) => b.savingsMs - a.savingsMs).slice(0, 5);
}

export async function openLighthouse(): Promise<LighthouseSession> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false, // our own handler cleans up (it would otherwise exit before servers stop)
    logLevel: 'silent',
  });
  const close = track({
    name: `Chromium (pid ${chrome.pid})`,
    release: async () => {
      await Promise.resolve(chrome.kill());
    },
    releaseSync: () => {
      try {
        process.kill(chrome.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  });

  async function run(url: string, reportFile?: string): Promise<LighthouseRun> {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: reportFile ? 'html' : 'json',
      onlyCategories: ['performance', 'accessibility', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const lhr = result.lhr as unknown as Lhr;
    if (reportFile) {
      mkdirSync(path.dirname(reportFile), { recursive: true });
      writeFileSync(reportFile, String(result.report));
    }
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      seo: score(lhr, 'seo'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      cls: numeric(lhr, 'cumulative-layout-shift', 3),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      speedIndexMs: numeric(lhr, 'speed-index'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      failedAccessibilityAudits: failedAudits(lhr, 'accessibility'),
      failedSeoAudits: failedAudits(lhr, 'seo'),
      opportunities: opportunities(lhr),
      lcpElement: lcpElement(lhr),
      runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
      warnings: lhr.runWarnings ?? [],
    };
  }

  return { run, close };
}

/** The figures of a page over its runs, each the median of that figure alone. */
export type LighthouseMedian = {
  runs: number;
  performance: number | null;
  accessibility: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /**
   * The run the lists below come from: the one whose performance score is the median (ties: the
   * median LCP), so the notes describe a typical run rather than the best or the worst.
   */
  typicalRun: number;
  failedAccessibilityAudits: LighthouseRun['failedAccessibilityAudits'];
  failedSeoAudits: LighthouseRun['failedSeoAudits'];
  opportunities: LighthouseRun['opportunities'];
  lcpElement: string | null;
};

/** The median of some numbers (the mean of the two middle ones for an even count), null if none. */
export function median(values: (number | null)[], digits = 0): number | null {
  const sorted = values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Each figure's median over the runs that completed (a run with a runtime error is left out; none
 * completed: undefined). Medians are taken figure by figure, so they may come from different runs.
 */
export function medianOf(runs: LighthouseRun[]): LighthouseMedian | undefined {
  const ok = runs.filter((r) => !r.runtimeError);
  if (!ok.length) return undefined;
  const pick = (f: (r: LighthouseRun) => number | null, digits = 0) => median(ok.map(f), digits);
  const performance = pick((r) => r.performance);
  const lcpMs = pick((r) => r.lcpMs);
  const distance = (r: LighthouseRun) => [
    Math.abs((r.performance ?? 0) - (performance ?? 0)),
    Math.abs((r.lcpMs ?? 0) - (lcpMs ?? 0)),
  ];
  const typical = [...ok].sort((a, b) => {
    const [pa = 0, la = 0] = distance(a);
    const [pb = 0, lb = 0] = distance(b);
    return pa - pb || la - lb;
  })[0] as LighthouseRun;
  return {
    runs: ok.length,
    performance,
    accessibility: pick((r) => r.accessibility),
    seo: pick((r) => r.seo),
    lcpMs,
    tbtMs: pick((r) => r.tbtMs),
    cls: pick((r) => r.cls, 3),
    fcpMs: pick((r) => r.fcpMs),
    speedIndexMs: pick((r) => r.speedIndexMs),
    typicalRun: runs.indexOf(typical) + 1,
    failedAccessibilityAudits: typical.failedAccessibilityAudits,
    failedSeoAudits: typical.failedSeoAudits,
    opportunities: typical.opportunities,
    lcpElement: typical.lcpElement,
  };
}
