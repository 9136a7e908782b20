import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImageUpload } from '@souk/domain/uploads';
import { AppError } from '#shared/app-error.ts';
import type { Db } from '../../db/client.ts';
import { ImageRejectedError, type ProcessedImage, processImage } from './image-pipeline.ts';
import { storedWidths } from './media.mapper.ts';

// The one way an uploaded picture enters the shop (categories, products, bulk creation, the media
// manager): bytes from a multipart file or an inline data URL go through the image pipeline, which
// decides the type from the bytes and writes WebP files; the row that points at them is written by
// `save`, and if `save` fails the files go too, so a refused or failed upload leaves nothing. (The
// media manager, whose uploads mix pictures and videos, calls storeUploadedImage and cleans up
// itself.)

/** The files a stored picture is made of. */
export type StoredPicture = { key: string; widths: readonly number[] };

const bytesOf = (upload: ImageUpload) =>
  upload.bytes
    ? Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength)
    : Buffer.from(upload.base64, 'base64');

// Stored names are generated (the pipeline's hex keys, the seed's short ones), never a path: a
// name that could leave the media folder is not touched.
const STORED_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/;

/**
 * Removes a file of the media folder, already gone being fine. It runs after the row is committed:
 * a failure is logged by the caller's `log`, never turned into a failed answer for a write that
 * happened.
 */
async function removeStored(mediaDir: string, name: string, log?: (line: string) => void) {
  if (!STORED_NAME.test(name)) return;
  try {
    await rm(path.join(mediaDir, name), { force: true });
  } catch (error) {
    log?.(`Fichier média non supprimé (${name}) : ${(error as Error).message}`);
  }
}

/** Removes a stored media file (a video). */
export const removeMediaFile = (mediaDir: string, name: string, log?: (line: string) => void) =>
  removeStored(mediaDir, name, log);

/** Removes a picture's files: after its row is replaced or deleted. */
export async function removePicture(mediaDir: string, picture: StoredPicture, log?: (line: string) => void) {
  if (!STORED_NAME.test(picture.key)) return;
  await Promise.all(picture.widths.map((w) => removeStored(mediaDir, `${picture.key}-${w}.webp`, log)));
}

/** The picture a row with picture columns (a category, a banner) points at, as files to remove. */
export const pictureOf = (row: {
  image_key: string | null;
  image_width: number | null;
  image_widths: number[] | null;
}): StoredPicture | null =>
  row.image_key ? { key: row.image_key, widths: storedWidths(row.image_widths, row.image_width) } : null;

/** A processed picture as the picture columns (image_key, image_width, image_height, image_widths) hold it. */
export const pictureColumns = (image: ProcessedImage) => ({
  image_key: image.key,
  image_width: image.width,
  image_height: image.height,
  image_widths: image.widths,
});

/** A processed picture as a product_media row holds it (the row's other columns are the caller's). */
export const imageColumns = (image: ProcessedImage) => ({
  path: image.key,
  widths: image.widths,
  width: image.width,
  height: image.height,
  size_bytes: image.sizeBytes,
});

/** Processes one upload through the pipeline; a refusal is a 422 naming `field`. */
export async function storeUploadedImage(
  upload: ImageUpload,
  mediaDir: string,
  field: string,
): Promise<ProcessedImage> {
  try {
    return await processImage(bytesOf(upload), mediaDir);
  } catch (error) {
    if (error instanceof ImageRejectedError)
      throw new AppError('validation', error.message, { [field]: [error.message] });
    throw error;
  }
}

/** What a screen with one picture per row (banners, categories) needs: the database, where the files go, a log. */
export type PictureDeps = { db: Db; mediaDir: string; log?: (line: string) => void };

/** A form's one optional picture, as withUploadedImages takes it (`field` names it in a refusal). */
export const oneUpload = (upload: ImageUpload | undefined, field: string) =>
  upload ? [{ upload, field }] : [];

/**
 * Processes every upload in turn (a refusal is a 422 naming its field: 'image_main', 'images.1'),
 * then runs `save` with the written pictures, in the same order. If any upload is refused or `save`
 * throws, every picture written for this call is removed before the error goes on. `onProcessed`
 * hears how many are done after each one (a bulk creation's progress).
 */
export async function withUploadedImages<T>(
  uploads: readonly { upload: ImageUpload; field: string }[],
  mediaDir: string,
  save: (images: ProcessedImage[]) => Promise<T>,
  onProcessed?: (processed: number) => Promise<void>,
): Promise<T> {
  const images: ProcessedImage[] = [];
  try {
    for (const { upload, field } of uploads) {
      images.push(await storeUploadedImage(upload, mediaDir, field));
      await onProcessed?.(images.length);
    }
    return await save(images);
  } catch (error) {
    await Promise.all(images.map((image) => removePicture(mediaDir, image)));
    throw error;
  }
}
