import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

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
    route('cart', 'routes/cart.tsx'),
    route('order-success', 'routes/order-success.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('test', 'routes/test.tsx'),
  // Auth screens: no shop header or footer (spec §2). /login and /register are aliases.
  route('auth/login', 'routes/auth-login.tsx', { id: 'auth-login' }),
  route('login', 'routes/auth-login.tsx', { id: 'login' }),
  route('auth/register', 'routes/auth-register.tsx', { id: 'auth-register' }),
  route('register', 'routes/auth-register.tsx', { id: 'register' }),
  route('auth/quick-register', 'routes/auth-quick-register.tsx'),
  route('auth/forgot-password', 'routes/auth-forgot-password.tsx'),
  route('auth/reset-password', 'routes/auth-reset-password.tsx'),
  route('auth/logout', 'routes/auth-logout.ts'),
] satisfies RouteConfig;
