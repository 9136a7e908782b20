import { z } from 'zod';
import { PRODUCTS_DEFAULT_PER_PAGE, PRODUCTS_MAX_PER_PAGE } from './limits.ts';

// ---- Request schemas (shared by the API's validation and the web's forms) ----

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

export const ProductIdSchema = z
  .string({ error: 'ID de produit manquant' })
  .min(1, { error: 'ID de produit manquant' })
  .regex(/^\d+$/, { error: 'ID de produit invalide' })
  .transform(Number);

export const ProductIdParamsSchema = z.object({ id: ProductIdSchema });
export const VariantIdParamsSchema = z.object({
  id: z.string().regex(/^\d+$/, { error: 'ID de variante invalide' }).transform(Number),
});
/** A category is addressed by its numeric id or its slug. */
export const CategoryRefParamsSchema = z.object({
  idOrSlug: z.string().min(1).max(140, { error: 'Catégorie invalide' }),
});
export const ProductSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(140)
    .regex(/^[a-z0-9-]+$/, { error: 'Produit non trouvé' }),
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

const price = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message }).optional();

export const ProductListQuerySchema = z
  .object({
    category_id: positiveId('Catégorie invalide').optional(),
    subcategory_id: positiveId('Sous-catégorie invalide').optional(),
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
    page: z.coerce
      .number({ error: 'Page invalide' })
      .int({ error: 'Page invalide' })
      .min(1, { error: 'Page invalide' })
      .default(1),
    per_page: z.coerce
      .number({ error: 'Nombre de produits par page invalide' })
      .int({ error: 'Nombre de produits par page invalide' })
      .min(1, { error: 'Nombre de produits par page invalide' })
      .max(PRODUCTS_MAX_PER_PAGE, { error: `${PRODUCTS_MAX_PER_PAGE} produits par page au maximum` })
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
