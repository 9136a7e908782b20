import { NEW_VERSION, NEW_VERSION_RELOAD, OFFLINE_ACTION } from '@souk/domain/offline';
import { WEB_MANIFEST_PATH } from '~/lib/web-app';
import { OFFLINE_NOTICE_ID, SERVICE_WORKER_PATH } from './offline-marks';

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

/**
 * Registers the service worker. A new version takes over at once (service-worker.ts); when it
 * takes over a page that an older one served, the page offers to reload.
 */
async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const servedByOlder = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The page came before its worker: its copy is taken now (service-worker.ts).
    navigator.serviceWorker.controller?.postMessage({ keep: window.location.href });
    if (!servedByOlder) return;
    say(NEW_VERSION, { label: NEW_VERSION_RELOAD, run: () => window.location.reload() });
  });
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  } catch {
    // No service worker (a private window, a browser that refuses it): the shop works as before.
  }
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
  void registerServiceWorker();
}
