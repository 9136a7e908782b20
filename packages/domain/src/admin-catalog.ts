import { z } from 'zod';
import {
  ADMIN_PRODUCTS_PER_PAGE,
  CATEGORY_NAME_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  PRODUCT_IMAGES_MAX,
  PRODUCT_NAME_MAX_LENGTH,
} from './admin-limits.ts';
import { PaginationSchema } from './api.ts';
import {
  CategoryLinkSchema,
  CategorySummarySchema,
  ImageRefSchema,
  ProductSummarySchema,
  ProductsPerPageSchema,
  SearchTextSchema,
  SortOrderSchema,
} from './catalog.ts';
import { ORDER_STATUSES } from './order-status.ts';
import {
  booleanField,
  idSchema,
  optionalId,
  optionalText,
  PageSchema,
  sortOrderSchema,
  typedPriceSchema,
} from './primitives.ts';
import { savedAs } from './text.ts';
import { howToWriteAmount } from './typed-amount.ts';
import { ImageUploadSchema } from './uploads.ts';
import { WhatsappInboxSchema } from './whatsapp.ts';

// The back office's catalogue calls: request schemas shared by the
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

// What the API answers once a category is saved.
export const categoryCreated = (name: string) => `Catégorie « ${name} » créée avec succès`;
/** `switched`: the change only switched it on or off (switchedTo). */
export const categoryUpdated = (name: string, switched?: boolean) =>
  `Catégorie « ${name} » ${savedAs(switched)} avec succès`;
export const categoryDeleted = (name: string) => `Catégorie « ${name} » supprimée avec succès`;
export const categoryImageUpdated = (name: string) => `Image de la catégorie « ${name} » mise à jour`;

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
  /** By order number, client name or phone, newest first. */
  orders: z.array(
    z.object({
      id: z.number(),
      order_number: z.string(),
      client_name: z.string(),
      status: z.enum(ORDER_STATUSES),
      total_amount: z.number(),
      created_at: z.string(),
    }),
  ),
  /** Customers by name, e-mail or phone, newest first. */
  customers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      email: z.string().nullable(),
      whatsapp_phone: z.string().nullable(),
      status: z.enum(['active', 'blocked']),
    }),
  ),
});
export type AdminSearchResults = z.infer<typeof AdminSearchResultsSchema>;

export const AdminNotificationsSchema = z.object({
  /** Orders waiting for the shop (en_attente): the bell's number. */
  pending_orders: z.number(),
  /** Why the shop's automatic WhatsApp messages cannot leave (its token refused); null while they can. */
  whatsapp_outage: z.string().nullable(),
  /** The customers' WhatsApp messages not yet marked read; null without the Cloud API (the shop reads none). */
  whatsapp_inbox: WhatsappInboxSchema.nullable(),
});
export type AdminNotifications = z.infer<typeof AdminNotificationsSchema>;

// ---- Products ('Gestion des produits', the product form) ----

export const AdminProductIdParamsSchema = z.object({ id: idSchema('ID de produit invalide') });

export const PRODUCT_NAME_REQUIRED = 'Le nom du produit est obligatoire';
export const PRODUCT_DESCRIPTION_REQUIRED = 'La description du produit est obligatoire';
export const PRODUCT_PRICE_INVALID = howToWriteAmount('le prix de base');
export const PRODUCT_CATEGORY_REQUIRED = 'La catégorie est obligatoire';

/** An additional image in JSON (images[] with data, alt_text, title, sort_order). */
export const ProductImageInputSchema = z.object({
  data: ImageUploadSchema,
  alt_text: optionalText(200, 'Le texte alternatif ne peut pas dépasser 200 caractères').optional(),
  title: optionalText(200, 'Le titre ne peut pas dépasser 200 caractères').optional(),
  sort_order: sortOrderSchema().optional(),
});

/** A multipart form sends one file per `images` part: one or several, read as a list. */
const imageList = z.preprocess(
  (value) => (value === undefined || Array.isArray(value) ? value : [value]),
  z
    .array(
      z.preprocess(
        (value) => (value instanceof Uint8Array || typeof value === 'string' ? { data: value } : value),
        ProductImageInputSchema,
      ),
    )
    .max(PRODUCT_IMAGES_MAX, { error: `${PRODUCT_IMAGES_MAX} images supplémentaires au plus par envoi` }),
);

