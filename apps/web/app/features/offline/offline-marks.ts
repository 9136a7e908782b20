// What the pages and the service worker (apps/web/service-worker) agree on, declared once: where the
// offline page is, where the service worker writes into the HTML it answers from its copies.

/** Where the build puts the service worker (web-app-build.ts): at the root, its scope is the whole shop. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The page's side of the offline shop (features/offline/offline-support.ts), built beside it. */
export const OFFLINE_SCRIPT_PATH = '/offline.js';

/** The shop's own page for a page the phone cannot open offline (routes/offline.tsx). */
export const OFFLINE_PAGE_PATH = '/offline';

/** The offline page's 'Réessayer' link: the service worker points it at the address asked for. */
export const OFFLINE_RETRY_ATTRIBUTE = 'data-offline-retry';

/** The offline page's list of the pages the phone holds: the service worker fills it in. */
export const OFFLINE_LIST_ATTRIBUTE = 'data-offline-pages';

/**
 * The notice the service worker puts at the top of a page it answers from its copy, outside what
 * React renders (an <aside> in <body>, which React's hydration passes over); the page's own code
 * takes it away once a navigation has brought data from the network.
 */
export const OFFLINE_NOTICE_ID = 'offline-notice';

/**
 * Where React Router asks which routes a page's links lead to (its default): the service worker
 * never answers it from a copy, and the pages register the worker once its first answer has come
 * (the page and the islands woken with it are live by then).
 */
export const ROUTE_DISCOVERY_PATH = '/__manifest';
