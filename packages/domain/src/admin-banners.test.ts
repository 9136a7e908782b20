import { describe, expect, it } from 'vitest';
import { BANNER_LINK_INVALID, BannerFormSchema } from './admin-banners.ts';
import { isExternalLink, isSafeBannerLink } from './links.ts';

describe('a banner’s link', () => {
  it.each([
    '/catalog/parfums',
    '/',
    '/search?q=argan#top',
    'https://wa.me/221770000000',
    'http://example.com',
    'HTTPS://EXAMPLE.COM/Offre',
  ])('accepts %s', (link) => {
    expect(isSafeBannerLink(link)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    '//evil.example/phish',
    '/\\evil.example',
    '/\t/evil.example',
    'https://',
    'ftp://example.com/file',
    'catalog/parfums',
    'https://exa mple.com',
  ])('refuses %s', (link) => {
    expect(isSafeBannerLink(link)).toBe(false);
  });

  it('is optional in the form, and refused in French when unsafe', () => {
    expect(BannerFormSchema.parse({ title: 'Offre', link_url: '  ' }).link_url).toBeNull();
    const refused = BannerFormSchema.safeParse({ title: 'Offre', link_url: 'javascript:alert(1)' });
    expect(refused.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['link_url'], BANNER_LINK_INVALID],
    ]);
  });

  it('leaves the shop only for another origin', () => {
    const shop = 'https://souk.example';
    expect(isExternalLink('https://wa.me/221770000000', shop)).toBe(true);
    expect(isExternalLink('https://souk.example/catalog', shop)).toBe(false);
    expect(isExternalLink('/catalog/parfums', shop)).toBe(false);
  });
});
