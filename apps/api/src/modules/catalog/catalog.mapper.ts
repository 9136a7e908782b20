import type { AdminCategory, AdminCategoryDetail, AdminProduct } from '@souk/domain/admin-catalog';
import type {
  CategoryDetail,
  CategorySummary,
  ImageRef,
  ProductDetail,
  ProductSummary,
  Variant,
  VideoRef,
} from '@souk/domain/catalog';
import type { product_media, product_variants } from '../../db/schema.ts';
import { toImageRef } from '../media/media.mapper.ts';
import type { CategoryRow, ProductRow } from './catalog.repository.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

export function toCategorySummary(row: CategoryRow): CategorySummary {
  const image = toImageRef(
    { key: row.image_key, width: row.image_width, height: row.image_height, id: row.id },
    row.name,
  );
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image_main: image?.url ?? null,
    image,
    parent_id: row.parent_id,
    sort_order: row.sort_order,
    products_count: row.products_count,
    subcategories_count: row.subcategories_count,
  };
}

export function toCategoryDetail(
  row: CategoryRow,
  parent: CategoryRow | null,
  subcategories: CategoryRow[],
): CategoryDetail {
  const summary = toCategorySummary(row);
  return {
    ...summary,
    parent: parent ? { id: parent.id, name: parent.name, slug: parent.slug } : null,
    subcategories: subcategories.map(toCategorySummary),
    images: summary.image ? [summary.image] : [],
  };
}

export function toProductSummary(row: ProductRow): ProductSummary {
  const image = toImageRef(
    {
      id: row.image_id,
      key: row.image_path,
      widths: row.image_widths,
      width: row.image_width,
      height: row.image_height,
      alt: row.image_alt,
      title: row.image_title,
    },
    row.name,
  );
  const categoryImage = toImageRef(
    { key: row.category_image_key, width: row.category_image_width, height: row.category_image_height },
    row.category_name,
  );
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    base_price: row.base_price,
    price: row.min_price ?? row.base_price,
    image_main: image?.url ?? null,
    image,
    category_id: row.category_id,
    category: {
      id: row.category_id,
      name: row.category_name,
      slug: row.category_slug,
      image_main: categoryImage?.url ?? null,
      parent: row.parent_id
        ? { id: row.parent_id, name: row.parent_name ?? '', slug: row.parent_slug ?? '' }
        : null,
    },
    variants_count: row.variants_count,
    is_available: row.variants_count === 0 ? true : Boolean(row.available),
    created_at: iso(row.created_at),
  };
}

type VariantRow = typeof product_variants.$inferSelect;
type MediaRow = typeof product_media.$inferSelect;

export const toVariant = (v: VariantRow): Variant => ({
  id: v.id,
  product_id: v.product_id,
  name: v.name,
  price: v.price,
  sku: v.sku,
  stock_quantity: v.stock_quantity,
  in_stock: v.stock_quantity === null || v.stock_quantity > 0,
  is_active: v.is_active,
  sort_order: v.sort_order,
});

export function toMediaRefs(
  media: MediaRow[],
  productName: string,
): { images: ImageRef[]; videos: VideoRef[] } {
  const images: ImageRef[] = [];
  const videos: VideoRef[] = [];
  for (const m of media) {
    if (m.type === 'video') {
      videos.push({ id: m.id, url: `/media/${m.path}`, title: m.title, alt: m.alt || productName });
      continue;
    }
    const ref = toImageRef(
      {
        id: m.id,
        key: m.path,
        widths: m.widths,
        width: m.width,
        height: m.height,
        alt: m.alt,
        title: m.title,
      },
      productName,
    );
    if (ref) images.push(ref);
  }
  return { images, videos };
}

export function toProductDetail(row: ProductRow, variants: VariantRow[], media: MediaRow[]): ProductDetail {
  return { ...toProductSummary(row), variants: variants.map(toVariant), ...toMediaRefs(media, row.name) };
}

export function toAdminCategory(row: CategoryRow): AdminCategory {
  return {
    ...toCategorySummary(row),
    is_active: row.is_active,
    created_at: iso(row.created_at),
    direct_products_count: row.direct_products_count,
  };
}

/** A product as the back office lists it: with its status, order, and single price or lowest one. */
export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    ...toProductSummary(row),
    is_active: row.is_active,
    sort_order: row.sort_order,
    // null: 'Prix unique' (no variant on sale), the base price applies.
    min_price: row.variants_count > 0 ? row.min_price : null,
  };
}

export function toAdminCategoryProduct(row: ProductRow): AdminCategoryDetail['products'][number] {
  const { id, name, slug, image, base_price, variants_count, is_active, min_price } = toAdminProduct(row);
  return { id, name, slug, image, base_price, variants_count, is_active, min_price };
}
