import { Link } from 'react-router';

/** The empty state's way out, back to the category grid. */
export function CatalogLink() {
  return (
    <Link
      to="/catalog"
      className="rounded-full bg-emerald-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
    >
      Retour au catalogue
    </Link>
  );
}
