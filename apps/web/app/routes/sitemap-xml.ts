import type { ProductSummary } from '@souk/domain/catalog';
import { PRODUCTS_MAX_PER_PAGE } from '@souk/domain/limits';
import { api, dataOrThrow, serverConfig } from '~/lib/api.server';
import type { Route } from './+types/sitemap-xml';

type Entry = { path: string; lastmod?: string };

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

async function allProducts(context: Route.LoaderArgs['context']): Promise<ProductSummary[]> {
  const products: ProductSummary[] = [];
  for (let page = 1; ; page += 1) {
    const list = dataOrThrow(
      await api(context).get('/products', { query: { per_page: PRODUCTS_MAX_PER_PAGE, page } }),
    );
    products.push(...list.products);
    if (page >= list.pagination.last_page || list.products.length === 0) return products;
  }
}

/** Every public page a crawler should know: static pages, active categories and subcategories, active products. */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = serverConfig(context);
  let entries: Entry[];
  try {
    const [{ categories }, products] = await Promise.all([
      api(context).get('/categories').then(dataOrThrow),
      allProducts(context),
    ]);
    entries = [
      { path: '/' },
      { path: '/catalog' },
      { path: '/terms' },
      { path: '/privacy' },
      ...categories.flatMap((category) => [
        { path: `/catalog/${category.slug}` },
        ...category.subcategories.map((sub) => ({ path: `/catalog/${category.slug}/${sub.slug}` })),
      ]),
      ...products.map((product) => ({
        path: `/products/${product.id}`,
        lastmod: product.created_at.slice(0, 10),
      })),
    ];
  } catch {
    return new Response('Sitemap indisponible', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' },
    });
  }
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(`${publicUrl}${entry.path}`)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
}
