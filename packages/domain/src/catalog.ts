import { z } from 'zod';
import { PaginationSchema } from './api.ts';
import {
  PRODUCTS_DEFAULT_PER_PAGE,
  PRODUCTS_MAX_PER_PAGE,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_CHARS,
  SEARCH_SUGGESTION_PRODUCTS,
} from './limits.ts';
import { IdSchema, idSchema, isDigits, PageSchema, priceSchema, wholeNumber } from './primitives.ts';

// ---- Request schemas (shared by the API's validation and the web's forms) ----

// A missing id ('ID de produit manquant') never reaches the API: '/products/' is the product list.
export const ProductIdSchema = idSchema('ID de produit invalide');

export const ProductIdParamsSchema = z.object({ id: ProductIdSchema });
export const VariantIdParamsSchema = z.object({ id: idSchema('ID de variante invalide') });

const SLUG = /^[a-z0-9-]{1,140}$/;
/** A product or category slug as slugify() makes them. */
export const isSlug = (value: string) => SLUG.test(value);

/** A category is addressed by its numeric id or its slug. */
export const CategoryRefParamsSchema = z.object({
  idOrSlug: z
    .string()
    .trim()
    .min(1, { error: 'Catégorie non trouvée' })
    .max(140, { error: 'Catégorie non trouvée' })
    .transform((value, ctx): { id: number } | { slug: string } => {
      if (isDigits(value)) {
        const id = IdSchema.safeParse(value);
        if (id.success) return { id: id.data };
      } else if (isSlug(value.toLowerCase())) {
        return { slug: value.toLowerCase() };
      }
      ctx.addIssue({ code: 'custom', message: 'Catégorie non trouvée' });
      return z.NEVER;
    }),
});
export const ProductSlugParamsSchema = z.object({
  slug: z.string().refine(isSlug, { error: 'Produit non trouvé' }),
});

export const PRODUCT_SORTS = ['base_price', 'created_at', 'relevance', 'name', 'price'] as const;
/** The search page's four sorts and what they mean for the API. */
export const SEARCH_SORTS = {
  relevance: { sort: 'relevance', sort_order: 'desc' },
  price_asc: { sort: 'base_price', sort_order: 'asc' },
  price_desc: { sort: 'base_price', sort_order: 'desc' },
  newest: { sort: 'created_at', sort_order: 'desc' },
} as const;
export type SearchSort = keyof typeof SEARCH_SORTS;

/** What a search box sends (storefront and back office). */
export const SearchTextSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, {
    error: `La recherche est trop longue (${SEARCH_MAX_LENGTH} caractères au plus)`,
  });

/** How many products one page of a list holds (storefront and back office). */
export const ProductsPerPageSchema = wholeNumber('Nombre de produits par page invalide').pipe(
  z
    .number()
    .min(1, { error: 'Nombre de produits par page invalide' })
    .max(PRODUCTS_MAX_PER_PAGE, { error: `${PRODUCTS_MAX_PER_PAGE} produits par page au maximum` }),
);
export const SortOrderSchema = z.enum(['asc', 'desc'], { error: "L'ordre de tri doit être asc ou desc" });

const price = (message: string) => priceSchema(message).optional();

export const ProductListQuerySchema = z
  .object({
    category_id: idSchema('Catégorie invalide').optional(),
    subcategory_id: idSchema('Sous-catégorie invalide').optional(),
    search: SearchTextSchema.optional(),
    min_price: price('Le prix minimum doit être un nombre entier positif'),
    max_price: price('Le prix maximum doit être un nombre entier positif'),
    sort: z.enum(PRODUCT_SORTS, { error: 'Tri inconnu' }).optional(),
    sort_by: z.enum(PRODUCT_SORTS, { error: 'Tri inconnu' }).optional(),
    sort_order: SortOrderSchema.optional(),
    page: PageSchema.default(1),
    per_page: ProductsPerPageSchema.default(PRODUCTS_DEFAULT_PER_PAGE),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    error: 'Le prix minimum doit être inférieur ou égal au prix maximum',
    path: ['min_price'],
  });
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

// ---- Response shapes (the API serialises through them: a column not listed here never leaves) ----

