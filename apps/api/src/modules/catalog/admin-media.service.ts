import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type {
  AdminMediaItem,
  AdminProductMedia,
  ReorderMediaInput,
  UpdateMediaInput,
  UploadedMediaFile,
  UploadMediaInput,
} from '@souk/domain/admin-media';
import { MEDIA_TYPE_MESSAGE } from '@souk/domain/admin-media';
import { AppError, notFound } from '#shared/app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ProcessedImage } from '../media/image-pipeline.ts';
import { imageColumns, removeMediaFile, removePicture, storeUploadedImage } from '../media/image-upload.ts';
import {
  assertVideoLimits,
  ffmpegAvailable,
  playableAsIs,
  probeVideo,
  VIDEO_CONVERSION_UNAVAILABLE_MESSAGE,
  type VideoProbe,
  type VideoTools,
} from '../media/video-pipeline.ts';
import * as repo from './admin-media.repository.ts';
import { findProduct } from './admin-products.repository.ts';
import { toAdminMediaItems, toAdminProductMedia } from './catalog.mapper.ts';
import { lockProductOr404, PRODUCT_NOT_FOUND } from './product-lock.ts';
import { queueConversion, type VideoConversions } from './video-jobs.ts';

// The product media manager: images and videos of one product. Images go
// through the image pipeline before the answer, as on the product form; videos are checked before
// the answer (ffprobe, limits, whether they can be made playable) and converted after it
// (video-jobs.ts), their row 'processing' meanwhile.

export type MediaDeps = {
  db: Db;
  mediaDir: string;
  /** Where the multipart reader streams videos (config.tmpDir): the only files an upload may name. */
  tmpDir: string;
  videoSourceDir: string;
  tools: VideoTools;
  videos: VideoConversions;
  log?: (line: string) => void;
};

const MEDIA_NOT_FOUND = 'Média non trouvé';
export const VIDEO_NOT_MAIN_MESSAGE = "Une vidéo ne peut pas être l'image principale : choisissez une image";
export const REORDER_MESSAGE = "L'ordre doit contenir chaque image du produit une seule fois";
/** Where an upload's refusal is shown: under the file picker. */
const FILES_FIELD = 'media_files';

// ---- reads ----

