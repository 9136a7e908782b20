import { z } from 'zod';
import { CategoryLinkSchema, CategorySummarySchema, ImageRefSchema, SearchTextSchema } from './catalog.ts';
import { CATEGORY_NAME_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from './limits.ts';
import { booleanField, idSchema, optionalId, optionalText, sortOrderSchema } from './primitives.ts';
import { ImageUploadSchema } from './uploads.ts';

// The back office's catalogue calls (back-office spec §3, §5, §7): request schemas shared by the
// API's validation and the admin forms, and the shapes the API answers.

export const CategoryIdParamsSchema = z.object({ id: idSchema('ID de catégorie invalide') });

export const CATEGORY_NAME_REQUIRED = 'Le nom de la catégorie est obligatoire';

const categoryFields = {
  name: z
    .string({ error: CATEGORY_NAME_REQUIRED })
    .trim()
    .min(1, { error: CATEGORY_NAME_REQUIRED })
    .max(CATEGORY_NAME_MAX_LENGTH, {
      error: `Le nom de la catégorie ne peut pas dépasser ${CATEGORY_NAME_MAX_LENGTH} caractères`,
    }),
  description: optionalText(
    DESCRIPTION_MAX_LENGTH,
    `La description ne peut pas dépasser ${DESCRIPTION_MAX_LENGTH} caractères`,
  ).optional(),
  parent_id: optionalId('Catégorie parente invalide').optional(),
  sort_order: sortOrderSchema().optional(),
  is_active: booleanField('Le statut doit être actif ou inactif').optional(),
  image_main: ImageUploadSchema.optional(),
};

/** POST /admin/categories: JSON (image as a data URL) or multipart (image as a file). */
export const CreateCategoryInputSchema = z.object(categoryFields);
export type CreateCategoryInput = z.output<typeof CreateCategoryInputSchema>;

/** PUT /admin/categories/:id: any of the fields (a toggle sends only is_active). */
export const UpdateCategoryInputSchema = z.object(categoryFields).partial();
export type UpdateCategoryInput = z.output<typeof UpdateCategoryInputSchema>;

/** POST /admin/categories/:id/image */
export const CategoryImageInputSchema = z.object({ image_main: ImageUploadSchema });

export const CATEGORY_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export const CATEGORY_SORTS = ['name', 'newest', 'oldest', 'most_products', 'fewest_products'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
export const CATEGORY_SORT_LABELS: Record<CategorySort, string> = {
  name: 'Nom (A-Z)',
  newest: 'Plus récentes',
  oldest: 'Plus anciennes',
  most_products: 'Plus de produits',
  fewest_products: 'Moins de produits',
};

export const AdminCategoryListQuerySchema = z.object({
  search: SearchTextSchema.optional(),
  status: z.enum(CATEGORY_STATUS_FILTERS, { error: 'Filtre de statut inconnu' }).default('all'),
  sort: z.enum(CATEGORY_SORTS, { error: 'Tri inconnu' }).default('name'),
});
export type AdminCategoryListQuery = z.infer<typeof AdminCategoryListQuerySchema>;

export const AdminCategorySchema = CategorySummarySchema.extend({
  is_active: z.boolean(),
  created_at: z.string(),
  /** Products filed directly under the category (products_count includes the subcategories'). */
  direct_products_count: z.number(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

export const AdminCategoryTreeSchema = AdminCategorySchema.extend({
  subcategories: z.array(AdminCategorySchema),
});
export type AdminCategoryTree = z.infer<typeof AdminCategoryTreeSchema>;

/** A main category a form can file things under. */
export const ParentChoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_active: z.boolean(),
  subcategories: z.array(z.object({ id: z.number(), name: z.string(), is_active: z.boolean() })),
});
export type ParentChoice = z.infer<typeof ParentChoiceSchema>;

export const AdminCategoryListSchema = z.object({
  categories: z.array(AdminCategoryTreeSchema),
  /** Over the whole shop, whatever the filters. */
  counters: z.object({
    main_categories: z.number(),
    subcategories: z.number(),
    products: z.number(),
  }),
  /** Every main category with its subcategories, unfiltered: the forms' category selects. */
  tree: z.array(ParentChoiceSchema),
});
export type AdminCategoryList = z.infer<typeof AdminCategoryListSchema>;

export const AdminCategoryProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  is_active: z.boolean(),
  image: ImageRefSchema.nullable(),
  base_price: z.number(),
  /** The lowest variant price, or null when the product has a single price. */
  min_price: z.number().nullable(),
  variants_count: z.number(),
});

export const AdminCategoryDetailSchema = AdminCategorySchema.extend({
  is_main_category: z.boolean(),
  parent: CategoryLinkSchema.nullable(),
  statistics: z.object({
    subcategories_count: z.number(),
    products_count: z.number(),
    total_products_including_subcategories: z.number(),
  }),
  subcategories: z.array(AdminCategorySchema),
  /** The most recent products of the category and its subcategories. */
  products: z.array(AdminCategoryProductSchema),
});
export type AdminCategoryDetail = z.infer<typeof AdminCategoryDetailSchema>;

export const AdminCategoryEnvelopeSchema = z.object({ category: AdminCategorySchema });

// ---- The admin shell: header search and bell ----

export const AdminSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Saisissez une recherche' })
    .pipe(SearchTextSchema)
    .pipe(z.string().min(1, { error: 'Saisissez une recherche' })),
});

export const AdminSearchResultsSchema = z.object({
  products: z.array(
    z.object({ id: z.number(), name: z.string(), is_active: z.boolean(), image: ImageRefSchema.nullable() }),
  ),
  categories: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      is_active: z.boolean(),
      parent_name: z.string().nullable(),
    }),
  ),
});
export type AdminSearchResults = z.infer<typeof AdminSearchResultsSchema>;

export const AdminNotificationsSchema = z.object({
  /** Orders waiting for the shop (en_attente): the bell's number. */
  pending_orders: z.number(),
});
