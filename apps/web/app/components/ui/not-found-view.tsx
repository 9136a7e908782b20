import { Link } from 'react-router';

/** The shop's 'Page introuvable': an unknown address, or a link that leads nowhere (a revoked tracking link). */
export function NotFoundView() {
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
