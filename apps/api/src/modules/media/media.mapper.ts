import type { ImageRef } from '@souk/domain/catalog';

export type PictureColumns = {
  id?: number | null;
  key: string | null;
  widths?: number[] | null;
  width: number | null;
  height: number | null;
  alt?: string | null;
  title?: string | null;
};

export const mediaUrl = (key: string, width: number) => `/media/${key}-${width}.webp`;
/** A stored file of the media folder by its name (a video's MP4). */
export const mediaFileUrl = (name: string) => `/media/${name}`;

/**
 * The widths the pipeline wrote before 160 and 480 were added (docs/decisions/0029). A picture whose
 * row does not list its widths (a category's or a banner's stored before migration 0017) has
 * these, up to its own width: its srcset must name no file that was never written.
 */
export const LEGACY_IMAGE_WIDTHS = [320, 640, 1024] as const;

/** Of a set of widths (smallest first), those a picture `width` px wide covers: at least the smallest. */
export function fittingWidths(standard: readonly number[], width: number): number[] {
  const fitting = standard.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : standard.slice(0, 1);
}

/** The widths a stored picture has files for, smallest first. */
export function storedWidths(widths: readonly number[] | null | undefined, width: number | null): number[] {
  if (widths?.length) return [...widths].sort((a, b) => a - b);
  return fittingWidths(LEGACY_IMAGE_WIDTHS, width ?? 1024);
}

/** Turns the image pipeline's stored key and widths into the URLs and srcset a client renders. */
export function toImageRef(p: PictureColumns, fallbackAlt: string): ImageRef | null {
  if (!p.key) return null;
  const widths = storedWidths(p.widths, p.width);
  const middle = widths.find((w) => w >= 640) ?? widths[widths.length - 1] ?? 320;
  return {
    id: p.id ?? 0,
    url: mediaUrl(p.key, middle),
    srcset: widths.map((w) => `${mediaUrl(p.key as string, w)} ${w}w`).join(', '),
    width: p.width ?? middle,
    height: p.height ?? middle,
    alt: p.alt || fallbackAlt,
    title: p.title ?? null,
  };
}

/** The `image_*` columns a product row carries for its first ready image (a listing's, a cart line's). */
export type FirstImageColumns = {
  image_id: number | null;
  image_path: string | null;
  image_widths: number[] | null;
  image_width: number | null;
  image_height: number | null;
  image_alt: string | null;
  image_title?: string | null;
};

/** A product's first image, from its row's `image_*` columns. */
export const toFirstImageRef = (row: FirstImageColumns, fallbackAlt: string) =>
  toImageRef(
    {
      id: row.image_id,
      key: row.image_path,
      widths: row.image_widths,
      width: row.image_width,
      height: row.image_height,
      alt: row.image_alt,
      title: row.image_title,
    },
    fallbackAlt,
  );
