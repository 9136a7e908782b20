// First-load JavaScript and CSS of a server-rendered page: what its HTML makes the browser fetch before
// the page is interactive, read from the client build and gzipped (level 9) file by file.
// No import of the bench's other modules (only the web app's name for its held hydration script):
// e2e tests import the budgets and predicates below as they are.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { HELD_SCRIPT_TYPE } from '../apps/web/app/lib/deferred-hydration.server.ts';

// The first-paint budgets for a 3G phone (docs/decisions/0028), in gzip bytes (level 9; 1 kB = 1000 bytes).
/** All the JavaScript a page loads at first: framework and ours. */
export const FIRST_LOAD_JS_BUDGET = 120_000;
/** The part of it that is ours: everything but the framework chunk (see isFrameworkAsset). */
export const OUR_JS_BUDGET = 12_000;
/** The stylesheets the page's HTML links. */
export const CSS_BUDGET = 12_000;

/**
 * Whether a URL path is the framework chunk: apps/web/vite.config.ts puts React, React DOM, scheduler
 * and React Router in one chunk named `vendor` (`/assets/vendor-<hash>.js`). Everything else is ours.
 */
export const isFrameworkAsset = (urlPath: string): boolean => /\/assets\/vendor-[^/]+\.js$/.test(urlPath);

/**
 * Texts only zod's code holds, as they survive minification: the names zod 4's `$constructor` gives
 * its classes (strings, so never mangled). The storefront validates on the server; zod in a page's
 * first-load JS is weight a phone pays for nothing.
 */
export const ZOD_MARKERS = ['$ZodType', '$ZodError'];
/** Whether a built file's text contains zod. */
export const isZodAsset = (text: string): boolean => ZOD_MARKERS.some((marker) => text.includes(marker));

export type BundleFile = {
  /** URL path, e.g. /assets/root-abc.js */
  path: string;
  rawBytes: number;
  gzipBytes: number;
  /** How the page reaches it: the HTML (script, modulepreload, inline import) or a static import. */
  via: 'html' | 'import';
};

export type PageBundle = {
  page: string;
  files: BundleFile[];
  rawBytes: number;
  gzipBytes: number;
  /** Referenced files that are not in the client build (fetched over HTTP instead). */
  notInBuild: string[];
  /** Inline scripts of the HTML (hydration, manifest, loader data): shipped in the document, not in the budget. */
  inlineBytes: number;
  inlineGzipBytes: number;
  /** Back-office JavaScript or CSS this page loads (must stay empty: storefront pages never load it). */
  adminFiles: string[];
  /** The framework chunk's share of gzipBytes (isFrameworkAsset), and the rest: our code. */
  frameworkGzipBytes: number;
  ownGzipBytes: number;
  /** First-load JS files that contain zod (isZodAsset; must stay empty). */
  zodFiles: string[];
  /** The stylesheets the HTML links. */
  css: PageCss;
};

export type CssFile = { path: string; rawBytes: number; gzipBytes: number };
export type PageCss = {
  files: CssFile[];
  rawBytes: number;
  gzipBytes: number;
  /** Linked stylesheets that are not in the client build (fetched over HTTP instead). */
  notInBuild: string[];
};

/**
 * Texts only the back office's code holds: a storefront file carrying one has admin code in it,
 * whatever chunk the bundler put it in. Admin route modules and styles are also named 'admin-…'.
 */
export const ADMIN_MARKERS = ['Gestion des Catégories', "Menu de l'administration", 'Nouvelle catégorie'];
export const isAdminAsset = (urlPath: string, text: string) =>
  /\/admin-[^/]*$/.test(urlPath) || ADMIN_MARKERS.some((marker) => text.includes(marker));

/** The stylesheets an HTML document links. */
export function stylesheets(html: string): string[] {
  const urls: string[] = [];
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1] as string);
    if ((attrs.rel ?? '').toLowerCase() === 'stylesheet' && attrs.href) urls.push(attrs.href);
  }
  return urls;
}

// A browser-like user agent: isbot() would otherwise change how the page streams.
/** A phone browser: pages render for it as for a visitor (streamed; bots get complete pages). */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function attributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (m[1] as string).toLowerCase();
    attrs[name] = (m[2] ?? m[3] ?? m[4] ?? '').replaceAll('&amp;', '&');
  }
  return attrs;
}

/** Module specifiers imported by a piece of JavaScript: static (`import … from`, `import "x"`, `export … from`). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"'\s]+)["']/g)) found.push(m[1] as string);
  return found;
}

/** Dynamic imports with a literal specifier: `import("x")`. */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\s*\(\s*["']([^"'\s]+)["']\s*\)/g)].map((m) => m[1] as string);
}

/** The text of the HTML's inline JavaScript. */
export function inlineScripts(html: string): string {
  const parts: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(m[1] as string);
    const type = (attrs.type ?? '').toLowerCase();
    if (!attrs.src && (type === '' || type === 'module' || type === 'text/javascript'))
      parts.push(m[2] as string);
  }
  return parts.join('\n');
}

