import type { CategorySummary } from '@souk/domain/catalog';
import { countLabel } from '@souk/domain/text';
import { Link } from 'react-router';
import { IMAGE_SLOTS } from '~/lib/image-sizing';
import { CategoryImage } from './category-image';

/** A main category on /catalog: picture, name, description and number of subcategories. */
export function CategoryCard({
  category,
  priority = false,
}: {
  category: CategorySummary;
  priority?: boolean;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-emerald-700 has-[a:focus-visible]:ring-offset-2">
      <div className="aspect-[4/3] overflow-hidden bg-stone-100">
        <CategoryImage
          category={category}
          slot={IMAGE_SLOTS.categoryCard}
          className="h-full w-full object-cover transition duration-300 motion-safe:group-hover:scale-[1.03]"
          priority={priority}
        />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h2 className="text-lg font-semibold text-stone-900">
          <Link
            to={`/catalog/${category.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {category.name}
          </Link>
        </h2>
        {category.description && (
          <p className="line-clamp-2 text-sm text-stone-600">{category.description}</p>
        )}
        <p className="mt-auto pt-2 text-xs font-semibold tracking-wide text-amber-800 uppercase">
          {countLabel(category.subcategories_count, 'sous-catégorie')}
        </p>
      </div>
    </article>
  );
}

/** A subcategory tile on a category page, with its number of products. */
export function SubcategoryCard({
  categorySlug,
  subcategory,
}: {
  categorySlug: string;
  subcategory: CategorySummary;
}) {
  return (
    <Link
      to={`/catalog/${categorySlug}/${subcategory.slug}`}
      className="group flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-2 pr-3 shadow-sm transition hover:border-emerald-700 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      <span className="h-14 w-14 shrink-0 overflow-hidden rounded-xl bg-stone-100">
        <CategoryImage
          category={subcategory}
          alt=""
          slot={IMAGE_SLOTS.subcategoryTile}
          className="h-full w-full object-cover"
        />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-semibold text-stone-900">{subcategory.name}</span>
        <span className="text-xs text-stone-600">{countLabel(subcategory.products_count, 'produit')}</span>
      </span>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="ml-auto h-4 w-4 shrink-0 text-stone-400 group-hover:text-emerald-700"
        fill="currentColor"
      >
        <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 1 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4Z" />
      </svg>
    </Link>
  );
}
