import { SHOP_LOCALE_META, setShopLocale, shopLocale } from '@souk/domain/shop-locale';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { serverContext } from '#api-context';
import { OFFLINE_NOTICE_ID } from '~/features/offline/offline-marks';
import { island, useHydrated } from '~/lib/island';
import { THEME_COLOR } from '~/lib/seo';
import { APP_ICONS, WEB_MANIFEST_PATH } from '~/lib/web-app';
import type { Route } from './+types/root';
import './app.css';

/**
 * The pages' copy of the domain (bundled into the server build, apart from the API's) reads numbers
 * and writes dates in the shop's country and time zone: set before any loader, action or render.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => setShopLocale(context.get(serverContext).shopLocale),
];

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: APP_ICONS[0].src },
  { rel: 'manifest', href: WEB_MANIFEST_PATH },
];

/** A route whose page goes without scripts says so in its `handle` (the offline page). */
const withoutScripts = (handle: unknown) =>
  typeof handle === 'object' && handle !== null && (handle as { scripts?: boolean }).scripts === false;

export function Layout({ children }: { children: React.ReactNode }) {
  const scripts = !useMatches().some((match) => withoutScripts(match.handle));
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={THEME_COLOR} />
        <meta name="format-detection" content="telephone=no" />
        {/* The shop's country and time zone, read back by entry.client before hydrating, so the
            browser writes every date and hint as the server did. */}
        <meta name={SHOP_LOCALE_META} content={JSON.stringify(shopLocale())} />
        <Meta />
        {/* The CSP lets 'self' load stylesheets, icons and module preloads without a nonce. An
            empty one keeps React Router from stamping the request's nonce (entry.server) on every
            <link>: the browser hides nonces once the page loads, so the client would not match it. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        {scripts && <ScrollRestoration />}
        {scripts && <Scripts />}
      </body>
    </html>
  );
}

// Toasts (the back office's outcomes, the storefront's offline and new-version messages) and the
// offline support come once the page has hydrated: nothing of them in any page's first load.
const ToastRegion = lazy(() => import('~/components/ui/toast').then((m) => ({ default: m.ToastRegion })));
const startOfflineSupport = () =>
  import('~/features/offline/offline-support').then((m) => m.startOfflineSupport());

export default function App() {
  useHydrated();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    void startOfflineSupport();
  }, []);
  // The service worker's offline notice speaks for the page it answered; once a navigation has
  // brought data from the network (a client navigation never reads a copy), it no longer does.
  const { key } = useLocation();
  const firstKey = useRef(key);
  useEffect(() => {
    if (key !== firstKey.current) document.getElementById(OFFLINE_NOTICE_ID)?.remove();
  }, [key]);
  return (
    <>
      <Outlet />
      {hydrated && (
        <Suspense>
          <ToastRegion />
        </Suspense>
      )}
    </>
  );
}

// A page that fails is rare: its code is not in every page's first load.
const RootErrorPage = island(
  () => import('~/components/ui/root-error-page').then((m) => m.RootErrorPage),
  'idle',
);

/** Last-resort error page for anything a route's own boundary did not catch. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RootErrorPage error={error} />;
}
