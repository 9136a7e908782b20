import type { ProductSummary } from '@souk/domain/catalog';
import { formatFcfa } from '@souk/domain/money';
import { Link } from 'react-router';
import { ResponsiveImage } from '~/components/ui/responsive-image';

/** Spec "Product card": image, name, description, price badge, variants or 'En stock'. */
export function ProductCard({
  product,
  priority = false,
  layout = 'grid',
}: {
  product: ProductSummary | null | undefined;
  priority?: boolean;
  layout?: 'grid' | 'list';
}) {
  if (!product) {
    return <div className="rounded-xl border border-stone-200 p-4 text-sm text-stone-600">Produit non disponible</div>;
  }
  const hasVariants = product.variants_count > 0;
  return (
    <article
      className={`group relative flex overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md ${
        layout === 'list' ? 'flex-row' : 'flex-col'
      }`}
    >
      <div className={`relative bg-stone-100 ${layout === 'list' ? 'w-32 shrink-0 sm:w-40' : 'aspect-square'}`}>
        <ResponsiveImage
          image={product.image}
          alt={product.name}
          sizes={layout === 'list' ? '160px' : '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw'}
          className="h-full w-full object-cover"
          priority={priority}
        />
        <span className="absolute bottom-2 left-2 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-emerald-900 shadow">
          {hasVariants ? `À partir de ${formatFcfa(product.price)}` : formatFcfa(product.base_price)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold text-stone-900">
          <Link to={`/products/${product.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-xs text-stone-600">{product.description}</p>
        <p className="mt-auto text-xs font-medium text-emerald-800">
          {product.variants_count > 1 ? `${product.variants_count} variantes disponibles` : 'En stock'}
        </p>
      </div>
    </article>
  );
}