export const ImageRefSchema = z.object({
  id: z.number(),
  /** Middle width, for places that take one URL (og:image, legacy clients). */
  url: z.string(),
  srcset: z.string(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
  title: z.string().nullable(),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

export const VideoRefSchema = z.object({
  id: z.number(),
  /** An MP4 (H.264/AAC, moov first) every phone browser plays. */
  url: z.string(),
  /** A frame of the video, shown before it plays. */
  poster: ImageRefSchema.nullable(),
  title: z.string().nullable(),
  alt: z.string(),
});
export type VideoRef = z.infer<typeof VideoRefSchema>;

export const CategoryLinkSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export type CategoryLink = z.infer<typeof CategoryLinkSchema>;

export const CategorySummarySchema = CategoryLinkSchema.extend({
  description: z.string().nullable(),
  image_main: z.string().nullable(),
  image: ImageRefSchema.nullable(),
  parent_id: z.number().nullable(),
  sort_order: z.number(),
  products_count: z.number(),
  subcategories_count: z.number(),
});
export type CategorySummary = z.infer<typeof CategorySummarySchema>;

export const CategoryDetailSchema = CategorySummarySchema.extend({
  parent: CategoryLinkSchema.nullable(),
  subcategories: z.array(CategorySummarySchema),
  images: z.array(ImageRefSchema),
});
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;

export const CategoryListSchema = z.object({ categories: z.array(CategoryDetailSchema) });

export const VariantSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  name: z.string(),
  price: z.number(),
  /** Null when the shop gave the variant no code. */
  sku: z.string().nullable(),
  /** null = unlimited stock */
  stock_quantity: z.number().nullable(),
  in_stock: z.boolean(),
  is_active: z.boolean(),
  sort_order: z.number(),
});
export type Variant = z.infer<typeof VariantSchema>;

export const ProductSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  base_price: z.number(),
  /** Lowest active variant price, or base_price when the product has no variant. */
  price: z.number(),
  image_main: z.string().nullable(),
  image: ImageRefSchema.nullable(),
  category_id: z.number(),
  category: CategoryLinkSchema.extend({
    image_main: z.string().nullable(),
    parent: CategoryLinkSchema.nullable(),
  }).nullable(),
  variants_count: z.number(),
  is_available: z.boolean(),
  created_at: z.string(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductMediaSchema = z.object({
  images: z.array(ImageRefSchema),
  videos: z.array(VideoRefSchema),
});
export type ProductMedia = z.infer<typeof ProductMediaSchema>;

export const ProductDetailSchema = ProductSummarySchema.extend({
  variants: z.array(VariantSchema),
  images: z.array(ImageRefSchema),
  videos: z.array(VideoRefSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const ProductListSchema = z.object({
  products: z.array(ProductSummarySchema),
  pagination: PaginationSchema,
});
export type ProductList = z.infer<typeof ProductListSchema>;

/**
 * GET /search/suggestions: what the search box has typed so far. Its products are the first
 * SEARCH_SUGGESTION_PRODUCTS of the same search by relevance, without a total to count.
 */
export const SearchSuggestionsQuerySchema = z.object({
  search: SearchTextSchema.pipe(
    z.string().min(SEARCH_MIN_CHARS, {
      error: `Tapez au moins ${SEARCH_MIN_CHARS} caractères pour rechercher`,
    }),
  ),
});
export type SearchSuggestionsQuery = z.infer<typeof SearchSuggestionsQuerySchema>;

export const SearchSuggestionsSchema = z.object({
  products: z.array(ProductSummarySchema).max(SEARCH_SUGGESTION_PRODUCTS),
});

export const BannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image_url: z.string(),
  image: ImageRefSchema.nullable(),
  link_url: z.string().nullable(),
  position: z.number(),
  active: z.boolean(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const ProductSuggestionsSchema = z.object({
  similar_products: z.array(ProductSummarySchema),
  popular_in_category: z.array(ProductSummarySchema),
  recent_products: z.array(ProductSummarySchema),
});
export type ProductSuggestions = z.infer<typeof ProductSuggestionsSchema>;

/** GET /suggestions/cart: never a product already in the cart, only active ones. */
export const CartSuggestionsSchema = z.object({
  complementary: z.array(ProductSummarySchema),
  frequently_bought_together: z.array(ProductSummarySchema),
  similar_products: z.array(ProductSummarySchema),
  popular_products: z.array(ProductSummarySchema),
  recent_products: z.array(ProductSummarySchema),
});
export type CartSuggestions = z.infer<typeof CartSuggestionsSchema>;
