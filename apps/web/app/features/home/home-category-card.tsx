import type { CategoryDetail } from '@souk/domain/catalog';
import { Link } from 'react-router';
import { imageLoading, PLACEHOLDER_IMAGE, ResponsiveImage } from '~/components/ui/responsive-image';
import { IMAGE_SLOTS } from '~/lib/image-sizing';

/** Home 'Catégories' card: image or placeholder, name, description, number of subcategories. */
export function HomeCategoryCard({ category }: { category: CategoryDetail }) {
  const count = category.subcategories_count;
  return (
    <article className="render-when-near group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-emerald-700">
      <div className="aspect-[4/3] overflow-hidden bg-stone-100">
        {category.image || !category.image_main ? (
          <ResponsiveImage
            image={category.image}
            alt=""
            {...IMAGE_SLOTS.card}
            className="h-full w-full object-cover transition duration-300 motion-safe:group-hover:scale-[1.04]"
          />
        ) : (
          <img
            src={category.image_main || PLACEHOLDER_IMAGE}
            alt=""
            width={640}
            height={480}
            {...imageLoading(false)}
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="text-sm font-semibold text-stone-900 sm:text-base">
          <Link
            to={`/catalog/${category.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {category.name}
          </Link>
        </h3>
        {category.description && (
          <p className="line-clamp-2 text-xs text-stone-600 sm:text-sm">{category.description}</p>
        )}
        <p className="mt-auto pt-1 text-xs font-semibold text-amber-800">
          {count} {count > 1 ? 'sous-catégories' : 'sous-catégorie'}
        </p>
      </div>
    </article>
  );
}
