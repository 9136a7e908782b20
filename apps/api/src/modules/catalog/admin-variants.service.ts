import {
  type AdminVariantList,
  type BatchVariantRow,
  type BatchVariantsInput,
  type CreateVariantInput,
  type UpdateVariantInput,
  VARIANT_SKU_REPEATED,
  VARIANT_SKU_TAKEN,
} from '@souk/domain/admin-variants';
import type { Variant } from '@souk/domain/catalog';
import { AppError, notFound } from '#shared/app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findProduct } from './admin-products.repository.ts';
import * as repo from './admin-variants.repository.ts';
import { toVariant } from './catalog.mapper.ts';
import { lockProductOr404, PRODUCT_NOT_FOUND } from './product-lock.ts';

// The variants of a product in the back office ('Gestion des variantes'). The storefront needs
// nothing from here: it reads is_active on every request (catalog.repository.ts, and the one
// sellability rule of catalog-rules.ts for the cart and checkout), so a change shows at once.

const VARIANT_NOT_FOUND = 'Variante non trouvée';

type SkuErrors = Record<string, string[]>;

// ---- reads ----

export async function listVariants(db: Db, productId: number): Promise<AdminVariantList> {
  const product = await findProduct(db, productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const variants = (await repo.findVariants(db, productId)).map(toVariant);
  return {
    product,
    variants,
    counters: { total: variants.length, active: variants.filter((v) => v.is_active).length },
  };
}

// ---- SKU uniqueness ----

/**
 * The refusals of the SKUs given, each under the field `fieldOf(i)`: taken by another variant
 * (`exceptId` is the one being edited), or repeated between two of the given rows. Empty SKUs
 * (null) are never refused: many variants may have none.
 */
export async function skuErrors(
  db: DbOrTx,
  skus: (string | null | undefined)[],
  fieldOf: (index: number) => string,
  exceptId?: number,
): Promise<SkuErrors> {
  const given = skus.flatMap((sku, index) => (sku ? [{ sku, index }] : []));
  const checks = await repo.checkSkus(
    db,
    given.map((g) => g.sku),
    exceptId,
  );
  const uses = new Map<string, number>();
  for (const { key } of checks) uses.set(key, (uses.get(key) ?? 0) + 1);
  const errors: SkuErrors = {};
  checks.forEach(({ key, taken }, i) => {
    const field = fieldOf(given[i]?.index ?? 0);
    if (taken) errors[field] = [VARIANT_SKU_TAKEN];
    else if ((uses.get(key) ?? 0) > 1) errors[field] = [VARIANT_SKU_REPEATED];
  });
  return errors;
}

function refuse(errors: SkuErrors): never {
  const first = Object.values(errors)[0]?.[0] ?? VARIANT_SKU_TAKEN;
  throw new AppError('validation', first, errors);
}

export async function assertSkusFree(...args: Parameters<typeof skuErrors>) {
  const errors = await skuErrors(...args);
  if (Object.keys(errors).length) refuse(errors);
}

/**
 * Runs a write whose SKUs were checked first; when a concurrent request took one of them between
 * the check and the write, the unique index refuses the row and the caller gets the same 422 as the
 * check's (`errorsAfter` says which field), never a 500.
 */
export async function racingForSkus<T>(
  write: () => Promise<T>,
  errorsAfter: () => Promise<SkuErrors>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)?.includes(repo.SKU_UNIQUE_INDEX)) throw error;
    const errors = await errorsAfter();
    refuse(Object.keys(errors).length ? errors : { sku: [VARIANT_SKU_TAKEN] });
  }
}

// ---- writes ----

export const newVariant = (input: CreateVariantInput | BatchVariantRow): repo.NewVariant => ({
  name: input.name,
  price: input.price,
  sku: input.sku ?? null,
  // Left out, empty or null: unlimited.
  stock_quantity: input.stock_quantity ?? null,
  sort_order: input.sort_order ?? 0,
  is_active: input.is_active ?? true,
});

const SKU_FIELD = () => 'sku';
const takenSku = async (): Promise<SkuErrors> => ({ sku: [VARIANT_SKU_TAKEN] });

export async function createVariant(db: Db, productId: number, input: CreateVariantInput) {
  const variant = await racingForSkus(
    () =>
      db.transaction(async (tx) => {
        await lockProductOr404(tx, productId);
        await assertSkusFree(tx, [input.sku], SKU_FIELD);
        const [row] = await repo.insertVariants(tx, productId, [newVariant(input)]);
        if (!row) throw new Error('variant not inserted');
        return toVariant(row);
      }),
    takenSku,
  );
  return variant;
}

/** Creates every row, or none: one transaction, and any refused row refuses the batch. */
export async function createVariants(db: Db, productId: number, input: BatchVariantsInput) {
  const skus = input.variants.map((row) => row.sku);
  const rowField = (index: number) => `variants.${index}.sku`;
  const variants: Variant[] = await racingForSkus(
    () =>
      db.transaction(async (tx) => {
        await lockProductOr404(tx, productId);
        await assertSkusFree(tx, skus, rowField);
        return (await repo.insertVariants(tx, productId, input.variants.map(newVariant))).map(toVariant);
      }),
    // The request that won has committed by now: the same check names the rows it took.
    () => skuErrors(db, skus, rowField),
  );
  return { variants, count: variants.length };
}

/** Changes the fields sent (the toggle sends only is_active); another product's variant is a 404. */
export async function updateVariant(db: Db, productId: number, variantId: number, input: UpdateVariantInput) {
  const variant = await racingForSkus(
    () =>
      db.transaction(async (tx) => {
        await lockProductOr404(tx, productId);
        if (!(await repo.findVariant(tx, productId, variantId))) throw notFound(VARIANT_NOT_FOUND);
        // Its own SKU, in any case, is not taken.
        if (input.sku) await assertSkusFree(tx, [input.sku], SKU_FIELD, variantId);
        const row = await repo.updateVariant(tx, variantId, input);
        if (!row) throw notFound(VARIANT_NOT_FOUND);
        return toVariant(row);
      }),
    takenSku,
  );
  return variant;
}

/**
 * Deletes a variant. Orders that hold it keep their copy of its name, SKU and prices (the order
 * line's link becomes null); carts that hold it lose that line.
 */
export async function deleteVariant(db: Db, productId: number, variantId: number) {
  await db.transaction(async (tx) => {
    await lockProductOr404(tx, productId);
    if (!(await repo.deleteVariant(tx, productId, variantId))) throw notFound(VARIANT_NOT_FOUND);
  });
}
