import { addToCartAction } from '~/features/catalog/add-to-cart.server';
import { ProductErrorState } from '~/features/catalog/product-error-state';
import { productMeta } from '~/features/catalog/product-meta';
import { loadProductById, loadProductBySlug } from '~/features/catalog/product-page.server';
import { ProductViewIsland } from '~/features/catalog/product-view-island';
import type { Route } from './+types/product';

// Serves /products/:id and /product/:slug (routes.ts): the same page, found by one or the other.
export async function loader({ params, context }: Route.LoaderArgs) {
  return 'slug' in params ? loadProductBySlug(context, params.slug) : loadProductById(context, params.id);
}

// The add-to-cart form posted before (or without) the page's script.
export async function action({ request, context }: Route.ActionArgs) {
  return addToCartAction(request, context);
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return productMeta(loaderData, error);
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  // keyed so the variant and quantity choices reset when moving to another product
  return (
    <ProductViewIsland
      key={loaderData.product.id}
      {...loaderData}
      // Why a form posted before the script was refused, and the choice it left (its fields' names).
      {...actionData}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductErrorState error={error} />;
}
