import type { ImageRef } from '@souk/domain/catalog';

export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';

/**
 * An image with srcset and intrinsic size, so the browser picks a small file on a phone
 * and reserves the space before it loads (no layout shift).
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  priority = false,
}: {
  image: ImageRef | null;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  if (!image) {
    return (
      <img
        src={PLACEHOLDER_IMAGE}
        alt={alt}
        width={640}
        height={640}
        className={className}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <img
      src={image.url}
      srcSet={image.srcset}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
