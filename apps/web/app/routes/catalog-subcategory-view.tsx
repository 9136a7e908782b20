import { Link } from 'react-router';
import { Breadcrumb, CATALOG_TRAIL } from '~/components/ui/breadcrumb';
import { CategoryHero } from '~/features/catalog/category-hero';
import { CategoryProductsIsland } from '~/features/catalog/category-products-island';
import { labelFromSlug } from '~/features/catalog/subcategory-label';
import type { Route } from './+types/catalog-subcategory';

// Not a route of its own: the page of the catalog-subcategory route (catalog-subcategory.tsx),
// which that route loads as an island, hydrated once the page is idle (docs/decisions/0028).

export function SubcategoryView({ loaderData, params }: Pick<Route.ComponentProps, 'loaderData' | 'params'>) {
  const { category, subcategory, batch, initialVisible } = loaderData;
  const name = subcategory?.name ?? labelFromSlug(params.subcategorySlug);
  const siblings = category.subcategories;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-5 sm:py-8">
      <Breadcrumb
        items={[...CATALOG_TRAIL, { label: category.name, to: `/catalog/${category.slug}` }, { label: name }]}
        step={3}
      />
      <CategoryHero
        category={subcategory ?? { ...category, name, description: null }}
        eyebrow={category.name}
      />

      {siblings.length > 1 && (
        <nav aria-label={`Sous-catégories de ${category.name}`} className="-mx-4 overflow-x-auto px-4">
          <ul className="flex w-max gap-2 pb-1">
            {siblings.map((sub) => {
              const current = sub.slug === params.subcategorySlug;
              return (
                <li key={sub.id}>
                  <Link
                    to={`/catalog/${category.slug}/${sub.slug}`}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-flex min-h-9 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
                      current
                        ? 'border-emerald-800 bg-emerald-800 text-white'
                        : 'border-stone-300 bg-white text-stone-800 hover:border-emerald-700'
                    }`}
                  >
                    {sub.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}

      <CategoryProductsIsland
        batch={batch}
        filter={{ subcategory_id: subcategory?.id ?? 0 }}
        initialVisible={initialVisible}
        listKey={subcategory?.id}
      />
    </main>
  );
}
