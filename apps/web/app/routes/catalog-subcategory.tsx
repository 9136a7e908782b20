import { CATALOG_PAGE_SIZE } from '@souk/domain/limits';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { loadCategory, loadProductBatch, requestedCount } from '~/features/catalog/catalog.server';
import type { ProductBatch } from '~/features/catalog/product-batch';
import { labelFromSlug } from '~/features/catalog/subcategory-label';
import { serverConfig } from '~/lib/api.server';
import { island } from '~/lib/island';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import type { Route } from './+types/catalog-subcategory';

const EMPTY_BATCH: ProductBatch = { products: [], page: 1, lastPage: 1, total: 0 };

/** 'huiles-vegetales' → 'Huiles vegetales', for an unknown subcategory's heading. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = await loadCategory(context, params.categorySlug);
  const subcategory = category.subcategories.find((s) => s.slug === params.subcategorySlug) ?? null;
  const initialVisible = requestedCount(request, CATALOG_PAGE_SIZE);
  // An unknown subcategory slug is an empty product list, not an error.
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

// The page is in the first paint as the server drew it, its links and forms real ones; its code
// comes once the page is idle.
const SubcategoryViewIsland = island(
  () => import('./catalog-subcategory-view').then((m) => m.SubcategoryView),
  'idle',
);

export default function SubcategoryPage({ loaderData, params }: Route.ComponentProps) {
  return <SubcategoryViewIsland loaderData={loaderData} params={params} />;
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
