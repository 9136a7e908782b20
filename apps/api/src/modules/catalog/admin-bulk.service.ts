import type { BulkCreateProductsInput, BulkProgress } from '@souk/domain/admin-bulk';
import { AppError, notFound } from '#shared/app-error.ts';
import type { Db } from '../../db/client.ts';
import type { ProcessedImage } from '../media/image-pipeline.ts';
import { imageColumns, withUploadedImages } from '../media/image-upload.ts';
import * as batches from './admin-bulk.repository.ts';
import * as writes from './admin-products.repository.ts';
import { assertCategory, type ProductDeps } from './admin-products.service.ts';
import * as variants from './admin-variants.repository.ts';
import { assertSkusFree, newVariant, racingForSkus, skuErrors } from './admin-variants.service.ts';

// The housekeeping timer's purge of old batch progress.
export { deleteOldBatches } from './admin-bulk.repository.ts';

import { uniqueSlug } from './slugs.repository.ts';

const BATCH_SENT_TWICE = 'Ce lot a déjà été envoyé';
const BATCH_NOT_FOUND = 'Lot introuvable';

/** The image rows of a new product: its picture, first and main. */
const mainImage = (image: ProcessedImage): writes.NewImage => ({
  ...imageColumns(image),
  sort_order: 0,
  alt: null,
  title: null,
});

/**
 * 'Créer plusieurs produits': every product of the batch, with its image and its
 * variants, in one category — all of them or none. The images go through the pipeline one after
 * the other (sharp works off the event loop, one picture at a time, so the shop keeps answering),
 * and each one done is counted for the screen that asks (`batch_id`); the rows are then written in
 * one transaction. A refused image or SKU names its row ('products.2.image_main'); any failure
 * removes the pictures already written.
 */
export async function createProductsInBulk({ db, mediaDir }: ProductDeps, input: BulkCreateProductsInput) {
  const batchId = input.batch_id;
  if (batchId && !(await batches.startBatch(db, batchId, input.products.length)))
    throw new AppError('conflict', BATCH_SENT_TWICE);
  try {
    // What can be refused without touching a picture is checked first.
    await assertCategory(db, input.category_id);
    const skus = input.products.flatMap((product, row) =>
      (product.variants ?? []).map((variant, at) => ({
        sku: variant.sku,
        field: `products.${row}.variants.${at}.sku`,
      })),
    );
    const skuArgs = [db, skus.map((s) => s.sku), (index: number) => skus[index]?.field ?? 'sku'] as const;
    await assertSkusFree(...skuArgs);

    const uploads = input.products.map((product, row) => ({
      upload: product.image_main,
      field: `products.${row}.image_main`,
    }));
    const created = await racingForSkus(
      () =>
        withUploadedImages(
          uploads,
          mediaDir,
          (images) =>
            db.transaction(async (tx) => {
              // Locked against deletion until the products are in it.
              await assertCategory(tx, input.category_id);
              const rows: { id: number; name: string; slug: string }[] = [];
              for (const [row, product] of input.products.entries()) {
                const slug = await uniqueSlug(tx, 'products', product.name);
                const id = await writes.insertProduct(tx, {
                  name: product.name,
                  slug,
                  description: product.description,
                  base_price: product.base_price,
                  category_id: input.category_id,
                  sort_order: product.sort_order ?? 0,
                  is_active: product.is_active ?? true,
                });
                await writes.insertImages(tx, id, [mainImage(images[row] as ProcessedImage)]);
                if (product.variants?.length)
                  await variants.insertVariants(tx, id, product.variants.map(newVariant));
                rows.push({ id, name: product.name, slug });
              }
              return rows;
            }),
          batchId ? (processed) => batches.setProcessed(db, batchId, processed) : undefined,
        ),
      () => skuErrors(...skuArgs),
    );
    if (batchId) await batches.finishBatch(db, batchId, 'done');
    return { count: created.length, products: created };
  } catch (error) {
    if (batchId) await batches.finishBatch(db, batchId, 'failed');
    throw error;
  }
}

/** How far a batch got: images processed out of the batch's products. */
export async function getBatchProgress(db: Db, batchId: string): Promise<BulkProgress> {
  const batch = await batches.findBatch(db, batchId);
  if (!batch) throw notFound(BATCH_NOT_FOUND);
  return { batch_id: batch.id, status: batch.status, total: batch.total, processed: batch.processed };
}
