import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { api, apiError, serverConfig } from '~/lib/api.server';
import { island } from '~/lib/island';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import type { Route } from './+types/catalog';

const CATEGORIES_ERROR = 'Erreur lors du chargement des catégories';

export async function loader({ context }: Route.LoaderArgs) {
  const result = await api(context).get('/categories');
  if (!result.ok) throw apiError(Math.max(result.status, 500), CATEGORIES_ERROR);
  return { categories: result.data.categories, publicUrl: serverConfig(context).publicUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${CATEGORIES_ERROR} | Souk` }];
  const first = loaderData.categories.find((c) => c.image_main);
  return pageMeta({
    title: 'Catalogue',
    description:
      'Parfums naturels, huiles essentielles, savons artisanaux et cosmétiques : toutes nos catégories de Produits Authentiques du Maroc.',
    url: `${loaderData.publicUrl}/catalog`,
    image: first?.image_main ? absoluteUrl(loaderData.publicUrl, first.image_main) : null,
  });
}

// The page is in the first paint as the server drew it, its links and forms real ones; its code
// comes once the page is idle.
const CatalogViewIsland = island(() => import('./catalog-view').then((m) => m.CatalogView), 'idle');

export default function CatalogPage({ loaderData }: Route.ComponentProps) {
  return <CatalogViewIsland loaderData={loaderData} />;
}
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { message } = routeErrorInfo(error, CATEGORIES_ERROR);
  return <ErrorState title={message} back={{ to: '/', label: "Retour à l'accueil" }} />;
}
