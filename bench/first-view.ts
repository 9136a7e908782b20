// The first view on a phone: each page opened in Debian's Chromium as a 390 px wide phone (device
// pixel ratio 2) with an empty cache, and the bytes it transfers until the network is quiet, by type;
// once as is and once with `Save-Data: on`. Also a picture of the product page before JavaScript runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, type CDPSession, chromium } from '@playwright/test';
import sharp from 'sharp';
import { BROWSER_USER_AGENT } from './bundle.ts';
import { track } from './cleanup.ts';
import { CHROME_ARGS, CHROME_PATH } from './lighthouse.ts';

/** Bytes transferred by a page's first view (1 kB = 1000 bytes): the target, and the goal beyond it. */
export const FIRST_VIEW_BUDGET = 250_000;
export const FIRST_VIEW_GOAL = 200_000;
/** The network counts as quiet after this long with no request in flight (Playwright's networkidle). */
export const QUIET_MS = 500;
/** A view that is not quiet by then is reported as failed rather than waited for forever. */
const VIEW_TIMEOUT_MS = 60_000;

/** A mid-range phone held upright: 390 × 844 CSS pixels at device pixel ratio 2, touch. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  // A visitor's browser: pages stream as for a person (bots get complete pages).
  userAgent: BROWSER_USER_AGENT,
  locale: 'fr-FR',
};
export const PHONE_LABEL = '390 × 844 CSS px, DPR 2, touch';

export type ResourceKind = 'document' | 'scripts' | 'stylesheets' | 'images' | 'fonts' | 'other';
const KINDS: Record<string, ResourceKind> = {
  Document: 'document',
  Script: 'scripts',
  Stylesheet: 'stylesheets',
  Image: 'images',
  Font: 'fonts',
};

export type FirstView = {
  page: string;
  path: string;
  saveData: boolean;
  /** HTTP status of the document. */
  status: number | null;
  /** Encoded bytes received (headers and body as sent, i.e. compressed) of every response. */
  bytes: number;
  byKind: Record<ResourceKind, number>;
  requests: number;
  /** Requests that failed (URL and Chromium's reason). */
  failed: string[];
  /** Milliseconds from the navigation to the load event, then to a quiet network (local, unthrottled). */
  loadMs: number;
  quietMs: number;
  /** The heaviest responses, to know where the bytes go. */
  heaviest: { url: string; kind: ResourceKind; bytes: number }[];
};

export type FirstViewSession = {
  /** One page, fresh context (empty cache, no cookies), `Save-Data: on` on every request if asked. */
  view: (origin: string, page: { name: string; path: string }, saveData: boolean) => Promise<FirstView>;
  /** A PNG of the page as the server rendered it, JavaScript disabled, right after the load event. */
  screenshot: (url: string, file: string) => Promise<{ bytes: number; width: number; height: number }>;
  close: () => Promise<void>;
};

type Request = { url: string; kind: ResourceKind; bytes: number; done: boolean };

/**
 * Follows a tab's requests through the DevTools protocol: bytes as `Network.loadingFinished` counts
 * them (`encodedDataLength`: headers and body as received), and when the network goes quiet.
 */
function watchNetwork(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  const failed: string[] = [];
  let inFlight = 0;
  let document: number | null = null;
  let onChange = () => {};

  cdp.on('Network.requestWillBeSent', (e) => {
    const kind = KINDS[e.type ?? ''] ?? 'other';
    const known = requests.get(e.requestId);
    if (known && e.redirectResponse) {
      // A redirect keeps the request id: its response was received in full, the request goes on.
      known.bytes += e.redirectResponse.encodedDataLength;
      known.url = e.request.url;
    } else if (!known) {
      requests.set(e.requestId, { url: e.request.url, kind, bytes: 0, done: false });
      inFlight += 1;
    }
    onChange();
  });
  cdp.on('Network.responseReceived', (e) => {
    const request = requests.get(e.requestId);
    if (request) request.kind = KINDS[e.type] ?? 'other';
    if (e.type === 'Document' && document === null) document = e.response.status;
  });
  const finish = (requestId: string, bytes: number, error?: string) => {
    const request = requests.get(requestId);
    if (!request || request.done) return;
    request.done = true;
    // data: URLs are part of the file that holds them; nothing crosses the network.
    if (!request.url.startsWith('data:')) request.bytes += bytes;
    if (error) failed.push(`${request.url} (${error})`);
    inFlight -= 1;
    onChange();
  };
  cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => finish(e.requestId, 0, e.errorText));

  /** Resolves once no request has been in flight for QUIET_MS; every network event restarts the wait. */
  const quiet = () =>
    new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      onChange = () => {
        clearTimeout(timer);
        if (inFlight === 0) timer = setTimeout(resolve, QUIET_MS);
      };
      onChange();
    });

  return { requests, failed, quiet, documentStatus: () => document };
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: not done after ${ms / 1000} s`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

export async function openFirstView(): Promise<FirstViewSession> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROME_ARGS,
    // The bench's own handler stops everything on a signal (Playwright would exit first).
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const close = track({ name: 'Chromium (first view)', release: () => browser.close() });

  async function view(
    origin: string,
    page: { name: string; path: string },
    saveData: boolean,
  ): Promise<FirstView> {
    const context = await browser.newContext({
      ...PHONE,
      ...(saveData ? { extraHTTPHeaders: { 'save-data': 'on' } } : {}),
    });
    try {
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      // A new context starts with an empty cache: the view pays what a first visit pays.
      await cdp.send('Network.enable');
      const network = watchNetwork(cdp);
      const t0 = performance.now();
      await tab.goto(origin + page.path, { waitUntil: 'load', timeout: VIEW_TIMEOUT_MS });
      const loadMs = performance.now() - t0;
      await withTimeout(network.quiet(), VIEW_TIMEOUT_MS, `${page.path}: a quiet network`);
      const quietMs = performance.now() - t0 - QUIET_MS;
      const byKind: Record<ResourceKind, number> = {
        document: 0,
        scripts: 0,
        stylesheets: 0,
        images: 0,
        fonts: 0,
        other: 0,
      };
      const all = [...network.requests.values()];
      for (const r of all) byKind[r.kind] += r.bytes;
      return {
        page: page.name,
        path: page.path,
        saveData,
        status: network.documentStatus(),
        bytes: all.reduce((s, r) => s + r.bytes, 0),
        byKind,
        requests: all.length,
        failed: network.failed,
        loadMs: Math.round(loadMs),
        quietMs: Math.round(quietMs),
        heaviest: all
          .filter((r) => r.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 5)
          .map((r) => ({ url: new URL(r.url).pathname, kind: r.kind, bytes: r.bytes })),
      };
    } finally {
      await context.close();
    }
  }

  async function screenshot(url: string, file: string) {
    // JavaScript off: what the phone shows from the server's HTML and CSS, before the app's code
    // runs (the storefront renders in full on the server, nothing waits for the client).
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    try {
      const tab = await context.newPage();
      await tab.goto(url, { waitUntil: 'load', timeout: VIEW_TIMEOUT_MS });
      const png = await tab.screenshot({ type: 'png' });
      // The file is committed: a 256-colour palette keeps it small at full phone resolution.
      const small = await sharp(png).png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 });
      const { data, info } = await small.toBuffer({ resolveWithObject: true });
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, data);
      return { bytes: data.length, width: info.width, height: info.height };
    } finally {
      await context.close();
    }
  }

  return { view, screenshot, close };
}