async function productOf(db: DbOrTx, id: number) {
  const product = await findProduct(db, id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** GET /admin/products/:id/images: every image and video, conversions under way and failed ones too. */
export async function listMedia(db: Db, productId: number): Promise<AdminProductMedia> {
  const product = await productOf(db, productId);
  return toAdminProductMedia(product, await repo.findMedia(db, productId));
}

// ---- files ----

/** Removes the files of a media row once it is deleted (committed): image widths, or a video's MP4, poster and source. */
export async function removeMediaRowFiles(
  dirs: { mediaDir: string; videoSourceDir: string },
  row: Pick<repo.MediaRow, 'type' | 'path' | 'widths' | 'poster_path' | 'poster_widths' | 'source_path'>,
  log?: (line: string) => void,
) {
  if (row.type === 'image') {
    await removePicture(dirs.mediaDir, { key: row.path, widths: row.widths }, log);
    return;
  }
  await Promise.all([
    removeMediaFile(dirs.mediaDir, row.path, log),
    row.poster_path
      ? removePicture(dirs.mediaDir, { key: row.poster_path, widths: row.poster_widths }, log)
      : undefined,
    row.source_path ? removeMediaFile(dirs.videoSourceDir, row.source_path, log) : undefined,
  ]);
}

/** Moves a file, across file systems if it must. */
async function moveFile(from: string, to: string) {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/** A refusal of one uploaded file, shown under the picker. */
const refusal = (error: AppError) =>
  error.errors ? error : new AppError(error.code, error.message, { [FILES_FIELD]: [error.message] });

const isInside = (dir: string, file: string) => {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/**
 * Checks an uploaded video before the answer: readable by ffprobe (422), within the limits (413,
 * 422), and playable as it is or convertible here (415 without ffmpeg).
 */
async function checkVideo(
  file: Extract<UploadedMediaFile, { kind: 'video' }>,
  deps: MediaDeps,
): Promise<VideoProbe> {
  // Only what the multipart reader wrote for this request: never a path a body names.
  if (!isInside(deps.tmpDir, file.path)) throw refusal(new AppError('unsupported_type', MEDIA_TYPE_MESSAGE));
  try {
    const probe = await probeVideo(file.path, { tools: deps.tools });
    assertVideoLimits(probe);
    if (!playableAsIs(probe) && !(await ffmpegAvailable(deps.tools)))
      throw new AppError('unsupported_type', VIDEO_CONVERSION_UNAVAILABLE_MESSAGE);
    return probe;
  } catch (error) {
    throw error instanceof AppError ? refusal(error) : error;
  }
}

// ---- writes ----

type Accepted =
  | { kind: 'image'; image: ProcessedImage }
  | {
      kind: 'video';
      file: Extract<UploadedMediaFile, { kind: 'video' }>;
      probe: VideoProbe;
      source?: string;
    };

/** The row of an accepted file: an image ready now, a video to convert (its MP4's name chosen now). */
function newRow(
  productId: number,
  accepted: Accepted,
  texts: Pick<repo.NewMedia, 'alt' | 'title' | 'sort_order'>,
): repo.NewMedia {
  if (accepted.kind === 'image') {
    const { image } = accepted;
    return {
      ...texts,
      product_id: productId,
      type: 'image',
      ...imageColumns(image),
      mime_type: 'image/webp',
      status: 'ready',
      progress: 1,
    };
  }
  const { probe, file } = accepted;
  return {
    ...texts,
    product_id: productId,
    type: 'video',
    path: `${randomUUID().replaceAll('-', '')}.mp4`,
    width: probe.width,
    height: probe.height,
    mime_type: 'video/mp4',
    size_bytes: file.sizeBytes,
    duration_seconds: probe.durationSeconds,
    status: 'processing',
    progress: 0,
    source_path: accepted.source ?? null,
  };
}

/**
 * POST /admin/products/:id/images: all the files or none. Every file is checked (and every image
 * stored) before anything is written; a refusal removes what was stored for this request. Videos
 * move out of the request's temporary files and get a 'processing' row, with the job of their
 * conversion in the same transaction.
 */
export async function uploadMedia(deps: MediaDeps, productId: number, input: UploadMediaInput) {
  const { db, mediaDir, videoSourceDir, log } = deps;
  await productOf(db, productId);
  const accepted: Accepted[] = [];
  try {
    for (const file of input.media_files) {
      accepted.push(
        file.kind === 'image'
          ? { kind: 'image', image: await storeUploadedImage({ bytes: file.bytes }, mediaDir, FILES_FIELD) }
          : { kind: 'video', file, probe: await checkVideo(file, deps) },
      );
    }
    for (const item of accepted) {
      if (item.kind !== 'video') continue;
      const name = `${randomUUID().replaceAll('-', '')}.${item.probe.container}`;
      await moveFile(item.file.path, path.join(videoSourceDir, name));
      item.source = name;
    }
    const { ids, rows } = await db.transaction(async (tx) => {
      await lockProductOr404(tx, productId);
      const existing = await repo.findMedia(tx, productId);
      const next = { image: 0, video: 0 };
      for (const row of existing) next[row.type] = Math.max(next[row.type], row.sort_order + 1);
      const values = accepted.map((item, i) =>
        newRow(productId, item, {
          alt: input.alt_texts?.[i] ?? null,
          title: input.titles?.[i] ?? null,
          sort_order: input.sort_orders?.[i] ?? next[item.kind]++,
        }),
      );
      const ids = await repo.insertMedia(tx, values);
      const rows = await repo.findMedia(tx, productId);
      // Each video's conversion, committed with its row: a crash between the two loses neither.
      for (const row of rows)
        if (ids.includes(row.id) && row.status === 'processing') await queueConversion(tx, row.id);
      return { ids, rows };
    });
    const byId = new Map(toAdminMediaItems(rows).map((item) => [item.id, item]));
    return ids.map((id) => byId.get(id) as AdminMediaItem);
  } catch (error) {
    await Promise.all(
      accepted.map((item) =>
        item.kind === 'image'
          ? removePicture(mediaDir, item.image, log)
          : item.source
            ? removeMediaFile(videoSourceDir, item.source, log)
            : undefined,
      ),
    );
    throw error;
  }
}

/** PUT …/images/:imageId: texts and place; `is_main` puts an image first (0, 1, 2… after it). */
export async function updateMedia(
  deps: MediaDeps,
  productId: number,
  mediaId: number,
  input: UpdateMediaInput,
) {
  const media = await deps.db.transaction(async (tx) => {
    await lockProductOr404(tx, productId);
    const row = await repo.findOneMedia(tx, productId, mediaId);
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    if (input.is_main && row.type === 'video')
      throw new AppError('validation', VIDEO_NOT_MAIN_MESSAGE, { is_main: [VIDEO_NOT_MAIN_MESSAGE] });
    await repo.updateMedia(tx, mediaId, {
      ...(input.alt_text !== undefined ? { alt: input.alt_text } : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.sort_order !== undefined ? { sort_order: input.sort_order } : {}),
    });
    if (input.is_main) {
      const images = (await repo.findMedia(tx, productId)).filter((m) => m.type === 'image');
      await repo.renumber(tx, [mediaId, ...images.map((m) => m.id).filter((id) => id !== mediaId)]);
    }
    return repo.findMedia(tx, productId);
  });
  return toAdminMediaItems(media).find((m) => m.id === mediaId) as AdminMediaItem;
}

/**
 * DELETE …/images/:imageId: the row, then its files (and its conversion, if one is under way).
 * Answers which kind it was, an image or a video.
 */
export async function deleteMedia(deps: MediaDeps, productId: number, mediaId: number) {
  const row = await deps.db.transaction(async (tx) => {
    await lockProductOr404(tx, productId);
    const row = await repo.findOneMedia(tx, productId, mediaId);
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    await repo.deleteMedia(tx, mediaId);
    return row;
  });
  if (row.type === 'video') deps.videos.cancel(mediaId);
  await removeMediaRowFiles(deps, row, deps.log);
  return row.type;
}

/**
 * POST …/images/reorder: `image_order` is every image of the product (or every video), each once;
 * they get the sort orders 0, 1, 2… in that order, the first image becoming the main one.
 */
export async function reorderMedia(deps: MediaDeps, productId: number, input: ReorderMediaInput) {
  const { product, rows, kind } = await deps.db.transaction(async (tx) => {
    const product = await lockProductOr404(tx, productId);
    const media = await repo.findMedia(tx, productId);
    const given = input.image_order;
    const sameSet = (ids: number[]) =>
      ids.length === given.length &&
      new Set(given).size === given.length &&
      given.every((id) => ids.includes(id));
    const kind = (['image', 'video'] as const).find((type) =>
      sameSet(media.filter((m) => m.type === type).map((m) => m.id)),
    );
    if (!kind) throw new AppError('validation', REORDER_MESSAGE, { image_order: [REORDER_MESSAGE] });
    await repo.renumber(tx, given);
    return { product, rows: await repo.findMedia(tx, productId), kind };
  });
  return { media: toAdminProductMedia(product, rows), kind };
}
