import type { ImageRef } from '@souk/domain/catalog';
import { preload } from 'react-dom';
import { type ImageSources, imageSources } from '~/lib/image-sizing';
import { useSaveData } from '~/lib/shop-layout-data';

export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';

/**
 * Asks for a page's main picture (its LCP) from the document's head, at high priority: React
 * writes the <link rel="preload"> there during the server render, before the stylesheet and the
 * scripts, so a phone starts on the picture as soon as it reads the head instead of once its
 * layout finds the <img>. The same srcset and sizes as the <img>, so both name one file.
 */
export function preloadImage({ src, srcSet, sizes }: Partial<ImageSources> & { src: string }) {
  preload(src, {
    as: 'image',
    fetchPriority: 'high',
    ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}),
  });
}

/**
 * How a picture loads, the one rule for every <img> of the shop: the page's main picture eager and
 * first; every other one lazy (fetched when it nears the screen), decoded off the main thread, and
 * asked for at low priority, so that even the ones already in view on a phone (the next banner,
 * the first cards) queue behind the main picture on a slow network instead of sharing it.
 */
export function imageLoading(priority: boolean) {
  return priority
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async', fetchPriority: 'low' } as const);
}

/**
 * An image with srcset and intrinsic size, so the browser picks a small file on a phone
 * and reserves the space before it loads (no layout shift). `priority` is for the page's main
 * picture alone: preloaded from the head, and loaded as `imageLoading` says.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  phoneWidth,
  className,
  priority = false,
}: {
  image: ImageRef | null;
  alt: string;
  /** The picture's width on each layout (a slot of lib/image-sizing.ts, spread). */
  sizes: string;
  /** Its width on a phone, which bounds the files offered under Save-Data; none: every width. */
  phoneWidth?: number;
  className?: string;
  priority?: boolean;
}) {
  const saveData = useSaveData();
  const loading = imageLoading(priority);
  if (!image) {
    if (priority) preloadImage({ src: PLACEHOLDER_IMAGE });
    return (
      <img src={PLACEHOLDER_IMAGE} alt={alt} width={640} height={640} className={className} {...loading} />
    );
  }
  const sources = imageSources(
    image,
    { sizes, phoneWidth: phoneWidth ?? 0 },
    saveData && phoneWidth !== undefined,
  );
  if (priority) preloadImage(sources);
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      className={className}
      {...loading}
    />
  );
}
