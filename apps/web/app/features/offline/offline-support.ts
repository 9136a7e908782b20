import { NEW_VERSION, NEW_VERSION_RELOAD, OFFLINE_ACTION } from '@souk/domain/offline';
import { isKeptPagePath } from '~/lib/kept-pages';
import { WEB_MANIFEST_PATH } from '~/lib/web-app';
import { OFFLINE_NOTICE_ID, ROUTE_DISCOVERY_PATH, SERVICE_WORKER_PATH } from './offline-marks';

// The page's side of the offline shop (docs/decisions/0036): a script of its own, built beside the
// service worker (web-app-build.ts) and started by the page's inline starter once the page has
// loaded and painted (lib/deferred-hydration.server.ts). It is not part of the app's bundle: the
// storefront's first-load budget (docs/decisions/0028) has no room left for it, and it needs
// neither React nor the app's modules. It works on the page as the browser shows it, before or
// without hydration.

/**
 * Offline, a form that would send something (an add to cart, an order, a login, a profile) does
 * not go: the phone says so and what was typed stays in place. Nothing is queued to go later
 * behind the customer's back. Taken before React's own handlers (capture, on the window), so no
 * page's form needs to know.
 */
function holdFormsOffline() {
  window.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (navigator.onLine || form.method !== 'post') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      say(OFFLINE_ACTION);
    },
    { capture: true },
  );
}

/**
 * Offline, a link loads its page as a document, which the service worker answers with the phone's
 * copy (and its notice) or the offline page, rather than as a client navigation, whose data and
 * route code cannot come.
 */
function followLinksOffline() {
  window.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if (!navigator.onLine) {
        // React Router's handler never sees the click; the browser follows the link itself.
        event.stopImmediatePropagation();
        return;
      }
      // Online, the page it leads to comes with data from the network (a client navigation never
      // reads a copy; if it cannot come, the page is loaded as a document, with a notice of its
      // own): the service worker's notice no longer speaks for it. A link within the page leaves it.
      const here = window.location;
      if (link.pathname !== here.pathname || link.search !== here.search)
        document.getElementById(OFFLINE_NOTICE_ID)?.remove();
    },
    { capture: true },
  );
}

/**
 * Says something at the top of the screen, as the back office's toasts do (their look), until it
 * is closed or replaced: the storefront's first load carries no toast region, so this script
 * shows its two messages itself. An error is an alert, read out at once.
 */
function say(message: string, action?: { label: string; run: () => void }) {
  document.getElementById(MESSAGE_ID)?.remove();
  const box = document.createElement('div');
  box.id = MESSAGE_ID;
  box.setAttribute('role', action ? 'status' : 'alert');
  box.className =
    'fixed inset-x-3 top-3 z-[60] flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg md:right-4 md:left-auto md:w-96 ' +
    (action ? 'border-stone-200 bg-white text-stone-900' : 'border-red-200 bg-red-50 text-red-900');
  const text = document.createElement('p');
  text.className = 'flex-1';
  text.textContent = message;
  box.append(text);
  const button = (label: string, run: () => void, className: string) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.className = className;
    element.addEventListener('click', run);
    box.append(element);
  };
  if (action)
    button(
      action.label,
      action.run,
      '-my-1 shrink-0 rounded-full bg-emerald-800 px-3 py-1 font-semibold text-white hover:bg-emerald-900',
    );
  button('Fermer', () => box.remove(), '-my-1 shrink-0 rounded-full px-2 py-1 underline');
  document.body.append(box);
}

const MESSAGE_ID = 'offline-message';

/** How long a page waits at most for React Router's answer before the worker is registered anyway. */
const SETTLE_LIMIT_MS = 10_000;
/** How long the registration then waits at most for an idle moment. */
const IDLE_LIMIT_MS = 2_000;

