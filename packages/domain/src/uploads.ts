import { z } from 'zod';
import { DATA_URL_MIN_LENGTH, IMAGE_MAX_BYTES } from './admin-limits.ts';

// An image arrives either inline in JSON, as a base64 data URL, or as a file part of a
// multipart form (bytes). Either way the API decides the type from the bytes, never from a name.

export const IMAGE_TYPE_MESSAGE = 'Le fichier doit être une image';
export const IMAGE_TOO_LARGE_MESSAGE = "L'image est trop volumineuse (max 5MB)";
/** The formats a picker offers (JPG, PNG, GIF, WEBP); the server checks the bytes. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

const DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The byte length a base64 text decodes to. */
export const base64Bytes = (base64: string) =>
  Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** An image sent in JSON: a data URL of an image type, at least 100 characters, at most 5 MB decoded. */
export const DataUrlImageSchema = z
  .string({ error: IMAGE_TYPE_MESSAGE })
  .min(DATA_URL_MIN_LENGTH, { error: IMAGE_TYPE_MESSAGE })
  .transform((value, ctx) => {
    const base64 = DATA_URL.exec(value)?.[1];
    if (!base64) {
      ctx.addIssue({ code: 'custom', message: IMAGE_TYPE_MESSAGE });
      return z.NEVER;
    }
    if (base64Bytes(base64) > IMAGE_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: IMAGE_TOO_LARGE_MESSAGE });
      return z.NEVER;
    }
    return { base64 } as ImageUpload;
  });

/** An image sent as a multipart file part (the API's multipart reader has already capped its size). */
export const FileImageSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, { error: IMAGE_TYPE_MESSAGE })
  .meta({ type: 'string', format: 'binary' })
  .transform((bytes) => ({ bytes }) as ImageUpload);

/** What the API receives for an image field: decoded later, by the image pipeline. */
export type ImageUpload = { base64: string; bytes?: never } | { bytes: Uint8Array; base64?: never };

/**
 * A data URL (JSON) or a file's bytes (multipart). Chosen by the value's kind rather than with a
 * union, so the message is the one that applies (too large, or not an image).
 */
export const ImageUploadSchema = z
  .unknown()
  .transform((value, ctx): ImageUpload => {
    const parsed = (typeof value === 'string' ? DataUrlImageSchema : FileImageSchema).safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? IMAGE_TYPE_MESSAGE });
    return z.NEVER;
  })
  .meta({
    description:
      'Image : data URL base64 (JSON) ou fichier (multipart). JPEG, PNG, GIF ou WebP, 5 Mo au plus.',
  });
