import { SHOP_LOCALE_META, setShopLocale, shopLocale } from '@souk/domain/shop-locale';
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { serverContext } from '#api-context';
import type { Route } from './+types/root';
import './app.css';

/** Matches the header, so the phone's browser bar blends into it. */
const THEME_COLOR = '#064e3b';

/**
 * The pages' copy of the domain (bundled into the server build, apart from the API's) reads numbers
 * and writes dates in the shop's country and time zone: set before any loader, action or render.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => setShopLocale(context.get(serverContext).shopLocale),
];

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/logo.svg' },
];

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
  return <Outlet />;
}

/** Last-resort error page for anything a route's own boundary did not catch. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = 'Erreur de chargement';
  let message = "Une erreur inattendue s'est produite. Veuillez réessayer.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    const body = error.data as { message?: unknown } | string | null;
    const serverMessage =
      typeof body === 'object' && body && typeof body.message === 'string' ? body.message : null;
    if (error.status === 404) {
      title = 'Page introuvable';
      message = serverMessage ?? "La page que vous cherchez n'existe pas ou a été déplacée.";
    } else if (serverMessage) {
      message = serverMessage;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
    stack = error.stack;
  }
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-2xl font-bold text-amber-800"
      >
        !
      </span>
      <h1 className="font-serif text-2xl font-bold text-stone-900">{title}</h1>
      <p className="text-stone-700">{message}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900"
        >
          Réessayer
        </button>
        <Link
          to="/"
          className="rounded-full border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-50"
        >
          Retour à l’accueil
        </Link>
      </div>
      {stack && (
        <pre className="mt-4 max-w-full overflow-auto rounded-lg bg-stone-100 p-3 text-left text-xs text-stone-700">
          {stack}
        </pre>
      )}
    </main>
  );
}