/**
 * Runs `then` once the page has settled, not while it starts: installing the worker (its script, the
 * offline page, its caches) takes a cheap phone's CPU from the hydration of the page and its islands,
 * and Lighthouse measured about twice the blocking time with it (docs/decisions/0036). Settled means
 * React Router has had the answer to its route discovery, which it asks for only once the islands
 * woken with the page are live (lib/island.tsx), and the phone is idle. A page that asks nothing
 * (every link known already, data saving on) goes after SETTLE_LIMIT_MS.
 */
function whenPageSettled(then: () => void) {
  let settled = false;
  let answer: PerformanceObserver | undefined;
  const go = () => {
    if (settled) return;
    settled = true;
    answer?.disconnect();
    // Safari has no idle callback: the next task.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: IDLE_LIMIT_MS });
    else setTimeout(then);
  };
  // First, so that a browser without the observer below still gets there.
  setTimeout(go, SETTLE_LIMIT_MS);
  try {
    answer = new PerformanceObserver((list) => {
      const asked = (entry: PerformanceEntry) => {
        const url = new URL(entry.name);
        return url.origin === window.location.origin && url.pathname === ROUTE_DISCOVERY_PATH;
      };
      if (list.getEntries().some(asked)) go();
    });
    answer.observe({ type: 'resource', buffered: true });
  } catch {
    // No resource timing here: the time limit will do.
  }
}

/**
 * Registers the service worker once the page has settled. A new version takes over at once
 * (service-worker.ts); when it takes over a page that an older one served, the page offers to
 * reload. Listened for from the start: the phone checks for a new version by itself at each visit,
 * and it may take over before the page registers.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const servedByOlder = Boolean(navigator.serviceWorker.controller);
  const landing = window.location.href;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The page came before its worker: its copy is taken now (service-worker.ts). The visitor may
    // have gone on by then (a tap on a link is also what answers the route discovery): the page
    // they landed on too.
    for (const page of new Set([landing, window.location.href])) keep(page);
    if (!servedByOlder) return;
    say(NEW_VERSION, { label: NEW_VERSION_RELOAD, run: () => window.location.reload() });
  });
  whenPageSettled(() => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }).catch(() => {
      // No service worker (a private window, a browser that refuses it): the shop works as before.
    });
  });
}

/**
 * Asks the worker, if it is there, to take a copy of a page. It keeps only what the server says is
 * the same for everyone; a page that never is (the cart, an account, a search) is not asked for,
 * which would cost its download for nothing.
 */
const keep = (page: string) => {
  if (isKeptPagePath(new URL(page).pathname))
    navigator.serviceWorker?.controller?.postMessage({ keep: page });
};

/**
 * A page opened by a tap comes as data for the page's code, not as HTML the worker could keep: the
 * worker is asked to take its copy, as it does of a page loaded whole, so that the pages a visitor
 * browsed open offline however they got there. It costs a download of the page's HTML (a 304 when
 * the phone has it): not with data saving on. Browsers without the Navigation API keep the pages
 * loaded whole only.
 */
function keepPagesOpenedByTaps() {
  if (
    !('navigation' in window) ||
    (navigator as { connection?: { saveData?: boolean } }).connection?.saveData
  )
    return;
  // A move within the page (its #part) is the same page.
  const here = () => window.location.href.split('#', 1)[0] as string;
  let kept = here();
  navigation.addEventListener('currententrychange', () => {
    if (here() === kept) return;
    kept = here();
    keep(kept);
  });
}

/**
 * Links the shop's manifest, which makes it installable: now rather than in the page's head, so
 * that neither the manifest nor the icon it names competes with the page's first paint
 * (lib/web-app.ts).
 */
function linkManifest() {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_MANIFEST_PATH;
  document.head.append(link);
}

linkManifest();
// Not on a back-office page: its staff work online, and its own toasts speak there.
if (!window.location.pathname.startsWith('/admin')) {
  holdFormsOffline();
  followLinksOffline();
  registerServiceWorker();
  keepPagesOpenedByTaps();
}
