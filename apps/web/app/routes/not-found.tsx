import { data, Link } from 'react-router';
import { serverConfig } from '~/lib/api.server';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/not-found';

// Any path no other route claims: render the page, but with a real 404 status for crawlers and caches.
export function loader({ context, request }: Route.LoaderArgs) {
  const { publicUrl } = serverConfig(context);
  return data({ url: `${publicUrl}${new URL(request.url).pathname}` }, { status: 404 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Page introuvable',
    description: "Cette page n'existe pas ou a été déplacée.",
    url: loaderData?.url ?? '',
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

export default function NotFoundPage() {
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <p aria-hidden="true" className="font-serif text-7xl font-bold text-amber-700/80">
        404
      </p>
      <h1 className="font-serif text-3xl font-bold text-stone-900">Page introuvable</h1>
      <p className="text-stone-700">
        La page que vous cherchez n’existe pas ou a été déplacée. Nos produits, eux, vous attendent.
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900"
        >
          Retour à l’accueil
        </Link>
        <Link
          to="/catalog"
          className="rounded-full border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-50"
        >
          Voir le catalogue
        </Link>
      </div>
    </main>
  );
}
