import { CATALOG_PAGE_SIZE } from '@souk/domain/limits';
import { Link } from 'react-router';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { loadCategory, loadProductBatch, requestedCount } from '~/features/catalog/catalog.server';
import { CategoryHero } from '~/features/catalog/category-hero';
import { CategoryProductsSection } from '~/features/catalog/load-more-products';
import type { ProductBatch } from '~/features/catalog/product-batch';
import { serverConfig } from '~/lib/api.server';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import type { Route } from './+types/catalog-subcategory';

const EMPTY_BATCH: ProductBatch = { products: [], page: 1, lastPage: 1, total: 0 };

/** 'huiles-vegetales' → 'Huiles vegetales', for an unknown subcategory's heading. */
const labelFromSlug = (slug: string) => {
  const words = slug.replace(/-+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : slug;
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = await loadCategory(context, params.categorySlug);
  const subcategory = category.subcategories.find((s) => s.slug === params.subcategorySlug) ?? null;
  const initialVisible = requestedCount(request, CATALOG_PAGE_SIZE);
  // Spec: an unknown subcategory slug is an empty product list, not an error.
  const batch = subcategory
    ? await loadProductBatch(context, { subcategory_id: subcategory.id }, initialVisible)
    : EMPTY_BATCH;
  return { category, subcategory, batch, initialVisible, publicUrl: serverConfig(context).publicUrl };
}

export function meta({ loaderData, params, error }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${routeErrorInfo(error, 'Catégorie non trouvée').message} | Souk` }];
  const { category, subcategory, publicUrl } = loaderData;
  const name = subcategory?.name ?? labelFromSlug(params.subcategorySlug);
  return pageMeta({
    title: `${name} – ${category.name}`,
    description:
      subcategory?.description ||
      `${name} (${category.name}) : produits naturels et authentiques du Maroc sur Souk.`,
    url: `${publicUrl}/catalog/${category.slug}/${params.subcategorySlug}`,
    image: (subcategory ?? category).image_main
      ? absoluteUrl(publicUrl, (subcategory ?? category).image_main ?? '')
      : null,
    extra: subcategory ? [] : [{ name: 'robots', content: 'noindex' }],
  });
}

export default function SubcategoryPage({ loaderData, params }: Route.ComponentProps) {
  const { category, subcategory, batch, initialVisible } = loaderData;
  const name = subcategory?.name ?? labelFromSlug(params.subcategorySlug);
  const siblings = category.subcategories;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-5 sm:py-8">
      <Breadcrumb
        items={[
          { label: 'Accueil', to: '/' },
          { label: 'Catalogue', to: '/catalog' },
          { label: category.name, to: `/catalog/${category.slug}` },
          { label: name },
        ]}
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

      <CategoryProductsSection
        batch={batch}
        filter={{ subcategory_id: subcategory?.id ?? 0 }}
        initialVisible={initialVisible}
        listKey={subcategory?.id}
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
