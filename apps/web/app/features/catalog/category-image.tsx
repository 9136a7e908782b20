import type { CategorySummary } from '@souk/domain/catalog';
import {
  imageLoading,
  PLACEHOLDER_IMAGE,
  preloadImage,
  ResponsiveImage,
} from '~/components/ui/responsive-image';
import type { ImageSlot } from '~/lib/image-sizing';

/** A category's picture: the responsive image, else the bare image_main URL, else the placeholder. */
export function CategoryImage({
  category,
  slot,
  className,
  priority = false,
  alt,
}: {
  category: Pick<CategorySummary, 'name' | 'image' | 'image_main'>;
  /** '' when a caption next to the image already names the category. */
  alt?: string;
  slot: ImageSlot;
  className?: string;
  priority?: boolean;
}) {
  if (category.image || !category.image_main) {
    return (
      <ResponsiveImage
        image={category.image}
        alt={alt ?? category.name}
        {...slot}
        className={className}
        priority={priority}
      />
    );
  }
  const src = category.image_main || PLACEHOLDER_IMAGE;
  if (priority) preloadImage({ src });
  return (
    <img
      src={src}
      alt={alt ?? category.name}
      width={640}
      height={640}
      className={className}
      {...imageLoading(priority)}
    />
  );
}
