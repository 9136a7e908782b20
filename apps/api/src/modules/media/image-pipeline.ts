// The one image pipeline (seed and uploads): sniff the type, decode safely, write WebP widths.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@souk/domain/limits';
import { IMAGE_TYPE_MESSAGE } from '@souk/domain/uploads';
import sharp, { type OutputInfo } from 'sharp';
import { fittingWidths } from './media.mapper.ts';

/** Largest accepted picture, in pixels (decompression bombs are refused before decoding). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const WEBP_QUALITY = 72;
/**
 * Files wider than 640 px (720, 1024) are made for dense screens: a full-width picture on a phone
 * at 2× or more, a desktop at 2×. There a pixel of the file is half a CSS pixel or less, and its
 * compression artefacts half as visible: encoded at a lower quality, they cost a phone a fifth
 * fewer bytes (docs/decisions/0029).
 */
export const WEBP_DENSE_QUALITY = 55;
const DENSE_FROM_WIDTH = 641;
/**
 * The 720 px file is a 2× phone's main picture, the file customers download most: encoded with
 * more effort, 4 % smaller (the demo home's banner: 11.9 KB at quality 72, 9.5 KB so). At 1024 px
 * the extra effort saves nothing measurable and doubles its encoding time.
 */
const MOST_DOWNLOADED_WIDTH = 720;

/** The WebP settings of the file `width` px wide. */
export const webpOptions = (width: number) => ({
  quality: width >= DENSE_FROM_WIDTH ? WEBP_DENSE_QUALITY : WEBP_QUALITY,
  effort: width === MOST_DOWNLOADED_WIDTH ? 6 : 4,
});

/** WebP cannot encode a side longer than this. */
const WEBP_MAX_SIDE = 16_383;

export const UNREADABLE_IMAGE_MESSAGE =
  'Le fichier doit être une image (JPEG, PNG, WebP, GIF ou AVIF) lisible';

export class ImageRejectedError extends Error {
  constructor(message: string = IMAGE_TYPE_MESSAGE, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageRejectedError';
  }
}

export type ProcessedImage = {
  /** Files are `${key}-${w}.webp` in mediaDir for each w of `widths`. */
  key: string;
  /** Dimensions of the largest written file. */
  width: number;
  height: number;
  widths: number[];
  /** Total size of the written files. */
  sizeBytes: number;
};

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const ascii = (input: Buffer, start: number, end: number) => input.toString('latin1', start, end);

/** The image type told by the first bytes, or null for anything else (SVG, text, PDF…). */
export function sniffImageFormat(input: Buffer): ImageFormat | null {
  if (input.length < 12) return null;
  if (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (ascii(input, 0, 4) === 'RIFF' && ascii(input, 8, 12) === 'WEBP') return 'webp';
  const gif = ascii(input, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  if (ascii(input, 4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand, then the compatible brands up to the end of the ftyp box.
    const boxSize = Math.min(input.readUInt32BE(0), input.length);
    const brands = [ascii(input, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(input, at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

/** The widths to write for a picture `originalWidth` wide: the standard ones it covers, at least the smallest. */
export function widthsFor(originalWidth: number): number[] {
  return fittingWidths(IMAGE_WIDTHS, originalWidth);
}

/**
 * Checks the input is a real image, honours its EXIF orientation, strips its metadata and writes
 * `${key}-${w}.webp` into mediaDir for each width. Throws ImageRejectedError for anything else,
 * in which case nothing is left on disk.
 */
export async function processImage(input: Buffer, mediaDir: string): Promise<ProcessedImage> {
  if (!sniffImageFormat(input)) throw new ImageRejectedError();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decode once (first frame of an animation), upright, no larger than the widest output.
    decoded = await sharp(input, options)
      .rotate()
      .resize({ width: IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1], withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageRejectedError(UNREADABLE_IMAGE_MESSAGE, { cause: error });
  }
  const { data, info } = decoded;
  const widths = widthsFor(info.width);
  const largest = widths[widths.length - 1] as number;
  if ((info.height * largest) / info.width > WEBP_MAX_SIDE)
    throw new ImageRejectedError(UNREADABLE_IMAGE_MESSAGE);

  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  let outputs: { width: number; height: number; data: Buffer }[];
  try {
    outputs = await Promise.all(
      widths.map(async (w) => {
        const out = await sharp(data, raw)
          .resize({ width: w })
          .webp(webpOptions(w))
          .toBuffer({ resolveWithObject: true });
        return { width: w, height: out.info.height, data: out.data };
      }),
    );
  } catch (error) {
    throw new ImageRejectedError(UNREADABLE_IMAGE_MESSAGE, { cause: error });
  }

  const key = randomUUID().replaceAll('-', '');
  await mkdir(mediaDir, { recursive: true });
  const files = outputs.map((o) => path.join(mediaDir, `${key}-${o.width}.webp`));
  try {
    await Promise.all(outputs.map((o, i) => writeFile(files[i] as string, o.data)));
  } catch (error) {
    await Promise.all(files.map((f) => rm(f, { force: true })));
    throw error;
  }
  return {
    key,
    width: largest,
    height: (outputs[outputs.length - 1] as { height: number }).height,
    widths,
    sizeBytes: outputs.reduce((sum, o) => sum + o.data.length, 0),
  };
}
