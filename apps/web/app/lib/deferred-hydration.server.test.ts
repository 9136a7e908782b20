import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  deferHydration,
  HELD_SCRIPT_TYPE,
  HYDRATION_FALLBACK_MS,
  hydrationDeferrer,
} from './deferred-hydration.server';
import { DISCOVER_ATTRIBUTE, HELD_DISCOVER_ATTRIBUTE } from './route-discovery';

// A page as React Router and React write it (modulepreloads hoisted into the head, the hydration
// script at the end of the body), shortened.
const PAGE = [
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>',
  '<link rel="preload" as="image" imageSrcSet="/media/a-320.webp 320w" fetchPriority="high"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/vendor-B.js"/>',
  '<link rel="stylesheet" href="/assets/shell-C.css"/>',
  '</head><body><main><h1>Souk</h1><img src="/media/a-320.webp"/>',
  '<a data-discover="true" href="/catalog">Catalogue</a></main>',
  '<script nonce="N">window.__reactRouterContext = {};</script>',
  '<script nonce="N" type="module" async="">import * as route0 from "/assets/root-D.js";\nimport("/assets/entry.client-A.js");</script>',
  '</body></html>',
].join('');

describe('deferHydration', () => {
  const html = deferHydration(PAGE, 'N');

  it('takes the module preloads out of the HTML', () => {
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    // Everything else in the head stays: the picture's preload first of all.
    expect(html).toContain('<link rel="preload" as="image"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/shell-C.css"/>');
  });

  it('holds React Router’s module script, with its text and nonce, as a type the browser does not run', () => {
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(
      `<script nonce="N" type="${HELD_SCRIPT_TYPE}">import * as route0 from "/assets/root-D.js";\nimport("/assets/entry.client-A.js");</script>`,
    );
    // The other inline scripts run as before.
    expect(html).toContain('<script nonce="N">window.__reactRouterContext = {};</script>');
  });

  it('adds, at the end of the head and under the nonce, the script that runs them once the page has loaded and painted', () => {
    const starter = /<script nonce="N">([^<]*)<\/script><\/head>/.exec(html)?.[1];
    expect(starter).toBeDefined();
    expect(starter).toContain('addEventListener("load",');
    expect(starter).toContain('getEntriesByName("first-contentful-paint")');
    expect(starter).toContain(`setTimeout(go,${HYDRATION_FALLBACK_MS})`);
    expect(starter).toContain('["/assets/entry.client-A.js","/assets/vendor-B.js"]');
    expect(starter).toContain(`script[type="${HELD_SCRIPT_TYPE}"]`);
  });

  it('holds React Router’s route discovery: its links’ mark goes under another name', () => {
    expect(html).toContain(`<a ${HELD_DISCOVER_ATTRIBUTE}="true" href="/catalog">Catalogue</a>`);
    expect(html).not.toContain(`${DISCOVER_ATTRIBUTE}="`);
  });

  it('leaves a page without React Router’s scripts as it was, but for the starter', () => {
    const plain = '<html><head><title>x</title></head><body><p>a &lt; b</p></body></html>';
    const out = deferHydration(plain, 'N');
    expect(out.replace(/<script nonce="N">[^<]*<\/script>/, '')).toBe(plain);
  });

  it('leaves a script with a src alone', () => {
    const page = '<html><head></head><body><script type="module" src="/assets/x.js"></script></body></html>';
    expect(deferHydration(page, 'N')).toContain('<script type="module" src="/assets/x.js"></script>');
  });
});

describe('hydrationDeferrer (streamed pages)', () => {
  it('writes the same page whatever the pieces the stream cuts it into', () => {
    const whole = deferHydration(PAGE, 'N');
    for (let cut = 1; cut < PAGE.length; cut += 7) {
      const deferrer = hydrationDeferrer('N');
      const out = deferrer.push(PAGE.slice(0, cut)) + deferrer.push(PAGE.slice(cut)) + deferrer.end();
      expect(out, `cut at ${cut}`).toBe(whole);
    }
  });

  it('writes the same page from one-character pieces', () => {
    const deferrer = hydrationDeferrer('N');
    let out = '';
    for (const character of PAGE) out += deferrer.push(character);
    out += deferrer.end();
    expect(out).toBe(deferHydration(PAGE, 'N'));
  });
});

/**
 * The starter run as a browser runs it, with the events, frames, timers and paint timing handed
 * out by the test: what it appends to the head, and when.
 */
