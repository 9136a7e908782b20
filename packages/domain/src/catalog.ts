import { z } from 'zod';
import { PRODUCTS_DEFAULT_PER_PAGE, PRODUCTS_MAX_PER_PAGE } from './limits.ts';
import { IdSchema, idSchema, isDigits, PageSchema, priceSchema, wholeNumber } from './primitives.ts';

// ---- Request schemas (shared by the API's validation and the web's forms) ----

export const ProductIdSchema = z
  .preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    idSchema('ID de produit invalide').optional(),
  )
  .refine((v) => v !== undefined, { error: 'ID de produit manquant' })
  .transform((v) => v as number);

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

const price = (message: string) => priceSchema(message).optional();

export const ProductListQuerySchema = z
  .object({
    category_id: idSchema('Catégorie invalide').optional(),
    subcategory_id: idSchema('Sous-catégorie invalide').optional(),
    search: z
      .string()
      .trim()
      .max(100, { error: 'La recherche est trop longue (100 caractères au plus)' })
      .optional(),
    min_price: price('Le prix minimum doit être un nombre entier positif'),
    max_price: price('Le prix maximum doit être un nombre entier positif'),
    sort: z.enum(PRODUCT_SORTS, { error: 'Tri inconnu' }).optional(),
    sort_by: z.enum(PRODUCT_SORTS, { error: 'Tri inconnu' }).optional(),
    sort_order: z.enum(['asc', 'desc'], { error: "L'ordre de tri doit être asc ou desc" }).optional(),
    page: PageSchema.default(1),
    per_page: wholeNumber('Nombre de produits par page invalide')
      .pipe(
        z
          .number()
          .min(1, { error: 'Nombre de produits par page invalide' })
          .max(PRODUCTS_MAX_PER_PAGE, { error: `${PRODUCTS_MAX_PER_PAGE} produits par page au maximum` }),
      )
      .default(PRODUCTS_DEFAULT_PER_PAGE),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    error: 'Le prix minimum doit être inférieur ou égal au prix maximum',
    path: ['min_price'],
  });
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

// ---- Response shapes (the API's mappers produce them, the web reads them) ----

export type ImageRef = {
  id: number;
  /** Middle width, for places that take one URL (og:image, legacy clients). */
  url: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
  title: string | null;
};

export type VideoRef = { id: number; url: string; title: string | null; alt: string };

export type CategoryLink = { id: number; name: string; slug: string };

export type CategorySummary = CategoryLink & {
  description: string | null;
  image_main: string | null;
  image: ImageRef | null;
  parent_id: number | null;
  sort_order: number;
  products_count: number;
  subcategories_count: number;
};

export type CategoryDetail = CategorySummary & {
  parent: CategoryLink | null;
  subcategories: CategorySummary[];
  images: ImageRef[];
};

export type Variant = {
  id: number;
  product_id: number;
  name: string;
  price: number;
  sku: string;
  /** null = unlimited stock */
  stock_quantity: number | null;
  in_stock: boolean;
  is_active: boolean;
  sort_order: number;
};

export type ProductSummary = {
  id: number;
  slug: string;
  name: string;
  description: string;
  base_price: number;
  /** Lowest active variant price, or base_price when the product has no variant. */
  price: number;
  image_main: string | null;
  image: ImageRef | null;
  category_id: number;
  category: (CategoryLink & { image_main: string | null; parent: CategoryLink | null }) | null;
  variants_count: number;
  is_available: boolean;
  created_at: string;
};

export type ProductDetail = ProductSummary & {
  variants: Variant[];
  images: ImageRef[];
  videos: VideoRef[];
};

export type ProductList = { products: ProductSummary[]; pagination: import('./api.ts').Pagination };

export type Banner = {
  id: number;
  title: string;
  subtitle: string | null;
  image_url: string;
  image: ImageRef | null;
  link_url: string | null;
  position: number;
  active: boolean;
};

export type ProductSuggestions = {
  similar_products: ProductSummary[];
  popular_in_category: ProductSummary[];
  recent_products: ProductSummary[];
};

/** GET /suggestions/cart: never a product already in the cart, only active ones. */
export type CartSuggestions = {
  complementary: ProductSummary[];
  frequently_bought_together: ProductSummary[];
  similar_products: ProductSummary[];
  popular_products: ProductSummary[];
  recent_products: ProductSummary[];
};
