import type { ImageRef } from '@souk/domain/catalog';
import { IMAGE_WIDTHS } from '@souk/domain/limits';

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

/** Turns the image pipeline's stored key and widths into the URLs and srcset a client renders. */
export function toImageRef(p: PictureColumns, fallbackAlt: string): ImageRef | null {
  if (!p.key) return null;
  const widths = p.widths?.length
    ? [...p.widths].sort((a, b) => a - b)
    : IMAGE_WIDTHS.filter((w) => w <= (p.width ?? 1024));
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
