import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { THEME_COLOR } from './app/lib/seo.ts';
import { webAppManifest } from './app/lib/web-app.ts';
import { buildVersion, drawIcon } from './web-app-build.ts';

const rgb = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

describe('the installable app', () => {
  it('has a manifest a phone can install from: French name, start, standalone, the shop’s colours', () => {
    const manifest = webAppManifest();
    expect(manifest).toMatchObject({
      name: 'Souk — Parfums & cosmétiques naturels',
      short_name: 'Souk',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: '#fbf8f3',
    });
    // Android's launcher shows at most 12 characters under the icon.
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) expect(icon.type).toBe('image/png');
  });

  it('draws each icon at the size its manifest entry says, the maskable one on the header’s colour to its edges', async () => {
    for (const icon of webAppManifest().icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      const png = await drawIcon(width as number, icon.purpose);
      const meta = await sharp(png).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, icon.src).toEqual({
        format: 'png',
        width,
        height,
      });
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const corner = [...data.subarray(0, 4)];
      const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 4;
      if (icon.purpose === 'maskable') {
        // Any mask may cut the corners: they are the background, opaque.
        expect(corner).toEqual([...rgb(THEME_COLOR), 255]);
      } else {
        // The logo's rounded corners are see-through.
        expect(corner[3]).toBe(0);
      }
      // The mark is drawn, not an empty square.
      expect([...data.subarray(middle, middle + 3)]).not.toEqual(rgb(THEME_COLOR));
    }
  });

  it('names a build by its files, so a new build is a new service worker', () => {
    const first = buildVersion(['assets/root-abc.js', 'assets/vendor-1.js']);
    expect(buildVersion(['assets/vendor-1.js', 'assets/root-abc.js'])).toBe(first);
    expect(buildVersion(['assets/root-def.js', 'assets/vendor-1.js'])).not.toBe(first);
  });
});
