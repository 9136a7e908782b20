/// <reference lib="webworker" />
// The shop's service worker (docs/decisions/0036), built by web-app-build.ts into /sw.js with the
// build's version. It never answers with a price it cannot date: pages come from the network
// first, and a kept copy says 'Hors ligne — prix vus le …'; data and API reads are never answered
// from a copy; nothing answered to one person is kept.
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  OFFLINE_PAGE_PATH,
  OFFLINE_SCRIPT_PATH,
  ROUTE_DISCOVERY_PATH,
} from '../app/features/offline/offline-marks';
import {
  isSharedPage,
  keptPage,
  offlinePageWith,
  pageOfData,
  pendingModule,
  reloadDocument,
  reloadDocumentAt,
  stamped,
  withOfflineNotice,
} from './page-copies';

declare const self: ServiceWorkerGlobalScope;
/** The build's fingerprint (web-app-build.ts): a new build is a new service worker. */
declare const __SOUK_VERSION__: string;

const PREFIX = 'souk-';
// Pages and scripts belong to one build (a page names its build's files): a new version starts them
// afresh and the old ones go. Product pictures do not change under their address: they stay.
const CACHES = {
  pages: `${PREFIX}pages-${__SOUK_VERSION__}`,
  assets: `${PREFIX}assets-${__SOUK_VERSION__}`,
  offline: `${PREFIX}offline-${__SOUK_VERSION__}`,
  images: `${PREFIX}images`,
};

/** How long a page may take to start coming before the phone shows its copy instead. */
const NETWORK_TIMEOUT_S = 3;
const DAY_S = 24 * 60 * 60;
/** Bounds: pages a visitor browsed in a month; the pictures of as many; a build's scripts. */
const PAGES_KEPT = 60;
const IMAGES_KEPT = 200;
const ASSETS_KEPT = 150;

const sameOrigin = (url: URL) => url.origin === self.location.origin;
/** A page of the shop a visitor opens, the back office's aside. */
const isShopPage = (url: URL) => sameOrigin(url) && !/^\/(admin|api|media)(\/|$)/.test(url.pathname);

self.addEventListener('install', (event) => {
  // The offline page and the stylesheet it names, as this build renders them. Asked without
  // cookies: the copy is the same for every visitor.
  event.waitUntil(
    (async () => {
      const page = await fetch(OFFLINE_PAGE_PATH, { credentials: 'omit', cache: 'no-store' });
      if (!page.ok) throw new Error(`offline page: ${page.status}`);
      const html = await page.clone().text();
      const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].flatMap(
        ([link]) => /href="([^"]+)"/.exec(link)?.[1] ?? [],
      );
      // Where the build's files are looked for (their route below), under the address asked for;
      // with the pages' offline script, which every kept page starts.
      await (await caches.open(CACHES.assets)).addAll([...styles, OFFLINE_SCRIPT_PATH]);
      await (await caches.open(CACHES.offline)).put(OFFLINE_PAGE_PATH, page);
      // A new version takes over at once: pages already open keep working (the server keeps the
      // previous build's files, and its scripts are kept here until then), and are told of it.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set(Object.values(CACHES));
      for (const name of await caches.keys())
        if (name.startsWith(PREFIX) && !current.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// The page that installed this worker came before it: once it is controlled it asks for its copy
// to be taken, as any page's would be (mostly a 304 from the browser's own cache). Not during the
// activation, which holds the page's requests until it ends.
self.addEventListener('message', (event) => {
  const asked = (event.data as { keep?: unknown } | null)?.keep;
  if (typeof asked !== 'string') return;
  const url = new URL(asked, self.location.origin);
  if (!isShopPage(url)) return;
  event.waitUntil(
    pages.handle({ event, request: new Request(url, { credentials: 'same-origin' }) }).catch(() => undefined),
  );
});

/** Pages: kept only when shared, stamped with when; answered offline with the notice. */
const keptPages: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isSharedPage(response) ? stamped(response, new Date()) : null),
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse ? withOfflineNotice(cachedResponse) : null,
};

const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  // One copy per address: the Save-Data and encoding variants of a page are the same to read.
  matchOptions: { ignoreVary: true },
  // Expiry first: a copy too old is dropped before it is shown.
  plugins: [new ExpirationPlugin({ maxEntries: PAGES_KEPT, maxAgeSeconds: 30 * DAY_S }), keptPages],
});

// Every page the visitor opens, but the back office's (its staff work online, its downloads are
// long) and what is not a page.
registerRoute(({ request, url }) => request.mode === 'navigate' && isShopPage(url), pages);
// A form posted before the page's scripts ran: nothing kept, the offline page if it cannot go.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isShopPage(url),
  new NetworkOnly(),
  'POST',
);

// A client navigation's data: from the network only (data shown without its page could not say
// how old it is). When it fails, React Router loads the page as a document, which this worker
// answers with its copy or the offline page.
registerRoute(
  ({ url }) => url.pathname.endsWith('.data') && isShopPage(new URL(pageOfData(url.href), url)),
  new NetworkOnly({
    // As long as a page may take before its copy is shown.
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [{ handlerDidError: async ({ request }) => reloadDocumentAt(pageOfData(request.url)) }],
  }),
);
// React Router's route discovery before a client navigation: when it cannot come, React Router is
// told to load the page as a document instead (once per version; it guards against a loop).
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === ROUTE_DISCOVERY_PATH,
  new NetworkOnly({
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [{ handlerDidError: async () => reloadDocument() }],
  }),
);

// The build's files: their names are their contents, so a kept one is never stale (the offline
// script's name is not, but this worker's caches are its build's own). Offline, a
// script the phone does not hold (a part of a kept page that was never woken) is answered with one
// that never finishes loading, so that what imports it waits rather than fails. It exports
// nothing: a module that imports names from it fails all the same, and an island whose code fails
// keeps the HTML the server rendered, links and forms working (app/lib/island.tsx).
registerRoute(
  ({ url }) =>
    sameOrigin(url) && (url.pathname.startsWith('/assets/') || url.pathname === OFFLINE_SCRIPT_PATH),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [
      new ExpirationPlugin({ maxEntries: ASSETS_KEPT, maxAgeSeconds: 60 * DAY_S }),
      { handlerDidError: async ({ request }) => (request.url.endsWith('.js') ? pendingModule() : undefined) },
    ],
  }),
);

// Product and category pictures: an address is never reused for another picture (media are
// immutable), so the copy is as good as the network's. Bounded in number and age, and dropped
// first when the phone runs short of space.
registerRoute(
  ({ request, url }) =>
    sameOrigin(url) && url.pathname.startsWith('/media/') && request.destination === 'image',
  new CacheFirst({
    cacheName: CACHES.images,
    plugins: [
      new ExpirationPlugin({ maxEntries: IMAGES_KEPT, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
);

/** The offline page for the address asked for, listing the pages this phone holds. */
async function offlinePage(asked: string): Promise<Response> {
  const page = await (await caches.open(CACHES.offline)).match(OFFLINE_PAGE_PATH);
  if (!page) return Response.error();
  const kept = await caches.open(CACHES.pages);
  const copies = await Promise.all(
    (await kept.keys()).map(async (request) => {
      const copy = await kept.match(request);
      return copy ? keptPage(request.url, copy) : null;
    }),
  );
  return offlinePageWith(
    page,
    asked,
    copies.filter((copy) => copy !== null),
  );
}

// A page that neither the network nor a copy can give: the shop's offline page, not the browser's.
setCatchHandler(async ({ request }) =>
  request.mode === 'navigate' ? offlinePage(request.url) : Response.error(),
);
