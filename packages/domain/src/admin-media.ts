import { z } from 'zod';
import { MEDIA_FILES_MAX, VIDEO_MAX_BYTES } from './admin-limits.ts';
import { ImageRefSchema } from './catalog.ts';
import { booleanField, idSchema, optionalText, sortOrderSchema } from './primitives.ts';
import { countLabel } from './text.ts';

// The product media manager of the back office:
// images and videos of one product, uploaded as multipart, reordered, one chosen as the main image.

export const MediaParamsSchema = z.object({
  id: idSchema('ID de produit invalide'),
  imageId: idSchema('ID de média invalide'),
});

export const VIDEO_MAX_MEGABYTES = Math.round(VIDEO_MAX_BYTES / (1024 * 1024));
export const MEDIA_TYPE_MESSAGE =
  'Format non pris en charge : images JPG, PNG, GIF, WEBP ou vidéos MP4, AVI, MOV';
export const VIDEO_TOO_LARGE_MESSAGE = `La vidéo est trop volumineuse (max ${VIDEO_MAX_MEGABYTES}MB)`;
export const MEDIA_REQUIRED_MESSAGE = 'Choisissez au moins une image ou une vidéo';
/** What the picker offers (JPG, PNG, GIF, WEBP, MP4, AVI, MOV); the server checks the bytes. */
/** The video containers the shop takes (MP4, AVI, MOV); the server reads their bytes. */
const VIDEO_EXTENSIONS = ['mp4', 'mov', 'avi'] as const;
export const MEDIA_ACCEPT = [
  'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/x-msvideo,video/avi',
  ...VIDEO_EXTENSIONS.map((extension) => `.${extension}`),
].join(',');

/**
 * Whether a picked file is offered as a video: by its type, or by its name where the browser gives
 * no type (AVI often has none). Only a first check before sending: the server sniffs the bytes.
 */
export function isVideoFile(file: { type: string; name: string }): boolean {
  if (file.type.startsWith('video/')) return true;
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return file.name.includes('.') && (VIDEO_EXTENSIONS as readonly string[]).includes(extension);
}

/** A field a form repeats once per file: one value or a list, read as a list. */
const perFile = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));

const altText = optionalText(200, 'Le texte alternatif ne peut pas dépasser 200 caractères');
const title = optionalText(200, 'Le titre ne peut pas dépasser 200 caractères');
const sortOrder = z.union([z.literal('').transform(() => undefined), sortOrderSchema()]);

/**
 * POST /admin/products/:id/images (multipart): media_files[] and, file by file,
 * alt_texts[], titles[], sort_orders[]. The API's multipart reader hands each file over as an
 * upload it has already streamed and sniffed; this schema only checks that there is at least one.
 */
export const UploadMediaInputSchema = z.object({
  media_files: z
    .preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z
        .array(z.custom<UploadedMediaFile>(isUploadedMediaFile, { error: MEDIA_TYPE_MESSAGE }), {
          error: MEDIA_REQUIRED_MESSAGE,
        })
        .min(1, { error: MEDIA_REQUIRED_MESSAGE })
        .max(MEDIA_FILES_MAX, { error: `${MEDIA_FILES_MAX} fichiers au plus par envoi` }),
    )
    .meta({ description: 'Fichiers : images JPG, PNG, GIF, WEBP (5 Mo) ou vidéos MP4, AVI, MOV' }),
  alt_texts: perFile(altText).optional(),
  titles: perFile(title).optional(),
  sort_orders: perFile(sortOrder).optional(),
});
export type UploadMediaInput = z.output<typeof UploadMediaInputSchema>;

/**
 * A file part as the API's multipart reader leaves it in the body: an image's bytes (5 MB at
 * most), or a video streamed to a temporary file (VIDEO_MAX_BYTES at most), typed by its bytes.
 */
export type UploadedMediaFile =
  | { kind: 'image'; bytes: Uint8Array }
  | { kind: 'video'; path: string; sizeBytes: number; container: 'mp4' | 'mov' | 'avi' };

export function isUploadedMediaFile(value: unknown): value is UploadedMediaFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return (
    (file.kind === 'image' && file.bytes instanceof Uint8Array) ||
    (file.kind === 'video' && typeof file.path === 'string' && typeof file.sizeBytes === 'number')
  );
}

/** PUT /admin/products/:id/images/:imageId: its texts, its place, or make it the main image. */
export const UpdateMediaInputSchema = z.object({
  alt_text: altText.optional(),
  title: title.optional(),
  sort_order: sortOrderSchema().optional(),
  is_main: booleanField('is_main doit être vrai ou faux').optional(),
});
export type UpdateMediaInput = z.output<typeof UpdateMediaInputSchema>;

/** POST …/images/reorder (image_order): the product's images, every one, in their new order. */
export const ReorderMediaInputSchema = z.object({
  image_order: z
    .array(idSchema('ID de média invalide'), { error: "L'ordre des images est requis" })
    .min(1, { error: "L'ordre des images est requis" })
    .max(500, { error: "L'ordre des images est trop long" }),
});
export type ReorderMediaInput = z.output<typeof ReorderMediaInputSchema>;

export const MEDIA_STATUSES = ['ready', 'processing', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** One image or video as the media manager shows it. */
export const AdminMediaItemSchema = z.object({
  id: z.number(),
  type: z.enum(['image', 'video']),
  /** 'processing': a video being converted (progress from 0 to 1); 'failed': see `error`. */
  status: z.enum(MEDIA_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  /** The image, or a video's poster (null until the video is ready). */
  image: ImageRefSchema.nullable(),
  /** A ready video's MP4 (null otherwise and for images). */
  video_url: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  alt_text: z.string().nullable(),
  title: z.string().nullable(),
  sort_order: z.number(),
  /** The first image: the product's picture in lists and on its page. */
  is_main: z.boolean(),
  size_bytes: z.number(),
  created_at: z.string(),
});
export type AdminMediaItem = z.infer<typeof AdminMediaItemSchema>;

/** GET /admin/products/:id/images: images and videos apart, each in display order, with their counts. */
export const AdminProductMediaSchema = z.object({
  product: z.object({ id: z.number(), name: z.string() }),
  images: z.array(AdminMediaItemSchema),
  videos: z.array(AdminMediaItemSchema),
  counters: z.object({ images: z.number(), videos: z.number() }),
});
export type AdminProductMedia = z.infer<typeof AdminProductMediaSchema>;

export const AdminMediaUploadSchema = z.object({ media: z.array(AdminMediaItemSchema) });
export const AdminMediaEnvelopeSchema = z.object({ media: AdminMediaItemSchema });

// What the API answers once media are saved; `type` is the image's or video's it names.
type MediaType = AdminMediaItem['type'];
/** '1 média ajouté', '3 médias ajoutés'. */
export const mediaAdded = (count: number) => countLabel(count, 'média ajouté', 'médias ajoutés');
/** `isMain`: the change made the image the product's main one. */
export const mediaUpdated = (type: MediaType, isMain?: boolean) =>
  isMain
    ? 'Image principale mise à jour'
    : type === 'video'
      ? 'Vidéo mise à jour avec succès'
      : 'Image mise à jour avec succès';
export const mediaDeleted = (type: MediaType) =>
  type === 'video' ? 'Vidéo supprimée avec succès' : 'Image supprimée avec succès';
export const mediaReordered = (type: MediaType) =>
  type === 'video' ? 'Ordre des vidéos mis à jour' : 'Ordre des images mis à jour';
