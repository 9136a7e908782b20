import { Link } from 'react-router';
import { serverConfig } from '~/lib/api.server';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/test';

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: serverConfig(context).publicUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Diagnostic',
    description: "Page de diagnostic : l'application Souk se charge correctement.",
    url: `${loaderData?.publicUrl ?? ''}/test`,
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

/** A diagnostic page saying the app loads, with a link to the login page (no shop header or footer). */
export default function TestPage() {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-[#fbf8f3] px-4">
      <div className="flex max-w-md flex-col items-center gap-4 rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm">
        <span
          aria-hidden="true"
          className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-800"
        >
          ✓
        </span>
        <h1 className="font-serif text-2xl font-bold text-stone-900">L’application fonctionne</h1>
        <p className="text-stone-700">
          Souk est chargé : le serveur répond et les pages s’affichent correctement.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link
            to="/auth/login"
            className="rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900"
          >
            Page de connexion
          </Link>
          <Link
            to="/"
            className="rounded-full border border-stone-300 px-5 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-50"
          >
            Accueil
          </Link>
        </div>
      </div>
    </main>
  );
}
