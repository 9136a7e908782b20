import { Breadcrumb, CATALOG_TRAIL } from '~/components/ui/breadcrumb';
import { SubcategoryCard } from '~/features/catalog/category-card';
import { CategoryHero } from '~/features/catalog/category-hero';
import { CategoryProductsIsland } from '~/features/catalog/category-products-island';
import type { Route } from './+types/catalog-category';

// Not a route of its own: the page of the catalog-category route (catalog-category.tsx), which that
// route loads as an island, hydrated once the page is idle (docs/decisions/0028).

export function CategoryView({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { category, batch, initialVisible } = loaderData;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-5 sm:py-8">
      <Breadcrumb items={[...CATALOG_TRAIL, { label: category.name }]} step={2} />
      <CategoryHero category={category} eyebrow="Catégorie" />

      {category.subcategories.length > 0 && (
        <section aria-labelledby="subcategories-title" className="flex flex-col gap-3">
          <h2 id="subcategories-title" className="text-lg font-semibold text-stone-900">
            Sous-catégories
          </h2>
          <ul className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-3">
            {category.subcategories.map((sub) => (
              <li key={sub.id}>
                <SubcategoryCard categorySlug={category.slug} subcategory={sub} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <CategoryProductsIsland
        batch={batch}
        filter={{ category_id: category.id }}
        initialVisible={initialVisible}
        listKey={category.id}
      />
    </main>
  );
}
