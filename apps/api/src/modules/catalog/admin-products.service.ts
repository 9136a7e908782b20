import type {
  AdminProductDetail,
  AdminProductList,
  AdminProductListQuery,
  CreateProductInput,
  UpdateProductInput,
} from '@souk/domain/admin-catalog';
import { PRODUCT_CATEGORY_REQUIRED } from '@souk/domain/admin-catalog';
import type { ImageUpload } from '@souk/domain/uploads';
import { AppError, notFound } from '#shared/app-error.ts';
import { toPagination } from '#shared/mapping.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ProcessedImage } from '../media/image-pipeline.ts';
import { imageColumns, removePicture, withUploadedImages } from '../media/image-upload.ts';
import { deleteMedia, findMedia } from './admin-media.repository.ts';
import { removeMediaRowFiles } from './admin-media.service.ts';
import * as writes from './admin-products.repository.ts';
import { toAdminProduct, toMediaRefs } from './catalog.mapper.ts';
import * as repo from './catalog.repository.ts';
import { searchWords } from './catalog.service.ts';
import { lockProductOr404, PRODUCT_NOT_FOUND } from './product-lock.ts';
import { uniqueSlug } from './slugs.repository.ts';

export type ProductDeps = {
  db: Db;
  mediaDir: string;
  /** Uploaded videos waiting for their conversion (removed with their product: deleteProduct). */
  videoSourceDir?: string;
  log?: (line: string) => void;
};

const UNKNOWN_CATEGORY = 'Cette catégorie est introuvable';

// ---- reads ----

/** The products screen: one page of the filtered list, and the counters of the whole filtered set. */
export async function listAdminProducts(db: Db, query: AdminProductListQuery): Promise<AdminProductList> {
  const filters: repo.ProductFilters = {
    words: searchWords(query.search),
    categoryOrChildrenId: query.category_id,
    ...(query.status ? { active: query.status === 'active' } : {}),
  };
  const offset = (query.page - 1) * query.per_page;
  const [rows, counts, categories] = await Promise.all([
    repo.findProducts(
      db,
      'admin',
      filters,
      { by: query.sort_by, direction: query.sort_order },
      {
        limit: query.per_page,
        offset,
      },
    ),
    repo.countProducts(db, 'admin', filters),
    writes.countCategories(db),
  ]);
  return {
    products: rows.map(toAdminProduct),
    pagination: toPagination(query.page, query.per_page, counts.total, rows.length),
    counters: { ...counts, categories },
  };
}

export async function getAdminProduct(db: DbOrTx, id: number): Promise<AdminProductDetail> {
  const [row] = await repo.findProducts(
    db,
    'admin',
    { ids: [id] },
    { by: 'default', direction: 'asc' },
    {
      limit: 1,
      offset: 0,
    },
  );
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  const media = await repo.findProductMedia(db, id);
  return { ...toAdminProduct(row), images: toMediaRefs(media, row.name).images };
}

// ---- writes ----

/** The uploads of a form, each named by the field a refusal is shown under. */
function uploadsOf(input: UpdateProductInput): { upload: ImageUpload; field: string }[] {
  return [
    ...(input.image_main ? [{ upload: input.image_main, field: 'image_main' }] : []),
    ...(input.images ?? []).map((image, i) => ({ upload: image.data, field: `images.${i}` })),
  ];
}

/** The new media rows: the main image first, then the additional ones after `after`. */
function imageRows(input: UpdateProductInput, images: ProcessedImage[], after: number): writes.NewImage[] {
  const [main, ...extra] = input.image_main ? images : [undefined, ...images];
  const row = (
    image: ProcessedImage,
    sort_order: number,
    alt: string | null = null,
    title: string | null = null,
  ) => ({
    ...imageColumns(image),
    sort_order,
    alt,
    title,
  });
  return [
    ...(main ? [row(main, 0)] : []),
    ...extra.map((image, i) => {
      const given = input.images?.[i];
      return row(
        image as ProcessedImage,
        given?.sort_order ?? after + 1 + i,
        given?.alt_text ?? null,
        given?.title ?? null,
      );
    }),
  ];
}

/** Refuses (422 under category_id) a category that does not exist; locks it against deletion until the write commits. */
export async function assertCategory(tx: DbOrTx, id: number | undefined) {
  if (id === undefined) return;
  if (!(await writes.categoryExists(tx, id)))
    throw new AppError('validation', UNKNOWN_CATEGORY, { category_id: [UNKNOWN_CATEGORY] });
}

export async function createProduct({ db, mediaDir }: ProductDeps, input: CreateProductInput) {
  const product = await withUploadedImages(uploadsOf(input), mediaDir, (images) =>
    db.transaction(async (tx) => {
      if (input.category_id === undefined)
        throw new AppError('validation', PRODUCT_CATEGORY_REQUIRED, {
          category_id: [PRODUCT_CATEGORY_REQUIRED],
        });
      await assertCategory(tx, input.category_id);
      const id = await writes.insertProduct(tx, {
        name: input.name,
        slug: await uniqueSlug(tx, 'products', input.name),
        description: input.description,
        base_price: input.base_price,
        category_id: input.category_id,
        sort_order: input.sort_order ?? 0,
        is_active: input.is_active ?? true,
      });
      await writes.insertImages(tx, id, imageRows(input, images, 0));
      return getAdminProduct(tx, id);
    }),
  );
  return product;
}

export async function updateProduct(
  { db, mediaDir, log }: ProductDeps,
  id: number,
  input: UpdateProductInput,
) {
  const { image_main, images: _images, ...fields } = input;
  const { product, replaced } = await withUploadedImages(uploadsOf(input), mediaDir, (images) =>
    db.transaction(async (tx) => {
      const current = await lockProductOr404(tx, id);
      await assertCategory(tx, fields.category_id);
      const renamed = fields.name !== undefined && fields.name !== current.name;
      await writes.updateProduct(tx, id, {
        ...fields,
        // The slug follows the name, and only the name: a price change keeps every link working.
        ...(renamed ? { slug: await uniqueSlug(tx, 'products', fields.name as string, id) } : {}),
      });
      const existing = await writes.findImages(tx, id);
      let replaced: writes.StoredImage | null = null;
      if (image_main) {
        replaced = existing[0] ?? null;
        if (replaced) await deleteMedia(tx, replaced.id);
        await writes.shiftImages(tx, id);
      }
      const last = existing.reduce((max, image) => Math.max(max, image.sort_order), 0);
      await writes.insertImages(tx, id, imageRows(input, images, last + (image_main ? 1 : 0)));
      return { product: await getAdminProduct(tx, id), replaced };
    }),
  );
  // The replaced main image's files go once the new one is committed.
  if (replaced) await removePicture(mediaDir, { key: replaced.path, widths: replaced.widths }, log);
  return product;
}

/**
 * Deletes a product with its variants and media. Orders that hold it keep their own copy of its
 * name and price (order_items), so they read the same afterwards.
 */
export async function deleteProduct(deps: ProductDeps & { videoSourceDir: string }, id: number) {
  const media = await deps.db.transaction(async (tx) => {
    await lockProductOr404(tx, id);
    const rows = await findMedia(tx, id);
    await writes.deleteProduct(tx, id);
    return rows;
  });
  // A video still converting finds its row gone and removes what it made (video-jobs.ts).
  await Promise.all(media.map((m) => removeMediaRowFiles(deps, m, deps.log)));
}
