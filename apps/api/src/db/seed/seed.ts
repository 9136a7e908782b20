// The demo shop: categories, products, variants, pictures and banners, inserted once; with
// `orders`, its customers and two months of orders too (demo-orders.ts).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { slugify } from '@souk/domain/text';
import type { ProcessedImage } from '../../modules/media/image-pipeline.ts';
import { imageColumns, pictureColumns } from '../../modules/media/image-upload.ts';
import type { Db } from '../client.ts';
import { banners, categories, product_media, product_variants, products } from '../schema.ts';
import {
  type BannerData,
  banners as bannerData,
  type CategoryData,
  catalog,
  type ProductData,
  variantSku,
} from './catalog-data.ts';
import { DEMO_ORDER_DAYS, seedDemoOrders } from './demo-orders.ts';
import {
  bannerSvg,
  categorySvg,
  generatePicture,
  mapLimit,
  type PictureSubject,
  productSvg,
} from './images.ts';

const DAY_MS = 86_400_000;
/** Pictures generated at once (sharp itself uses the other cores). */
const IMAGE_CONCURRENCY = 2;

type FlatCategory = { data: CategoryData; slug: string; parentSlug: string | null; sortOrder: number };
type FlatProduct = { data: ProductData; slug: string; category: FlatCategory; sortOrder: number };

function flatten(): { cats: FlatCategory[]; prods: FlatProduct[] } {
  const cats: FlatCategory[] = [];
  const prods: FlatProduct[] = [];
  const visit = (data: CategoryData, parentSlug: string | null, sortOrder: number) => {
    const cat = { data, slug: slugify(data.name), parentSlug, sortOrder };
    cats.push(cat);
    data.products.forEach((p, i) => {
      prods.push({ data: p, slug: slugify(p.name), category: cat, sortOrder: i });
    });
    data.children?.forEach((child, i) => {
      visit(child, cat.slug, i);
    });
  };
  catalog.forEach((c, i) => {
    visit(c, null, i);
  });
  return { cats, prods };
}

function subjectOf(p: FlatProduct): PictureSubject {
  return {
    slug: p.slug,
    name: p.data.name,
    label: p.data.label,
    detail: p.data.variants[0]?.[0],
    kind: p.data.kind ?? p.category.data.kind,
    hue: p.category.data.hue,
  };
}

/** The first active products of a category and its subcategories, for its group picture. */
function showcase(slug: string, prods: FlatProduct[], cats: FlatCategory[]): PictureSubject[] {
  const inside = new Set([slug, ...cats.filter((c) => c.parentSlug === slug).map((c) => c.slug)]);
  const own = prods.filter((p) => inside.has(p.category.slug) && p.data.isActive !== false);
  // One per subcategory first, so a main category shows its variety.
  const picked: FlatProduct[] = [];
  for (const s of inside) {
    const first = own.find((p) => p.category.slug === s && !picked.includes(p));
    if (first && s !== slug) picked.push(first);
  }
  for (const p of own) if (!picked.includes(p)) picked.push(p);
  return picked.slice(0, 3).map(subjectOf);
}

function bannerCategorySlug(banner: BannerData): string {
  return banner.linkUrl.split('/').filter(Boolean).pop() ?? '';
}

