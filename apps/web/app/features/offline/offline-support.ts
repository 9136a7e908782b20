import { NEW_VERSION, NEW_VERSION_RELOAD, OFFLINE_ACTION } from '@souk/domain/offline';
import { showToast } from '~/components/ui/toast';
import { SERVICE_WORKER_PATH } from './offline-marks';

// The page's side of the offline shop (docs/decisions/0036), started once the page has hydrated
// (root.tsx): nothing of it in a page's first load, and the service worker registered after it.

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
      showToast({ message: OFFLINE_ACTION, tone: 'error' });
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
      if (navigator.onLine || event.defaultPrevented) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin)
        // React Router's handler never sees the click; the browser follows the link itself.
        event.stopImmediatePropagation();
    },
    { capture: true },
  );
}

/**
 * Registers the service worker. A new version takes over at once (service-worker.ts); when it
 * takes over a page that an older one served, the page offers to reload.
 */
async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const servedByOlder = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!servedByOlder) return;
    showToast({
      message: NEW_VERSION,
      durationMs: Number.POSITIVE_INFINITY,
      action: { label: NEW_VERSION_RELOAD, run: () => window.location.reload() },
    });
  });
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  } catch {
    // No service worker (a private window, a browser that refuses it): the shop works as before.
  }
}

let started = false;

export function startOfflineSupport() {
  if (started) return;
  started = true;
  holdFormsOffline();
  followLinksOffline();
  void registerServiceWorker();
}
