import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

// Mirrors the storefront spec's route table (§2). Auth, cart, account and admin pages come with their issues.
export default [
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  layout('routes/shop-layout.tsx', [
    index('routes/home.tsx'),
    route('catalog', 'routes/catalog.tsx'),
    route('catalog/:categorySlug', 'routes/catalog-category.tsx'),
    route('catalog/:categorySlug/:subcategorySlug', 'routes/catalog-subcategory.tsx'),
    route('products/:id', 'routes/product.tsx'),
    route('product/:slug', 'routes/product-by-slug.tsx'),
    route('search', 'routes/search.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('test', 'routes/test.tsx'),
] satisfies RouteConfig;
