// The storefront while the back office bulk-creates 50 products with their pictures: the product
// page's latency idle, then while the batch runs (POST /api/admin/products/batch, multipart, one
// ~1 MB JPEG per product). The images are re-encoded by sharp one at a time, off the event loop;
// this shows what a visitor pays meanwhile.
import sharp from 'sharp';
import { adminToken } from './admin.ts';
import { type LoadOptions, type LoadResult, measure } from './load.ts';

export const BULK_ADMIN = { email: 'bench-admin@souk.test', password: 'motdepasse-bench-admin' };
export const BULK_PRODUCTS = 50;

export type BulkResult = {
  products: number;
  imageBytes: number;
  idle: LoadResult;
  during: LoadResult;
  /** Seconds from the first byte sent to the answer. */
  batchS: number;
  status: number;
  message: string;
};

/** A photo-like JPEG (noise compresses like a real picture, unlike a flat colour). */
async function photo(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * `pagePath` idle for `options`, then again while a batch of BULK_PRODUCTS products runs; the
 * measured run starts with the upload and lasts `options.durationS`, so it overlaps the image work.
 */
export async function measureDuringBulk(
  origin: string,
  pagePath: string,
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<BulkResult> {
  const token = await adminToken(origin, BULK_ADMIN);
  const categories = (await (await fetch(`${origin}/api/categories`)).json()) as {
    data?: { categories?: { id: number }[] };
  };
  const categoryId = categories.data?.categories?.[0]?.id;
  if (!categoryId) throw new Error('no category to fill');
  const images = await Promise.all(Array.from({ length: BULK_PRODUCTS }, (_, i) => photo(i)));
  const stamp = Date.now().toString(36);
  const form = new FormData();
  form.set('category_id', String(categoryId));
  form.set(
    'products',
    JSON.stringify(
      images.map((_, i) => ({
        name: `Coffret du banc d'essai ${stamp} ${i + 1}`,
        description: 'Créé par le banc d’essai pendant la mesure de la boutique.',
        base_price: 5000 + i * 100,
        is_active: false,
      })),
    ),
  );
  for (const [i, bytes] of images.entries())
    form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `photo-${i + 1}.jpg`);

  const url = `${origin}${pagePath}`;
  const idle = await measure(url, options, headers);

  const started = performance.now();
  let batchS = Number.NaN;
  const batch = fetch(`${origin}/api/admin/products/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (res) => {
    batchS = (performance.now() - started) / 1000;
    const body = (await res.json()) as { message?: string };
    return { status: res.status, message: body.message ?? '' };
  });
  const during = await measure(url, { ...options, warmupS: 0 }, headers);
  const answer = await batch;
  return {
    products: BULK_PRODUCTS,
    imageBytes: images.reduce((sum, image) => sum + image.length, 0),
    idle,
    during,
    batchS: Math.round(batchS * 10) / 10,
    ...answer,
  };
}
