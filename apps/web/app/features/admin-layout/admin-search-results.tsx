import type { AdminSearchResults as Results } from '@souk/domain/admin-catalog';
import { Link } from 'react-router';
import { ActiveBadge } from '~/components/ui/badge';
import { EmptyState } from '~/components/ui/empty-state';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { AdminPage } from './admin-page';

/** What the header's search found: products and categories, each leading to its screen. */
export function AdminSearchResults({ q, results }: { q: string; results: Results | null }) {
  const nothing = results && !results.products.length && !results.categories.length;
  return (
    <AdminPage title={q ? `Recherche : « ${q} »` : 'Recherche'}>
      {!results && (
        <p className="text-stone-700">Saisissez un nom de produit ou de catégorie dans la recherche.</p>
      )}
      {nothing && (
        <EmptyState title="Aucun résultat">
          Aucun produit ni aucune catégorie ne correspond à « {q} ».
        </EmptyState>
      )}
      {results && results.products.length > 0 && (
        <section aria-labelledby="found-products" className="flex flex-col gap-3">
          <h2 id="found-products" className="text-lg font-semibold text-stone-900">
            Produits
          </h2>
          <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
            {results.products.map((product) => (
              <li key={product.id}>
                <Link
                  to={`/admin/products?search=${encodeURIComponent(product.name)}`}
                  className="flex items-center gap-3 p-3 hover:bg-stone-50"
                >
                  <ResponsiveImage
                    image={product.image}
                    alt=""
                    sizes="48px"
                    className="h-12 w-12 shrink-0 rounded-lg object-cover"
                  />
                  <span className="min-w-0 flex-1 truncate font-medium text-stone-900">{product.name}</span>
                  <ActiveBadge active={product.is_active} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {results && results.categories.length > 0 && (
        <section aria-labelledby="found-categories" className="flex flex-col gap-3">
          <h2 id="found-categories" className="text-lg font-semibold text-stone-900">
            Catégories
          </h2>
          <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
            {results.categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/admin/categories?details=${category.id}`}
                  className="flex items-center gap-3 p-3 hover:bg-stone-50"
                >
                  <span className="min-w-0 flex-1 truncate font-medium text-stone-900">
                    {category.parent_name ? `${category.parent_name} › ` : ''}
                    {category.name}
                  </span>
                  <ActiveBadge active={category.is_active} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </AdminPage>
  );
}
