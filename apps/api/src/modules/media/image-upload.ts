import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImageUpload } from '@souk/domain/uploads';
import { AppError } from '../../shared/app-error.ts';
import { ImageRejectedError, type ProcessedImage, processImage } from './image-pipeline.ts';

// The one way an uploaded picture enters the shop (categories now, products and the media manager
// next): bytes from a multipart file or an inline data URL go through the image pipeline, which
// decides the type from the bytes and writes WebP files; the row that points at them is written by
// `save`, and if `save` fails the files go too, so a refused or failed upload leaves nothing.

/** The files a stored picture is made of. */
export type StoredPicture = { key: string; widths: readonly number[] };

const bytesOf = (upload: ImageUpload) =>
  upload.bytes
    ? Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength)
    : Buffer.from(upload.base64, 'base64');

/** Removes a picture's files (already gone is fine): after its row is replaced or deleted. */
export async function removePicture(mediaDir: string, picture: StoredPicture) {
  await Promise.all(
    picture.widths.map((w) => rm(path.join(mediaDir, `${picture.key}-${w}.webp`), { force: true })),
  );
}

/**
 * Processes `upload` (a refusal is a 422 naming `field`), then runs `save` with the written
 * picture; if `save` throws, the picture's files are removed before the error goes on.
 */
export async function withUploadedImage<T>(
  upload: ImageUpload,
  options: { mediaDir: string; field: string },
  save: (image: ProcessedImage) => Promise<T>,
): Promise<T> {
  let image: ProcessedImage;
  try {
    image = await processImage(bytesOf(upload), options.mediaDir);
  } catch (error) {
    if (error instanceof ImageRejectedError)
      throw new AppError('validation', error.message, { [options.field]: [error.message] });
    throw error;
  }
  try {
    return await save(image);
  } catch (error) {
    await removePicture(options.mediaDir, image);
    throw error;
  }
}
