import { z } from 'zod';
import { PRODUCT_PRICE_INVALID, ProductDescriptionSchema, ProductNameSchema } from './admin-catalog.ts';
import { BULK_PRODUCTS_MAX, VARIANT_BATCH_MAX } from './admin-limits.ts';
import { BatchVariantRowSchema } from './admin-variants.ts';
import { booleanField, idSchema, sortOrderSchema, typedPriceSchema } from './primitives.ts';
import { ImageUploadSchema } from './uploads.ts';

// Bulk product creation ('Créer plusieurs produits'): a two-step
// wizard, a category then rows of products, created all together or not at all.

export const BULK_CATEGORY_REQUIRED = 'Veuillez sélectionner une catégorie';
export const BULK_PRODUCTS_REQUIRED = 'Au moins un produit est requis';
export const BULK_IMAGE_REQUIRED = "L'image est obligatoire";
export const BULK_FAILURE = 'Erreur lors de la création en masse des produits';
export const BULK_JSON_TOO_LARGE_MESSAGE =
  'Lot trop volumineux pour un envoi JSON (10 images au plus) : envoyez-le en multipart';
export const BULK_IMAGES_COUNT_MESSAGE = 'Il faut une image par produit, dans l’ordre des lignes';

/** A key the screen picks for one batch, to ask how far the server got (A-Z, a-z, 0-9, - and _). */
export const BATCH_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const BatchIdSchema = z.string().regex(BATCH_ID_PATTERN, { error: 'Identifiant de lot invalide' });
export const BatchParamsSchema = z.object({ batchId: BatchIdSchema });

/** One row of step 2: name, description, price, image (mandatory), optional variants. */
export const BulkProductRowSchema = z.object({
  name: ProductNameSchema,
  description: ProductDescriptionSchema,
  base_price: typedPriceSchema(PRODUCT_PRICE_INVALID),
  image_main: z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: BULK_IMAGE_REQUIRED });
      return z.NEVER;
    }
    const parsed = ImageUploadSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? BULK_IMAGE_REQUIRED });
    return z.NEVER;
  }),
  is_active: booleanField('Le statut doit être actif ou inactif').optional(),
  sort_order: z.union([z.literal('').transform(() => undefined), sortOrderSchema()]).optional(),
  variants: z
    .array(BatchVariantRowSchema)
    .max(VARIANT_BATCH_MAX, { error: `${VARIANT_BATCH_MAX} variantes au plus par produit` })
    .optional(),
});

/**
 * A multipart form carries the rows as JSON in `products` (texts and variants) and one
 * `image_main` file per row, in row order; JSON carries each row's image as a data URL. Either
 * way the rows are validated alike.
 */
function rowsWithImages(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { products, images, ...rest } = body as Record<string, unknown>;
  if (typeof products !== 'string') return body;
  let rows: unknown;
  try {
    rows = JSON.parse(products);
  } catch {
    return { ...rest, products };
  }
  if (!Array.isArray(rows)) return { ...rest, products: rows };
  const files = images === undefined ? [] : Array.isArray(images) ? images : [images];
  return {
    ...rest,
    // Files are matched to rows by their order: a count that differs would shift them.
    ...(files.length !== rows.length ? { images: files.length } : {}),
    products: rows.map((row, index) =>
      typeof row === 'object' && row !== null ? { ...row, image_main: files[index] } : row,
    ),
  };
}

/** POST /admin/products/batch. */
export const BulkCreateProductsInputSchema = z.preprocess(
  rowsWithImages,
  z.object({
    batch_id: BatchIdSchema.optional(),
    /** Set by the multipart reading only when the images do not match the rows one to one. */
    images: z.never({ error: BULK_IMAGES_COUNT_MESSAGE }).optional(),
    category_id: z
      .union([z.literal('').transform(() => undefined), z.undefined(), idSchema(BULK_CATEGORY_REQUIRED)])
      .pipe(z.number({ error: BULK_CATEGORY_REQUIRED })),
    products: z
      .array(BulkProductRowSchema, { error: BULK_PRODUCTS_REQUIRED })
      .min(1, { error: BULK_PRODUCTS_REQUIRED })
      .max(BULK_PRODUCTS_MAX, { error: `${BULK_PRODUCTS_MAX} produits au plus par lot` }),
  }),
);
export type BulkCreateProductsInput = z.output<typeof BulkCreateProductsInputSchema>;

export const BulkCreateProductsResultSchema = z.object({
  count: z.number(),
  products: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string() })),
});

/** What the API answers once a batch is created (the web says it too if the answer has no message). */
export const productsCreated = (count: number) => `${count} produit(s) créé(s) avec succès`;

/** GET /admin/products/batch/:batchId: how far the server got with a batch's images. */
export const BulkProgressSchema = z.object({
  batch_id: z.string(),
  status: z.enum(['processing', 'done', 'failed']),
  total: z.number(),
  processed: z.number(),
});
export type BulkProgress = z.infer<typeof BulkProgressSchema>;
