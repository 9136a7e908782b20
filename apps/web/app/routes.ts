import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// The storefront's and the back office's routes.
export default [
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('manifest.webmanifest', 'routes/web-manifest.ts'),
  // What the service worker shows offline for a page the phone holds no copy of (no shop layout).
  route('offline', 'routes/offline.tsx'),
  layout('routes/shop-layout.tsx', [
    index('routes/home.tsx'),
    route('catalog', 'routes/catalog.tsx'),
    route('catalog/:categorySlug', 'routes/catalog-category.tsx'),
    route('catalog/:categorySlug/:subcategorySlug', 'routes/catalog-subcategory.tsx'),
    // One page at two addresses: by id, and by slug (whose canonical URL, in meta, is the first).
    route('products/:id', 'routes/product.tsx'),
    route('product/:slug', 'routes/product.tsx', { id: 'product-by-slug' }),
    route('search', 'routes/search.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('order-success', 'routes/order-success.tsx'),
    // An order followed by its link, without an account (docs/decisions/0040).
    route('suivi/:token', 'routes/order-tracking.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('test', 'routes/test.tsx'),
  // Auth screens: no shop header or footer. /login and /register are aliases.
  route('auth/login', 'routes/auth-login.tsx', { id: 'auth-login' }),
  route('login', 'routes/auth-login.tsx', { id: 'login' }),
  route('auth/register', 'routes/auth-register.tsx', { id: 'auth-register' }),
  route('register', 'routes/auth-register.tsx', { id: 'register' }),
  route('auth/quick-register', 'routes/auth-quick-register.tsx'),
  route('auth/forgot-password', 'routes/auth-forgot-password.tsx'),
  route('auth/reset-password', 'routes/auth-reset-password.tsx'),
  route('auth/logout', 'routes/auth-logout.ts'),
  // 'Exporter' of the orders screen: a download (no page), sent on to the API's CSV once the admin is checked.
  route('admin/orders/export', 'routes/download-admin-orders.ts'),
  // The report's 'Télécharger le CSV', likewise.
  route('admin/report/export', 'routes/download-admin-report.ts'),
  // 'Télécharger une sauvegarde': the whole shop's archive, sent on to the API once the admin is checked.
  route('admin/backup/download', 'routes/download-admin-backup.ts'),
  // Back office: every loader and action checks the admin on the server.
  layout('routes/admin-layout.tsx', [
    route('admin', 'routes/admin-dashboard.tsx'),
    route('admin/report', 'routes/admin-report.tsx'),
    route('admin/search', 'routes/admin-search.tsx'),
    route('admin/categories', 'routes/admin-categories.tsx'),
    route('admin/products', 'routes/admin-products.tsx'),
    route('admin/orders', 'routes/admin-orders.tsx'),
    route('admin/customers', 'routes/admin-customers.tsx'),
    route('admin/banners', 'routes/admin-banners.tsx'),
    route('admin/backup', 'routes/admin-backup.tsx'),
  ]),
] satisfies RouteConfig;