/** A product's name and description, as the product form and the bulk creation rows check them. */
export const ProductNameSchema = z
  .string({ error: PRODUCT_NAME_REQUIRED })
  .trim()
  .min(1, { error: PRODUCT_NAME_REQUIRED })
  .max(PRODUCT_NAME_MAX_LENGTH, {
    error: `Le nom du produit ne peut pas dépasser ${PRODUCT_NAME_MAX_LENGTH} caractères`,
  });
export const ProductDescriptionSchema = z
  .string({ error: PRODUCT_DESCRIPTION_REQUIRED })
  .trim()
  .min(1, { error: PRODUCT_DESCRIPTION_REQUIRED })
  .max(DESCRIPTION_MAX_LENGTH, {
    error: `La description ne peut pas dépasser ${DESCRIPTION_MAX_LENGTH} caractères`,
  });

const productFields = {
  name: ProductNameSchema,
  description: ProductDescriptionSchema,
  base_price: typedPriceSchema(PRODUCT_PRICE_INVALID),
  category_id: z
    .union([z.literal('').transform(() => undefined), z.undefined(), idSchema(PRODUCT_CATEGORY_REQUIRED)])
    .pipe(z.number({ error: PRODUCT_CATEGORY_REQUIRED })),
  sort_order: sortOrderSchema().optional(),
  is_active: booleanField('Le statut doit être actif ou inactif').optional(),
  image_main: ImageUploadSchema.optional(),
  images: imageList.optional(),
};

/** POST /admin/products: JSON (images as data URLs) or multipart (files). */
export const CreateProductInputSchema = z.object(productFields);
export type CreateProductInput = z.output<typeof CreateProductInputSchema>;

/** PUT /admin/products/:id: any of the fields (a toggle sends only is_active). */
export const UpdateProductInputSchema = z.object(productFields).partial();
export type UpdateProductInput = z.output<typeof UpdateProductInputSchema>;

export const PRODUCT_CREATED = 'Produit créé avec succès';
export const PRODUCT_UPDATED = 'Produit mis à jour avec succès';
export const PRODUCT_DELETED = 'Produit supprimé avec succès';

export const PRODUCT_SORT_FIELDS = ['name', 'created_at', 'base_price'] as const;
/** The six sorts of the filter panel, as sort_by + sort_order. */
export const PRODUCT_SORT_CHOICES = {
  'name-asc': 'Nom (A-Z)',
  'name-desc': 'Nom (Z-A)',
  'created_at-desc': 'Plus récents',
  'created_at-asc': 'Plus anciens',
  'base_price-asc': 'Prix croissant',
  'base_price-desc': 'Prix décroissant',
} as const;
export type ProductSortChoice = keyof typeof PRODUCT_SORT_CHOICES;

export const AdminProductListQuerySchema = z.object({
  page: PageSchema.default(1),
  per_page: ProductsPerPageSchema.default(ADMIN_PRODUCTS_PER_PAGE),
  search: SearchTextSchema.optional(),
  status: z.enum(['active', 'inactive'], { error: 'Filtre de statut inconnu' }).optional(),
  category_id: idSchema('Catégorie invalide').optional(),
  sort_by: z.enum(PRODUCT_SORT_FIELDS, { error: 'Tri inconnu' }).default('created_at'),
  sort_order: SortOrderSchema.default('desc'),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuerySchema>;

export const AdminProductSchema = ProductSummarySchema.extend({
  is_active: z.boolean(),
  sort_order: z.number(),
  /** The lowest active variant price, or null for a single-price product. */
  min_price: z.number().nullable(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductListSchema = z.object({
  products: z.array(AdminProductSchema),
  pagination: PaginationSchema,
  /** Over the whole filtered set, not the page (page-only counts were a flaw of the original shop). */
  counters: z.object({
    total: z.number(),
    active: z.number(),
    inactive: z.number(),
    categories: z.number(),
  }),
});
export type AdminProductList = z.infer<typeof AdminProductListSchema>;

export const AdminProductDetailSchema = AdminProductSchema.extend({
  images: z.array(ImageRefSchema),
});
export type AdminProductDetail = z.infer<typeof AdminProductDetailSchema>;

export const AdminProductEnvelopeSchema = z.object({ product: AdminProductDetailSchema });