export async function seedDemoShop(
  db: Db,
  mediaDir: string,
  options: { log?: (msg: string) => void; orders?: boolean } = {},
): Promise<{ seeded: boolean }> {
  const log = options.log ?? (() => {});
  const existing = await db.select({ id: categories.id }).from(categories).limit(1);
  if (existing.length > 0) {
    log('Boutique de démonstration : le catalogue existe déjà, rien à faire.');
    return { seeded: false };
  }

  const { cats, prods } = flatten();
  const started = Date.now();

  // Pictures first, outside the transaction: it stays short and holds no lock while sharp works.
  type Job = { svg: () => string };
  const categoryJobs: Job[] = cats.map((c) => ({
    svg: () =>
      categorySvg({ slug: c.slug, name: c.data.name, hue: c.data.hue }, showcase(c.slug, prods, cats)),
  }));
  const productJobs: { product: FlatProduct; angle: 0 | 1; svg: () => string }[] = prods.flatMap((p) =>
    (p.data.twoImages ? ([0, 1] as const) : ([0] as const)).map((angle) => ({
      product: p,
      angle,
      svg: () => productSvg(subjectOf(p), angle),
    })),
  );
  const bannerJobs: Job[] = bannerData.map((b) => ({
    svg: () => {
      const slug = bannerCategorySlug(b);
      const parent = cats.find((c) => c.slug === slug)?.parentSlug;
      const items = showcase(slug, prods, cats);
      return bannerSvg(b, items.length > 0 ? items : showcase(parent ?? '', prods, cats));
    },
  }));
  const jobs = [...categoryJobs, ...productJobs, ...bannerJobs];
  const images: ProcessedImage[] = await mapLimit(jobs, IMAGE_CONCURRENCY, (job) =>
    generatePicture(job.svg(), mediaDir),
  );
  const categoryImages = images.slice(0, categoryJobs.length);
  const productImages = images.slice(categoryJobs.length, categoryJobs.length + productJobs.length);
  const bannerImages = images.slice(categoryJobs.length + productJobs.length);
  const imageSeconds = (Date.now() - started) / 1000;

  let inserted = false;
  let demo = null as { customers: number; orders: number } | null;
  try {
    inserted = await db.transaction(async (tx) => {
      // A concurrent seed may have won the race since the first check.
      const again = await tx.select({ id: categories.id }).from(categories).limit(1);
      if (again.length > 0) return false;

      const now = Date.now();
      const categoryIds = new Map<string, number>();
      for (const parentLevel of [true, false]) {
        const level = cats
          .map((c, i) => ({ c, image: categoryImages[i] }))
          .filter(({ c }) => (c.parentSlug === null) === parentLevel);
        const rows = await tx
          .insert(categories)
          .values(
            level.map(({ c, image }) => ({
              parent_id: c.parentSlug === null ? null : (categoryIds.get(c.parentSlug) as number),
              name: c.data.name,
              slug: c.slug,
              description: c.data.description,
              ...(image ? pictureColumns(image) : {}),
              sort_order: c.sortOrder,
              is_active: c.data.isActive !== false,
            })),
          )
          .returning({ id: categories.id, slug: categories.slug });
        for (const row of rows) categoryIds.set(row.slug, row.id);
      }

      const productRows = await tx
        .insert(products)
        .values(
          prods.map((p) => {
            const created = new Date(now - p.data.daysAgo * DAY_MS).toISOString();
            return {
              category_id: categoryIds.get(p.category.slug) as number,
              name: p.data.name,
              slug: p.slug,
              description: p.data.description,
              base_price: p.data.basePrice,
              sort_order: p.sortOrder,
              is_active: p.data.isActive !== false,
              created_at: created,
              updated_at: created,
            };
          }),
        )
        .returning({ id: products.id, slug: products.slug });
      const productIds = new Map(productRows.map((r) => [r.slug, r.id]));

      const variantRows = prods.flatMap((p) =>
        p.data.variants.map(([name, price, stock, active], i) => ({
          product_id: productIds.get(p.slug) as number,
          name,
          price,
          sku: variantSku(p.data.sku, name),
          stock_quantity: stock ?? null,
          is_active: active !== false,
          sort_order: i,
        })),
      );
      if (variantRows.length > 0) await tx.insert(product_variants).values(variantRows);

      await tx.insert(product_media).values(
        productJobs.map((job, i) => {
          const image = productImages[i] as ProcessedImage;
          return {
            product_id: productIds.get(job.product.slug) as number,
            type: 'image' as const,
            ...imageColumns(image),
            mime_type: 'image/webp',
            alt: job.product.data.name,
            sort_order: job.angle,
          };
        }),
      );

      await tx.insert(banners).values(
        bannerData.map((b, i) => {
          const image = bannerImages[i] as ProcessedImage;
          return {
            title: b.title,
            subtitle: b.subtitle,
            link_url: b.linkUrl,
            ...pictureColumns(image),
            position: i,
            is_active: b.isActive !== false,
          };
        }),
      );
      if (options.orders) demo = await seedDemoOrders(tx);
      return true;
    });
  } finally {
    if (!inserted) {
      // The rows are not there: their files must not be either.
      await Promise.all(
        images.flatMap((image) =>
          image.widths.map((w) => rm(path.join(mediaDir, `${image.key}-${w}.webp`), { force: true })),
        ),
      );
    }
  }
  if (!inserted) {
    log('Boutique de démonstration : le catalogue existe déjà, rien à faire.');
    return { seeded: false };
  }

  const variantCount = prods.reduce((sum, p) => sum + p.data.variants.length, 0);
  log(
    `Boutique de démonstration créée : ${cats.length} catégories, ${prods.length} produits, ${variantCount} variantes, ` +
      `${bannerData.length} bannières, ${images.length} images en ${imageSeconds.toFixed(1)} s` +
      (demo ? `, ${demo.customers} clients et ${demo.orders} commandes sur ${DEMO_ORDER_DAYS} jours.` : '.'),
  );
  return { seeded: true };
}
