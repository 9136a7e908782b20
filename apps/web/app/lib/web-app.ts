import { PAGE_BACKGROUND, SHOP_NAME, THEME_COLOR } from './seo.ts';

// The shop as an app a phone can install (docs/decisions/0036): its manifest, and the icons the
// build draws from public/logo.svg (web-app-build.ts) at the addresses named here.

export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/** What an iPhone shows on its home screen (it reads no manifest icons). */
export const APPLE_TOUCH_ICON = '/icons/souk-192.png';

/** Each icon the build draws: Android wants 192 and 512 px, and one it may crop to its own shape. */
export const APP_ICONS = [
  { src: APPLE_TOUCH_ICON, size: 192, purpose: 'any' },
  { src: '/icons/souk-512.png', size: 512, purpose: 'any' },
  // The mark inside the middle 80 %, on the header's colour to the edges: any mask keeps it whole.
  { src: '/icons/souk-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/**
 * The head's links of every page: its icon and the iPhone's. Written by the server
 * (entry.server.tsx) where it holds the page's scripts back, so they cost no script on any page.
 * The manifest's link is not among them: Chromium fetches a linked manifest, and the icon it names,
 * while the page loads, ahead of its main picture (Lighthouse counted 150 ms more for the product
 * page's LCP). The page's offline script links it once the page has loaded and painted.
 */
export const APP_HEAD_LINKS = [
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
  `<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON}"/>`,
].join('');

export function webAppManifest() {
  return {
    id: '/',
    name: `${SHOP_NAME} — Parfums & cosmétiques naturels`,
    short_name: SHOP_NAME,
    description:
      'Parfums naturels, huiles essentielles, savons artisanaux et cosmétiques, prix en FCFA, commande confirmée sur WhatsApp.',
    lang: 'fr',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: PAGE_BACKGROUND,
    theme_color: THEME_COLOR,
    categories: ['shopping'],
    icons: APP_ICONS.map(({ src, size, purpose }) => ({
      src,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
  };
}
