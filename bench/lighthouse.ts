// Lighthouse (default mobile emulation and simulated throttling) on Debian's Chromium, never a downloaded one.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { track } from './cleanup.ts';

export const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export type LighthouseRun = {
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** Lighthouse's CPU benchmark of this machine (higher is faster; ~1000+ is a desktop). */
  benchmarkIndex: number | null;
  /** Accessibility audits that failed (score < 1), to know what to fix. */
  failedAccessibilityAudits: { id: string; title: string }[];
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
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const lhr = result.lhr as unknown as Lhr;
    if (reportFile) {
      mkdirSync(path.dirname(reportFile), { recursive: true });
      writeFileSync(reportFile, String(result.report));
    }
    const a11yIds = new Set(lhr.categories.accessibility?.auditRefs.map((r) => r.id) ?? []);
    const failedAccessibilityAudits = [...a11yIds]
      .map((id) => ({ id, audit: lhr.audits[id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
      .map(({ id, audit }) => ({ id, title: audit?.title ?? id }));
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      cls: numeric(lhr, 'cumulative-layout-shift', 3),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      speedIndexMs: numeric(lhr, 'speed-index'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      failedAccessibilityAudits,
      opportunities: opportunities(lhr),
      lcpElement: lcpElement(lhr),
      runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
      warnings: lhr.runWarnings ?? [],
    };
  }

  return { run, close };
}

/** Of several runs of one page, the one with the best performance score (then the lowest LCP). */
export function bestRun(runs: LighthouseRun[]): LighthouseRun | undefined {
  const ok = runs.filter((r) => !r.runtimeError);
  const pool = ok.length ? ok : runs;
  return [...pool].sort(
    (a, b) =>
      (b.performance ?? -1) - (a.performance ?? -1) ||
      (a.lcpMs ?? Number.POSITIVE_INFINITY) - (b.lcpMs ?? Number.POSITIVE_INFINITY),
  )[0];
}
