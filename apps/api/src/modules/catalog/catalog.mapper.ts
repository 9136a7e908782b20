import type { AdminCategory, AdminCategoryDetail, AdminProduct } from '@souk/domain/admin-catalog';
import type { AdminMediaItem, AdminProductMedia } from '@souk/domain/admin-media';
import type {
  CategoryDetail,
  CategorySummary,
  ImageRef,
  ProductDetail,
  ProductSummary,
  Variant,
  VideoRef,
} from '@souk/domain/catalog';
import { iso } from '#shared/mapping.ts';
import type { product_media, product_variants } from '../../db/schema.ts';
import { mediaFileUrl, toFirstImageRef, toImageRef } from '../media/media.mapper.ts';
import type { CategoryRow, ProductRow } from './catalog.repository.ts';

export function toCategorySummary(row: CategoryRow): CategorySummary {
  const image = toImageRef(
    {
      key: row.image_key,
      widths: row.image_widths,
      width: row.image_width,
      height: row.image_height,
      id: row.id,
    },
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
  const image = toFirstImageRef(row, row.name);
  const categoryImage = toImageRef(
    {
      key: row.category_image_key,
      widths: row.category_image_widths,
      width: row.category_image_width,
      height: row.category_image_height,
    },
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
  in_stock: v.in_stock,
  is_active: v.is_active,
  sort_order: v.sort_order,
});

/** An image row's picture. */
const imageOf = (m: MediaRow, fallbackAlt: string) =>
  toImageRef(
    { id: m.id, key: m.path, widths: m.widths, width: m.width, height: m.height, alt: m.alt, title: m.title },
    fallbackAlt,
  );

/**
 * A video's poster frame (image-pipeline files, written once the video is ready): as wide as its
 * widest file, as tall as the video's proportions make it.
 */
function posterOf(m: MediaRow, fallbackAlt: string): ImageRef | null {
  if (!m.poster_path || !m.poster_widths.length) return null;
  const width = Math.max(...m.poster_widths);
  const height = m.width && m.height ? Math.max(1, Math.round((width * m.height) / m.width)) : width;
  return toImageRef(
    { id: m.id, key: m.poster_path, widths: m.poster_widths, width, height, alt: m.alt, title: m.title },
    fallbackAlt,
  );
}

/**
 * What the storefront shows of a product's media: its ready images, and its ready videos with their
 * poster. A video still converting (or whose conversion failed) is not shown.
 */
export function toMediaRefs(
  media: MediaRow[],
  productName: string,
): { images: ImageRef[]; videos: VideoRef[] } {
  const images: ImageRef[] = [];
  const videos: VideoRef[] = [];
  for (const m of media) {
    if (m.status !== 'ready') continue;
    if (m.type === 'video') {
      videos.push({
        id: m.id,
        url: mediaFileUrl(m.path),
        poster: posterOf(m, productName),
        title: m.title,
        alt: m.alt || productName,
      });
      continue;
    }
    const ref = imageOf(m, productName);
    if (ref) images.push(ref);
  }
  return { images, videos };
}

/**
 * The media manager's items, in display order (`media` sorted by sort_order, id), every status;
 * the main image is the first ready image, the product's picture in lists and on its page.
 */
export function toAdminMediaItems(media: MediaRow[]): AdminMediaItem[] {
  const main = media.find((m) => m.type === 'image' && m.status === 'ready');
  return media.map((m) => ({
    id: m.id,
    type: m.type,
    status: m.status,
    progress: m.status === 'ready' ? 1 : m.progress,
    error: m.status === 'failed' ? m.error : null,
    image: m.type === 'image' ? imageOf(m, '') : m.status === 'ready' ? posterOf(m, '') : null,
    video_url: m.type === 'video' && m.status === 'ready' ? mediaFileUrl(m.path) : null,
    duration_seconds: m.duration_seconds,
    alt_text: m.alt,
    title: m.title,
    sort_order: m.sort_order,
    is_main: m.id === main?.id,
    size_bytes: m.size_bytes,
    created_at: iso(m.created_at),
  }));
}

/** GET /admin/products/:id/images: images and videos apart, each in display order, and their counts. */
export function toAdminProductMedia(
  product: { id: number; name: string },
  media: MediaRow[],
): AdminProductMedia {
  const items = toAdminMediaItems(media);
  const images = items.filter((m) => m.type === 'image');
  const videos = items.filter((m) => m.type === 'video');
  return {
    product: { id: product.id, name: product.name },
    images,
    videos,
    counters: { images: images.length, videos: videos.length },
  };
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
