import type { ProductDetail } from '@souk/domain/catalog';
import { formatFcfa } from '@souk/domain/money';
import type { MetaDescriptor } from 'react-router';
import { routeErrorInfo } from '~/components/ui/error-state';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import { displayedPrice } from './product-pricing';

export const productUrl = (publicUrl: string, product: Pick<ProductDetail, 'id'>) =>
  `${publicUrl}/products/${product.id}`;

export const productImageUrl = (publicUrl: string, product: ProductDetail) => {
  const image = product.images[0] ?? product.image;
  return image ? absoluteUrl(publicUrl, image.url) : absoluteUrl(publicUrl, '/placeholder-product.svg');
};

/**
 * Title, description, canonical (/products/{id}, also for /product/{slug}) and Open Graph with the
 * price, so a product link shared on WhatsApp shows picture, name and price.
 */
export function productMeta(
  loaderData: { product: ProductDetail; publicUrl: string } | undefined,
  error: unknown,
): MetaDescriptor[] {
  if (!loaderData) return [{ title: `${routeErrorInfo(error, 'Produit non trouvé').message} | Souk` }];
  const { product, publicUrl } = loaderData;
  const price = displayedPrice(product, null);
  const priceText = `${price.from ? 'À partir de ' : ''}${formatFcfa(price.amount)}`;
  const descriptors = pageMeta({
    title: product.name,
    description: product.description,
    url: productUrl(publicUrl, product),
    image: productImageUrl(publicUrl, product),
    type: 'product',
    extra: [
      { property: 'product:price:amount', content: String(price.amount) },
      { property: 'product:price:currency', content: 'XOF' },
    ],
  });
  // The preview text leads with the price; replaced rather than duplicated.
  const ogDescription = `${priceText} · ${product.description}`.replace(/\s+/g, ' ').trim().slice(0, 200);
  return descriptors.map((d) =>
    'property' in d && d.property === 'og:description'
      ? { property: 'og:description', content: ogDescription }
      : d,
  );
}
