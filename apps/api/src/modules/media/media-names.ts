import { IMAGE_WIDTHS } from '@souk/domain/limits';
import { LEGACY_IMAGE_WIDTHS } from './media.mapper.ts';

// The only files the shop ever writes into DATA_DIR/media: a picture's widths
// (`<key>-<width>.webp`, image-pipeline.ts) and a video's MP4 (`<key>.mp4`, admin-media.service.ts),
// each key 32 hex digits. One rule for what `/media` serves, what a backup holds and what a
// restore accepts: a file under any other name (a page, an SVG with its scripts) was never ours.

/** Every width a picture has ever been written at: today's and those of earlier versions. */
export const MEDIA_WIDTHS: readonly number[] = [...new Set([...IMAGE_WIDTHS, ...LEGACY_IMAGE_WIDTHS])].sort(
  (a, b) => a - b,
);

const MEDIA_FILE_NAME = new RegExp(`^[0-9a-f]{32}(?:-(?:${MEDIA_WIDTHS.join('|')})\\.webp|\\.mp4)$`);

/** Whether `name` (a bare file name, no folder) is one the shop makes. */
export const isMediaFileName = (name: string) => MEDIA_FILE_NAME.test(name);

/** The media types of those files, as `/media` answers them. */
export const MEDIA_TYPES = { webp: 'image/webp', mp4: 'video/mp4' } as const;

/**
 * `/media`'s Content-Security-Policy: a file opened as a page (a tampered one, or ours opened
 * directly) runs nothing, loads nothing and is an origin of its own.
 */
export const MEDIA_CSP = "default-src 'none'; sandbox";