/** The JS URLs an HTML document loads at first. */
export function firstLoadScripts(html: string): string[] {
  const urls: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(m[1] as string);
    const type = (attrs.type ?? '').toLowerCase();
    const isJs =
      type === '' ||
      type === 'module' ||
      type === HELD_SCRIPT_TYPE ||
      type === 'text/javascript' ||
      type === 'application/javascript';
    if (!isJs) continue; // JSON-LD, import maps, data blocks
    if (attrs.src) {
      urls.push(attrs.src);
      continue;
    }
    // React Router's hydration script, held by the page until it has loaded: the same imports.
    if (type === 'module' || type === HELD_SCRIPT_TYPE) {
      // React Router's hydration script: `import "/assets/manifest-….js"; import * as route0 from "…"; import("…entry.client…")`
      const code = m[2] as string;
      urls.push(...staticImports(code), ...dynamicImports(code));
    }
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1] as string);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') && attrs.href) urls.push(attrs.href);
  }
  return urls;
}

export type BundleContext = { origin: string; clientDir: string };

async function readAsset(urlPath: string, ctx: BundleContext, notInBuild: string[]): Promise<Buffer> {
  const file = path.join(ctx.clientDir, decodeURIComponent(urlPath));
  if (file.startsWith(ctx.clientDir + path.sep) && existsSync(file)) return readFileSync(file);
  notInBuild.push(urlPath);
  const res = await fetch(new URL(urlPath, ctx.origin));
  if (!res.ok) throw new Error(`${urlPath}: HTTP ${res.status} (not in ${ctx.clientDir} either)`);
  return Buffer.from(await res.arrayBuffer());
}

export async function fetchHtml(url: string): Promise<string> {
  const res = await fetch(url, { headers: { 'user-agent': BROWSER_USER_AGENT, accept: 'text/html' } });
  const html = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return html;
}

/**
 * Sums the page's first-load JS: every script the HTML loads, every modulepreload, every import in the
 * inline hydration script, plus whatever those files statically import (the browser fetches it before
 * running them). Lazy `import()` inside the chunks is not counted.
 */
export async function measurePage(page: string, html: string, ctx: BundleContext): Promise<PageBundle> {
  const notInBuild: string[] = [];
  const adminFiles: string[] = [];
  const zodFiles: string[] = [];
  const files = new Map<string, BundleFile>();
  const queue: { url: URL; via: BundleFile['via'] }[] = [];
  const origin = new URL(ctx.origin);
  const pageUrl = new URL(page, ctx.origin);
  for (const ref of firstLoadScripts(html)) queue.push({ url: new URL(ref, pageUrl), via: 'html' });

  while (queue.length) {
    const { url, via } = queue.shift() as { url: URL; via: BundleFile['via'] };
    if (url.origin !== origin.origin) continue; // third-party scripts are out of the budget's scope
    if (files.has(url.pathname)) continue;
    const bytes = await readAsset(url.pathname, ctx, notInBuild);
    const text = bytes.toString('utf8');
    if (isAdminAsset(url.pathname, text)) adminFiles.push(url.pathname);
    if (isZodAsset(text)) zodFiles.push(url.pathname);
    files.set(url.pathname, {
      path: url.pathname,
      rawBytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      via,
    });
    for (const spec of staticImports(text)) {
      if (!/^(\.{0,2}\/|https?:)/.test(spec)) continue; // bare specifiers do not occur in a build
      if (!/\.m?js(\?|$)/.test(spec)) continue; // CSS and other assets are not JavaScript
      queue.push({ url: new URL(spec, url), via: 'import' });
    }
  }

  const css = await measureCss(page, html, ctx, (urlPath, text) => {
    if (isAdminAsset(urlPath, text)) adminFiles.push(urlPath);
  });
  notInBuild.push(...css.notInBuild);

  const list = [...files.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const inline = Buffer.from(inlineScripts(html), 'utf8');
  const gzipBytes = list.reduce((s, f) => s + f.gzipBytes, 0);
  const frameworkGzipBytes = list
    .filter((f) => isFrameworkAsset(f.path))
    .reduce((s, f) => s + f.gzipBytes, 0);
  return {
    page,
    files: list,
    rawBytes: list.reduce((s, f) => s + f.rawBytes, 0),
    gzipBytes,
    notInBuild,
    inlineBytes: inline.length,
    inlineGzipBytes: inline.length ? gzipSync(inline, { level: 9 }).length : 0,
    adminFiles,
    frameworkGzipBytes,
    ownGzipBytes: gzipBytes - frameworkGzipBytes,
    zodFiles,
    css,
  };
}

/**
 * The first-load CSS of a page: every same-origin stylesheet its HTML links, read from the client
 * build (or fetched) and gzipped (level 9) one by one. `inspect` sees each file's text (the admin check).
 */
export async function measureCss(
  page: string,
  html: string,
  ctx: BundleContext,
  inspect?: (urlPath: string, text: string) => void,
): Promise<PageCss> {
  const pageUrl = new URL(page, ctx.origin);
  const files = new Map<string, CssFile>();
  const notInBuild: string[] = [];
  for (const href of stylesheets(html)) {
    const url = new URL(href, pageUrl);
    if (url.origin !== pageUrl.origin || files.has(url.pathname)) continue;
    const bytes = await readAsset(url.pathname, ctx, notInBuild);
    inspect?.(url.pathname, bytes.toString('utf8'));
    files.set(url.pathname, {
      path: url.pathname,
      rawBytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
    });
  }
  const list = [...files.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files: list,
    rawBytes: list.reduce((s, f) => s + f.rawBytes, 0),
    gzipBytes: list.reduce((s, f) => s + f.gzipBytes, 0),
    notInBuild,
  };
}
