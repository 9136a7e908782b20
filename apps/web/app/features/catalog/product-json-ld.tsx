import type { ProductDetail } from '@souk/domain/catalog';
import { productImageUrl, productUrl } from './product-meta';
import { displayedPrice } from './product-pricing';

/** schema.org Product for search engines; '<' escaped so a description can't close the script tag. */
export function ProductJsonLd({ product, publicUrl }: { product: ProductDetail; publicUrl: string }) {
  const url = productUrl(publicUrl, product);
  const json = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: productImageUrl(publicUrl, product),
    description: product.description,
    ...(product.variants[0]?.sku ? { sku: product.variants[0].sku } : {}),
    ...(product.category ? { category: product.category.name } : {}),
    url,
    offers: {
      '@type': 'Offer',
      price: displayedPrice(product, null).amount,
      priceCurrency: 'XOF',
      availability: product.is_available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  };
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped, no markup possible
      dangerouslySetInnerHTML={{ __html: JSON.stringify(json).replace(/</g, '\\u003c') }}
    />
  );
}
