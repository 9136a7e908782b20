import type { MetaDescriptor } from 'react-router';

export const SHOP_NAME = 'Souk';

/** The header's colour: the phone's browser bar and the installed app's title bar blend into it. */
export const THEME_COLOR = '#064e3b';
/** The pages' background (app.css), shown by an installed app while it starts. */
export const PAGE_BACKGROUND = '#fbf8f3';

/** Title, description, canonical and Open Graph tags for a public page (WhatsApp link previews read og:*). */
export function pageMeta(input: {
  title: string;
  description: string;
  url: string;
  image?: string | null;
  type?: 'website' | 'product';
  extra?: MetaDescriptor[];
}): MetaDescriptor[] {
  const title = input.title.includes(SHOP_NAME) ? input.title : `${input.title} | ${SHOP_NAME}`;
  const description = input.description.replace(/\s+/g, ' ').trim().slice(0, 160);
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: input.url },
    { property: 'og:site_name', content: SHOP_NAME },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: input.url },
    ...(input.image ? [{ property: 'og:image', content: input.image }] : []),
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
    ...(input.extra ?? []),
  ];
}

/** '/media/x-640.webp' → 'https://shop.example/media/x-640.webp' */
export const absoluteUrl = (publicUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;
