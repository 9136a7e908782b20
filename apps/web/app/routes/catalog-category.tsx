import { CATALOG_PAGE_SIZE } from '@souk/domain/limits';
import { redirect } from 'react-router';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { loadCategory, loadProductBatch, requestedCount } from '~/features/catalog/catalog.server';
import { SubcategoryCard } from '~/features/catalog/category-card';
import { CategoryHero } from '~/features/catalog/category-hero';
import { CategoryProductsSection } from '~/features/catalog/load-more-products';
import { serverConfig } from '~/lib/api.server';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import type { Route } from './+types/catalog-category';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = await loadCategory(context, params.categorySlug);
  // A subcategory slug typed at the first level: send it to its real address.
  if (category.parent) throw redirect(`/catalog/${category.parent.slug}/${category.slug}`, 301);
  const initialVisible = requestedCount(request, CATALOG_PAGE_SIZE);
  const batch = await loadProductBatch(context, { category_id: category.id }, initialVisible);
  return { category, batch, initialVisible, publicUrl: serverConfig(context).publicUrl };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${routeErrorInfo(error, 'Catégorie non trouvée').message} | Souk` }];
  const { category, publicUrl } = loaderData;
  return pageMeta({
    title: category.name,
    description:
      category.description || `${category.name} : produits naturels et authentiques du Maroc sur Souk.`,
    url: `${publicUrl}/catalog/${category.slug}`,
    image: category.image_main ? absoluteUrl(publicUrl, category.image_main) : null,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, batch, initialVisible } = loaderData;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-5 sm:py-8">
      <Breadcrumb
        items={[
          { label: 'Accueil', to: '/' },
          { label: 'Catalogue', to: '/catalog' },
          { label: category.name },
        ]}
        step={2}
      />
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

      <CategoryProductsSection
        batch={batch}
        filter={{ category_id: category.id }}
        initialVisible={initialVisible}
        listKey={category.id}
      />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { status, message } = routeErrorInfo(error, 'Erreur lors du chargement des catégories');
  return (
    <ErrorState
      title={message}
      hint={status === 404 ? "Cette catégorie n'existe pas ou n'est plus disponible." : undefined}
      back={{ to: '/catalog', label: 'Retour au catalogue' }}
    />
  );
}
