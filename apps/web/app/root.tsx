import { SHOP_LOCALE_META, setShopLocale, shopLocale } from '@souk/domain/shop-locale';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { serverContext } from '#api-context';
import { island, useHydrated } from '~/lib/island';
import { THEME_COLOR } from '~/lib/seo';
import type { Route } from './+types/root';
import './app.css';

/**
 * The pages' copy of the domain (bundled into the server build, apart from the API's) reads numbers
 * and writes dates in the shop's country and time zone: set before any loader, action or render.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => setShopLocale(context.get(serverContext).shopLocale),
];

// The icons and the app's manifest are the same on every page: the server writes them into the
// head (APP_HEAD_LINKS, entry.server.tsx), so no page's scripts carry them.

export function Layout({ children }: { children: React.ReactNode }) {
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useHydrated();
  return <Outlet />;
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
