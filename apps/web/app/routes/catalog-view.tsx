import { Breadcrumb } from '~/components/ui/breadcrumb';
import { EmptyState } from '~/components/ui/empty-state';
import { CategoryCard } from '~/features/catalog/category-card';
import type { Route } from './+types/catalog';

// Not a route of its own: the page of the catalog route (catalog.tsx), which that route loads as an
// island, hydrated once the page is idle (docs/decisions/0028).

export function CatalogView({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { categories } = loaderData;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-5 sm:py-8">
      <Breadcrumb items={[{ label: 'Accueil', to: '/' }, { label: 'Catalogue' }]} step={1} />
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Catalogue</h1>
        <p className="text-sm text-stone-600">
          Choisissez une catégorie pour découvrir nos produits naturels.
        </p>
      </header>
      {categories.length === 0 ? (
        <EmptyState title="Aucune catégorie disponible" />
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          {categories.map((category, index) => (
            <li key={category.id}>
              <CategoryCard category={category} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
