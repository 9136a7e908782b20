import { ProductErrorState } from '~/features/catalog/product-error-state';
import { productMeta } from '~/features/catalog/product-meta';
import { loadProductById } from '~/features/catalog/product-page.server';
import { ProductView } from '~/features/catalog/product-view';
import { useShopConfig } from '~/features/layout/use-shop-config';
import type { Route } from './+types/product';

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadProductById(context, params.id);
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return productMeta(loaderData, error);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { deliveryTerms } = useShopConfig();
  // keyed so the variant and quantity choices reset when moving to another product
  return <ProductView key={loaderData.product.id} {...loaderData} deliveryTerms={deliveryTerms} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductErrorState error={error} />;
}
