import type { CategorySummary } from '@souk/domain/catalog';
import { PLACEHOLDER_IMAGE, ResponsiveImage } from '~/components/ui/responsive-image';

/** A category's picture: the responsive image, else the bare image_main URL, else the placeholder. */
export function CategoryImage({
  category,
  sizes,
  className,
  priority = false,
  alt,
}: {
  category: Pick<CategorySummary, 'name' | 'image' | 'image_main'>;
  /** '' when a caption next to the image already names the category. */
  alt?: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  if (category.image || !category.image_main) {
    return (
      <ResponsiveImage
        image={category.image}
        alt={alt ?? category.name}
        sizes={sizes}
        className={className}
        priority={priority}
      />
    );
  }
  return (
    <img
      src={category.image_main || PLACEHOLDER_IMAGE}
      alt={alt ?? category.name}
      width={640}
      height={640}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
