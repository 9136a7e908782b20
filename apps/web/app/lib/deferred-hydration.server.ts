// The page's JavaScript waits for its first paint (docs/decisions/0028). React Router writes, for
// every page, module preloads into the <head> and one inline module script that imports the route
// modules and the client entry: on a slow phone network those ~130 kB are fetched at once, in
// competition with the stylesheet and the picture the visitor is waiting for. The page works
// without them (links and forms are real ones), so they are held until the page has loaded:
// - each `<link rel="modulepreload">` is taken out of the HTML and remembered;
// - React Router's module script is made inert (a type the browser does not run), left in place so
//   that React hydrates the same tree the server rendered;
// - React Router's route discovery is held too, until the page's islands are live
//   (route-discovery.ts);
// - a small script in the <head> waits for the `load` event and the first contentful paint, then
//   for two more frames, so that the pictures `load` waited for are on screen (or, if a picture
//   never finishes, a moment after the document was read); then it adds the preloads back and
//   runs the inert script's text as a module script. The paint matters: on a phone it often comes
//   after `load` (parsing and laying out a long page), and scripts requested before it share the
//   network and the CPU with what the visitor is waiting to see. It carries the page's nonce; on
//   a page kept for every visitor its text and the hydration script's are allowed by their
//   hashes, which are the same once moved.

/** The type that keeps React Router's hydration script from running before its time. */
export const HELD_SCRIPT_TYPE = 'souk/hydrate';

/**
 * How long after the document was read the page hydrates even if its `load` event or its first
 * paint has not come (a picture stalled on a dropping network; a tab opened in the background,
 * which paints nothing and runs no animation frame): its links and forms work meanwhile.
 */
export const HYDRATION_FALLBACK_MS = 2500;

// With its extension: the bench (bench/bundle.ts) loads this file in Node, outside Vite.
import { DISCOVER_ATTRIBUTE, HELD_DISCOVER_ATTRIBUTE } from './route-discovery.ts';

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
// React Router's inline module script: `<script nonce="…" type="module" async="">` (no src).
const HYDRATION_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>/g;
const HREF = /\bhref="([^"]*)"/;

/**
 * The starter's code: small, self-contained, in the HTML. The fallback is set up first, so that
 * nothing after it (a browser without paint timing, an observer that throws) can leave the page
 * without its scripts; written for every browser that runs module scripts (no `?.`, no bare
 * `catch`).
 */
function starter(hrefs: string[], scripts: string[]): string {
  return `(()=>{const d=document,n=d.currentScript.nonce;let done=false,loaded=false,painted=false;const go=()=>{if(done)return;done=true;for(const h of ${JSON.stringify(hrefs)}){const l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.append(l)}for(const h of ${JSON.stringify(scripts)}){const s=d.createElement("script");s.src=h;d.head.append(s)}const held=d.querySelector('script[type="${HELD_SCRIPT_TYPE}"]');if(!held)return;const s=d.createElement("script");s.type="module";s.nonce=n;s.textContent=held.textContent;d.head.append(s)};d.addEventListener("DOMContentLoaded",()=>setTimeout(go,${HYDRATION_FALLBACK_MS}));const ready=()=>{if(loaded&&painted)requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(go)))};addEventListener("load",()=>{loaded=true;ready()});try{if(!PerformanceObserver.supportedEntryTypes.includes("paint"))throw 0;new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();painted=true;ready()}}).observe({type:"paint",buffered:true})}catch(e){painted=true}})()`;
}

/**
 * What the server adds to every page, beside its own: `head`, tags written at the end of the head
 * (tags no script needs to carry); `scripts`, classic scripts of ours started with the page's own,
 * once it has loaded and painted (the offline support, docs/decisions/0036).
 */
export type PageAdditions = { head?: string; scripts?: string[] };

/**
 * Rewrites a page's HTML as it streams: `push` each piece, then `end`. Only whole tags are
 * rewritten; text after a tag's unfinished `<` waits for the next piece.
 */
export function hydrationDeferrer(nonce: string, { head = '', scripts = [] }: PageAdditions = {}) {
  const hrefs: string[] = [];
  let pending = '';
  let headClosed = false;

  const rewrite = (text: string): string => {
    let out = text.replace(MODULE_PRELOAD, (tag) => {
      const href = HREF.exec(tag)?.[1];
      if (href) hrefs.push(href.replaceAll('&amp;', '&'));
      return '';
    });
    out = out.replaceAll(` ${DISCOVER_ATTRIBUTE}="`, ` ${HELD_DISCOVER_ATTRIBUTE}="`);
    out = out.replace(HYDRATION_SCRIPT, (tag, before: string, after: string) =>
      /\ssrc=/.test(tag)
        ? tag
        : `<script${before}type="${HELD_SCRIPT_TYPE}"${after.replace(/\s*async=""/, '')}>`,
    );
    if (!headClosed && out.includes('</head>')) {
      headClosed = true;
      out = out.replace(
        '</head>',
        `${head}<script nonce="${nonce}">${starter(hrefs, scripts)}</script></head>`,
      );
    }
    return out;
  };

  return {
    push(chunk: string): string {
      const text = pending + chunk;
      const lastOpen = text.lastIndexOf('<');
      const cut = lastOpen > text.lastIndexOf('>') ? lastOpen : text.length;
      pending = text.slice(cut);
      return rewrite(text.slice(0, cut));
    },
    end(): string {
      const rest = rewrite(pending);
      pending = '';
      return rest;
    },
  };
}

/** The same rewrite of a whole page. */
export function deferHydration(html: string, nonce: string, additions?: PageAdditions): string {
  const deferrer = hydrationDeferrer(nonce, additions);
  return deferrer.push(html) + deferrer.end();
}
