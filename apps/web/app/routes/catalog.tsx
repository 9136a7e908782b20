import { Breadcrumb } from '~/components/ui/breadcrumb';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { CategoryCard } from '~/features/catalog/category-card';
import { api, apiError, serverConfig } from '~/lib/api.server';
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

export default function CatalogPage({ loaderData }: Route.ComponentProps) {
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { message } = routeErrorInfo(error, CATEGORIES_ERROR);
  return <ErrorState title={message} back={{ to: '/', label: "Retour à l'accueil" }} />;
}
