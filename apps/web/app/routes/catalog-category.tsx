import { CATALOG_PAGE_SIZE } from '@souk/domain/limits';
import { redirect } from 'react-router';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { loadCategory, loadProductBatch, requestedCount } from '~/features/catalog/catalog.server';
import { serverConfig } from '~/lib/api.server';
import { island } from '~/lib/island';
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

// The page is in the first paint as the server drew it, its links and forms real ones; its code
// comes once the page is idle.
const CategoryViewIsland = island(
  () => import('./catalog-category-view').then((m) => m.CategoryView),
  'idle',
);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <CategoryViewIsland loaderData={loaderData} />;
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
