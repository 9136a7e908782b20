import { z } from 'zod';
import { VARIANT_BATCH_MAX, VARIANT_NAME_MAX_LENGTH, VARIANT_SKU_MAX_LENGTH } from './admin-limits.ts';
import { VariantSchema } from './catalog.ts';
import {
  booleanField,
  INT4_MAX,
  idSchema,
  optionalText,
  sortOrderSchema,
  typedPriceSchema,
  wholeNumber,
} from './primitives.ts';
import { countLabel } from './text.ts';
import { howToWriteAmount } from './typed-amount.ts';

// The variants of a product in the back office ('Gestion des variantes'): request schemas shared
// by the API's validation and the variant forms, and the answers.

export const VariantParamsSchema = z.object({
  id: idSchema('ID de produit invalide'),
  variantId: idSchema('ID de variante invalide'),
});

export const VARIANT_NAME_REQUIRED = 'Le nom de la variante est obligatoire';
/** The batch table's shorter wording for the same rule. */
export const BATCH_VARIANT_NAME_REQUIRED = 'Le nom est obligatoire';
export const VARIANT_PRICE_INVALID = howToWriteAmount('le prix');
export const VARIANT_STOCK_INVALID = 'Le stock doit être un nombre entier positif ou nul (vide = illimité)';
export const VARIANT_SKU_TAKEN = 'Ce code SKU est déjà utilisé par une autre variante';
export const VARIANT_SKU_REPEATED = 'Ce code SKU apparaît sur plusieurs lignes';
export const NO_VALID_VARIANT = 'Aucune variante valide à créer';

const variantName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(VARIANT_NAME_MAX_LENGTH, {
      error: `Le nom de la variante ne peut pas dépasser ${VARIANT_NAME_MAX_LENGTH} caractères`,
    });

/**
 * A variant's price: whole FCFA above 0, as typed ('3 500', '3.500'). No cents: the FCFA has none
 * (ADR 0015).
 */
export const variantPriceSchema = typedPriceSchema(VARIANT_PRICE_INVALID);

/** Stock: empty (a form's '') or null is unlimited; otherwise a whole number from 0. */
export const variantStockSchema = z.union(
  [
    z.literal('').transform(() => null),
    z.null(),
    wholeNumber(VARIANT_STOCK_INVALID).pipe(
      z.number().min(0, { error: VARIANT_STOCK_INVALID }).max(INT4_MAX, { error: VARIANT_STOCK_INVALID }),
    ),
  ],
  // '2.5' or 'abc' matches no branch: the rule's own message, not zod's 'Entrée invalide'.
  { error: VARIANT_STOCK_INVALID },
);

/** SKU: optional text (empty is sent as null); unique across the shop, whatever the case. */
export const variantSkuSchema = optionalText(
  VARIANT_SKU_MAX_LENGTH,
  `Le code SKU ne peut pas dépasser ${VARIANT_SKU_MAX_LENGTH} caractères`,
);

const variantFields = (nameRequired: string) => ({
  name: variantName(nameRequired),
  price: variantPriceSchema,
  sku: variantSkuSchema.optional(),
  stock_quantity: variantStockSchema.optional(),
  // A form's emptied field means the default (0), as for a field left out.
  sort_order: z.union([z.literal('').transform(() => undefined), sortOrderSchema()]).optional(),
  is_active: booleanField('Le statut doit être actif ou inactif').optional(),
});

/** POST /admin/products/:id/variants (the add form). */
export const CreateVariantInputSchema = z.object(variantFields(VARIANT_NAME_REQUIRED));
export type CreateVariantInput = z.output<typeof CreateVariantInputSchema>;

/** PUT …/variants/:variantId: the edit form, or only is_active (the toggle). */
export const UpdateVariantInputSchema = CreateVariantInputSchema.partial();
export type UpdateVariantInput = z.output<typeof UpdateVariantInputSchema>;

/** One row of the batch table. */
export const BatchVariantRowSchema = z.object(variantFields(BATCH_VARIANT_NAME_REQUIRED));
export type BatchVariantRow = z.output<typeof BatchVariantRowSchema>;

/** POST …/variants/batch: every row valid, or nothing is created. */
export const BatchVariantsInputSchema = z.object({
  variants: z
    .array(BatchVariantRowSchema, { error: NO_VALID_VARIANT })
    .min(1, { error: NO_VALID_VARIANT })
    .max(VARIANT_BATCH_MAX, { error: `${VARIANT_BATCH_MAX} variantes au plus par envoi` }),
});
export type BatchVariantsInput = z.output<typeof BatchVariantsInputSchema>;

// What the API answers once variants are saved.
export const VARIANT_CREATED = 'Variante créée avec succès';
/** The batch form's answer: '1 variante créée avec succès', '3 variantes créées avec succès'. */
export const variantsCreated = (count: number) =>
  `${countLabel(count, 'variante créée', 'variantes créées')} avec succès`;
export const VARIANT_UPDATED = 'Variante mise à jour avec succès';
export const VARIANT_DELETED = 'Variante supprimée avec succès';

export const AdminVariantListSchema = z.object({
  product: z.object({ id: z.number(), name: z.string(), base_price: z.number() }),
  /** Every variant, active or not, in the storefront's order (sort order, then creation). */
  variants: z.array(VariantSchema),
  counters: z.object({ total: z.number(), active: z.number() }),
});
export type AdminVariantList = z.infer<typeof AdminVariantListSchema>;

export const AdminVariantEnvelopeSchema = z.object({ variant: VariantSchema });
export const AdminVariantBatchSchema = z.object({ variants: z.array(VariantSchema), count: z.number() });
