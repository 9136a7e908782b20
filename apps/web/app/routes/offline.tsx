import { NO_OFFLINE_PAGES } from '@souk/domain/offline';
import { LogoMark } from '~/features/layout/logo';
import {
  OFFLINE_LIST_ATTRIBUTE,
  OFFLINE_PAGE_PATH,
  OFFLINE_RETRY_ATTRIBUTE,
} from '~/features/offline/offline-marks';
import { accountPageHeaders } from '~/lib/no-store';
import { SHOP_NAME } from '~/lib/seo';

// The page the service worker shows for a page the phone has no copy of, or one that needs the
// network (the cart, an order, an account), while it is offline (docs/decisions/0036). It keeps
// a copy of it for each version of the shop, and answers it as plain HTML with the shop's
// stylesheet (its scripts taken out: their code may not be on the phone). No shop layout: nothing
// of the visitor's, the copy is the same for everyone. The list of pages the phone holds is
// written in by the service worker.

// Never kept by a cache between: the service worker fetches the version it was built with.
export const headers = accountPageHeaders;

export function meta() {
  return [{ title: `Hors ligne | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function OfflinePage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="bg-emerald-950 text-white">
        <div className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-3">
          <a href="/" className="flex items-center gap-2 font-serif text-xl font-bold">
            <LogoMark />
            {SHOP_NAME}
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-10">
        <h1 className="font-serif text-3xl font-bold text-stone-900">Vous êtes hors ligne</h1>
        <p className="text-stone-700">
          Cette page n’est pas encore gardée sur ce téléphone, ou elle demande une connexion (le panier, une
          commande, votre compte). Elle s’ouvrira dès que la connexion reviendra.
        </p>
        <p>
          {/* The service worker points it at the address asked for: tapped, it tries the network again. */}
          <a
            href={OFFLINE_PAGE_PATH}
            {...{ [OFFLINE_RETRY_ATTRIBUTE]: '' }}
            className="inline-block rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900"
          >
            Réessayer
          </a>
        </p>
        <h2 className="mt-4 text-lg font-semibold text-stone-900">Déjà ouvertes sur ce téléphone</h2>
        <p className="text-sm text-stone-600">
          Elles s’ouvrent sans connexion, avec les prix du jour où vous les avez vues.
        </p>
        <ul className="offline-pages" {...{ [OFFLINE_LIST_ATTRIBUTE]: '' }}>
          <li>{NO_OFFLINE_PAGES}</li>
        </ul>
      </main>
    </div>
  );
}
