import type { ProductSummary } from '@souk/domain/catalog';
import { formatFcfa } from '@souk/domain/money';
import { Link } from 'react-router';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { IMAGE_SLOTS } from '~/lib/image-sizing';
import { FavoriteButton } from './favorite-button';

/** The product card: image, name, description, price badge, variants or 'En stock', favourite heart. */
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
    return (
      <div className="rounded-xl border border-stone-200 p-4 text-sm text-stone-600">
        Produit non disponible
      </div>
    );
  }
  const hasVariants = product.variants_count > 0;
  return (
    <article
      className={`group relative flex h-full overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-emerald-700 has-[a:focus-visible]:ring-offset-2 ${
        layout === 'list' ? 'flex-row [--card-estimated-height:8rem]' : 'flex-col'
      } ${priority ? '' : 'render-when-near'}`}
    >
      <div
        className={`relative bg-stone-100 ${layout === 'list' ? 'w-32 shrink-0 sm:w-40' : 'aspect-square'}`}
      >
        <ResponsiveImage
          image={product.image}
          alt={product.name}
          {...(layout === 'list' ? IMAGE_SLOTS.listCard : IMAGE_SLOTS.card)}
          className="h-full w-full object-cover transition duration-300 motion-safe:group-hover:scale-[1.03]"
          priority={priority}
        />
        <span className="absolute bottom-2 left-2 max-w-[calc(100%-1rem)] rounded-lg bg-white/95 px-2 py-0.5 text-xs leading-tight font-semibold text-emerald-900 shadow">
          {hasVariants ? `À partir de ${formatFcfa(product.price)}` : formatFcfa(product.base_price)}
        </span>
      </div>
      <div className={`flex flex-1 flex-col gap-1 p-3 ${layout === 'list' ? 'pr-12' : ''}`}>
        <h3 className="line-clamp-2 pr-1 text-sm font-semibold text-stone-900">
          <Link
            to={`/products/${product.id}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-xs text-stone-600">{product.description}</p>
        {/* Beyond the original card: never claim 'En stock' for a product nobody can buy. */}
        {product.is_available ? (
          <p className="mt-auto pt-1 text-xs font-medium text-emerald-800">
            {product.variants_count > 1 ? `${product.variants_count} variantes disponibles` : 'En stock'}
          </p>
        ) : (
          <p className="mt-auto pt-1 text-xs font-medium text-amber-800">Rupture de stock</p>
        )}
      </div>
      {/* z-10 lifts the heart above the link's stretched ::after, so a tap never opens the product */}
      <FavoriteButton productId={product.id} className="absolute top-2 right-2 z-10 h-9 w-9" />
    </article>
  );
}
