import { ProductErrorState } from '~/features/catalog/product-error-state';
import { productMeta } from '~/features/catalog/product-meta';
import { loadProductById } from '~/features/catalog/product-page.server';
import { ProductViewIsland } from '~/features/catalog/product-view-island';
import type { Route } from './+types/product';

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadProductById(context, params.id);
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return productMeta(loaderData, error);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // keyed so the variant and quantity choices reset when moving to another product
  return <ProductViewIsland key={loaderData.product.id} {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductErrorState error={error} />;
}
