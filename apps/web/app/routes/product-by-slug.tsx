import { addToCartAction } from '~/features/catalog/add-to-cart.server';
import { ProductErrorState } from '~/features/catalog/product-error-state';
import { productMeta } from '~/features/catalog/product-meta';
import { loadProductBySlug } from '~/features/catalog/product-page.server';
import { ProductViewIsland } from '~/features/catalog/product-view-island';
import type { Route } from './+types/product-by-slug';

// Same page as /products/:id; its canonical URL (in meta) points there.
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadProductBySlug(context, params.slug);
}

// The add-to-cart form posted before (or without) the page's script.
export async function action({ request, context }: Route.ActionArgs) {
  return addToCartAction(request, context);
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return productMeta(loaderData, error);
}

export default function ProductBySlugPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProductViewIsland
      key={loaderData.product.id}
      {...loaderData}
      addToCartError={actionData?.addToCartError}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductErrorState error={error} />;
}
