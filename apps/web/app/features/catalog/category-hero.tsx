import type { CategorySummary } from '@souk/domain/catalog';
import { IMAGE_SLOTS } from '~/lib/image-sizing';
import { CategoryImage } from './category-image';

/** Category or subcategory header: picture with the name over a dark scrim (kept readable), then the description. */
export function CategoryHero({
  category,
  eyebrow,
}: {
  category: Pick<CategorySummary, 'name' | 'image' | 'image_main' | 'description'>;
  eyebrow?: string;
}) {
  return (
    <header className="overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
      <div className="relative aspect-[16/9] bg-stone-200 sm:aspect-[21/8]">
        <CategoryImage
          category={category}
          alt=""
          slot={IMAGE_SLOTS.categoryHero}
          className="absolute inset-0 h-full w-full object-cover"
          priority
        />
        <div className="absolute inset-0 bg-gradient-to-t from-stone-950/85 via-stone-950/35 to-transparent" />
        <div className="absolute inset-x-0 bottom-0 p-4 sm:p-6">
          {eyebrow && (
            <p className="text-xs font-semibold tracking-widest text-amber-200 uppercase">{eyebrow}</p>
          )}
          <h1 className="text-2xl font-bold text-white drop-shadow sm:text-3xl">{category.name}</h1>
        </div>
      </div>
      {category.description && (
        <p className="p-4 text-sm leading-relaxed text-stone-700 sm:px-6">{category.description}</p>
      )}
    </header>
  );
}
