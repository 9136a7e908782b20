import { IMAGE_WIDTHS } from '@souk/domain/limits';
import { describe, expect, it } from 'vitest';
import { IMAGE_SLOTS, imageSources, posterUrl, srcsetCandidates } from './image-sizing';

const widths = (srcset: string) => srcsetCandidates(srcset).map((c) => c.width);
const picture = (key: string, list: readonly number[]) => ({
  url: `/media/${key}-640.webp`,
  srcset: list.map((w) => `/media/${key}-${w}.webp ${w}w`).join(', '),
});
const current = picture('neuf', IMAGE_WIDTHS);
// A picture stored before 160 and 480 existed.
const older = picture('ancien', [320, 640, 1024]);

/**
 * The file Chromium takes for a picture `cssWidth` px wide on a screen of density `dpr`: the
 * narrowest at least as dense as the screen, else the widest (as observed in the e2e phone runs).
 */
function chosen(srcset: string, cssWidth: number, dpr: number): number {
  const list = widths(srcset);
  return list.find((w) => w / cssWidth >= dpr) ?? (list.at(-1) as number);
}

describe('srcsetCandidates', () => {
  it('reads the API srcset narrowest first, leaving out what it cannot read', () => {
    expect(srcsetCandidates('/b.webp 640w, /a.webp 320w, /c.webp 2x, , /d.webp')).toEqual([
      { url: '/a.webp', width: 320 },
      { url: '/b.webp', width: 640 },
    ]);
  });
});

describe('imageSources', () => {
  it('offers every width with the slot sizes when Save-Data is off', () => {
    expect(imageSources(current, IMAGE_SLOTS.banner, false)).toEqual({
      src: current.url,
      srcSet: current.srcset,
      sizes: IMAGE_SLOTS.banner.sizes,
    });
  });

  it('stops at the first width covering the slot on a phone when Save-Data is on', () => {
    const light = imageSources(current, IMAGE_SLOTS.productMain, true);
    expect(widths(light.srcSet)).toEqual([160, 360, 480]);
    expect(light.src).toBe('/media/neuf-480.webp');
    expect(light.sizes).toBe(IMAGE_SLOTS.productMain.sizes);
    expect(widths(imageSources(current, IMAGE_SLOTS.card, true).srcSet)).toEqual([160, 360]);
    expect(widths(imageSources(current, IMAGE_SLOTS.thumbnail, true).srcSet)).toEqual([160]);
    expect(widths(imageSources(current, IMAGE_SLOTS.cartLine, true).srcSet)).toEqual([160]);
  });

  it('keeps an older picture to the files it has', () => {
    expect(widths(imageSources(older, IMAGE_SLOTS.banner, true).srcSet)).toEqual([320, 640]);
    expect(widths(imageSources(older, IMAGE_SLOTS.thumbnail, true).srcSet)).toEqual([320]);
  });

  it('gives a 390 px phone at 2× the 720 file for a full-width picture, the 480 one under Save-Data', () => {
    // calc(100vw - 2rem) on a 390 px screen: 716 px of screen.
    expect(chosen(current.srcset, 358, 2)).toBe(720);
    expect(chosen(imageSources(current, IMAGE_SLOTS.banner, true).srcSet, 358, 2)).toBe(480);
    // Before 720 existed, the same phone took the 1024 file.
    expect(chosen(older.srcset, 358, 2)).toBe(1024);
    // A 3× phone takes 1024, and 480 under Save-Data.
    expect(chosen(current.srcset, 358, 3)).toBe(1024);
    expect(chosen(imageSources(current, IMAGE_SLOTS.banner, true).srcSet, 358, 3)).toBe(480);
  });

  it('gives thumbnails, cart lines and grid cards the narrowest file that is sharp on a 2× phone', () => {
    expect(chosen(current.srcset, 64, 2)).toBe(160);
    expect(chosen(current.srcset, 80, 2)).toBe(160);
    expect(chosen(current.srcset, 40, 2)).toBe(160);
    // Two cards side by side on a 390 px screen: calc(50vw - 1.375rem).
    expect(chosen(current.srcset, 173, 2)).toBe(360);
  });
});

describe('posterUrl', () => {
  it('is the middle width normally, the 1× phone file under Save-Data', () => {
    expect(posterUrl(current, IMAGE_SLOTS.productMain, false)).toBe(current.url);
    expect(posterUrl(current, IMAGE_SLOTS.productMain, true)).toBe('/media/neuf-480.webp');
  });
});