function browserRunning(starter: string, { paintTiming = true } = {}) {
  type Appended = {
    tag: string;
    rel?: string;
    href?: string;
    type?: string;
    nonce?: string;
    src?: string;
    textContent?: string;
  };
  const appended: Appended[] = [];
  const listeners = new Map<string, (() => void)[]>();
  const listen = (name: string) => (type: string, listener: () => void) =>
    listeners.set(`${name}${type}`, [...(listeners.get(`${name}${type}`) ?? []), listener]);
  let frames: (() => void)[] = [];
  let timers: { ms: number; run: () => void }[] = [];
  let onPaint: ((list: unknown, observer: { disconnect(): void }) => void) | null = null;
  class PerformanceObserver {
    static supportedEntryTypes = ['navigation', 'paint'];
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe() {}
  }
  const document = {
    currentScript: { nonce: 'N' },
    createElement: (tag: string): Appended => ({ tag }),
    head: { append: (element: Appended) => appended.push(element) },
    querySelector: (selector: string) =>
      selector === `script[type="${HELD_SCRIPT_TYPE}"]`
        ? { textContent: 'import("/assets/entry.client-A.js");' }
        : null,
    addEventListener: listen('document:'),
  };
  runInNewContext(starter, {
    document,
    addEventListener: listen(''),
    requestAnimationFrame: (frame: () => void) => frames.push(frame),
    setTimeout: (run: () => void, ms = 0) => timers.push({ ms, run }),
    ...(paintTiming ? { PerformanceObserver } : {}),
  });
  return {
    fire: (event: 'load' | 'document:DOMContentLoaded') => {
      for (const listener of listeners.get(event) ?? []) listener();
    },
    paint: () =>
      onPaint?.(
        { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) },
        {
          disconnect: () => {
            onPaint = null;
          },
        },
      ),
    frame: () => {
      const now = frames;
      frames = [];
      for (const frame of now) frame();
    },
    /** Runs the timers due within `ms`. */
    wait: (ms: number) => {
      const due = timers.filter((timer) => timer.ms <= ms);
      timers = timers.filter((timer) => timer.ms > ms);
      for (const timer of due) timer.run();
    },
    hydrating: () => appended.filter((element) => element.tag === 'script'),
    appended,
  };
}

describe('the starter, run as a browser runs it', () => {
  const starter = /<script nonce="N">([^<]*)<\/script><\/head>/.exec(deferHydration(PAGE, 'N'))?.[1] ?? '';

  it('runs the held script two frames after the page has loaded and painted, with the preloads, once', () => {
    const browser = browserRunning(starter);
    browser.fire('document:DOMContentLoaded');
    browser.fire('load');
    browser.wait(0);
    expect(browser.appended).toEqual([]);
    browser.paint();
    browser.frame();
    browser.wait(0);
    expect(browser.appended).toEqual([]);
    browser.frame();
    browser.wait(0);
    expect(browser.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-A.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/vendor-B.js' },
      { tag: 'script', type: 'module', nonce: 'N', textContent: 'import("/assets/entry.client-A.js");' },
    ]);
    // The fallback's moment comes too: nothing is added twice.
    browser.wait(HYDRATION_FALLBACK_MS);
    expect(browser.appended).toHaveLength(3);
  });

  it('waits for the load event when the page painted before it', () => {
    const browser = browserRunning(starter);
    browser.paint();
    browser.frame();
    browser.frame();
    browser.wait(0);
    expect(browser.hydrating()).toEqual([]);
    browser.fire('load');
    browser.frame();
    browser.frame();
    browser.wait(0);
    expect(browser.hydrating()).toHaveLength(1);
  });

  it('runs it a moment after the document was read when no paint comes (a tab opened in the background)', () => {
    const browser = browserRunning(starter);
    browser.fire('document:DOMContentLoaded');
    browser.fire('load');
    browser.wait(HYDRATION_FALLBACK_MS - 1);
    expect(browser.hydrating()).toEqual([]);
    browser.wait(HYDRATION_FALLBACK_MS);
    expect(browser.hydrating()).toHaveLength(1);
  });

  it('goes at the load event in a browser without paint timing', () => {
    const browser = browserRunning(starter, { paintTiming: false });
    browser.fire('load');
    browser.frame();
    browser.frame();
    browser.wait(0);
    expect(browser.hydrating()).toHaveLength(1);
  });
});

describe('what the server adds to every page', () => {
  const additions = { head: '<link rel="manifest" href="/manifest.webmanifest"/>', scripts: ['/offline.js'] };
  const html = deferHydration(PAGE, 'N', additions);

  it('writes its head tags into the head, before the starter', () => {
    expect(html).toMatch(
      /<link rel="manifest" href="\/manifest.webmanifest"\/><script nonce="N">[^<]*<\/script><\/head>/,
    );
  });

  it('starts its scripts with the page’s own, once it has loaded and painted, never before', () => {
    const starter = /<script nonce="N">([^<]*)<\/script><\/head>/.exec(html)?.[1] ?? '';
    const browser = browserRunning(starter);
    browser.fire('load');
    expect(browser.appended).toEqual([]);
    browser.paint();
    browser.frame();
    browser.frame();
    browser.wait(0);
    expect(browser.appended).toContainEqual({ tag: 'script', src: '/offline.js' });
    expect(browser.hydrating()).toHaveLength(2);
  });
});
