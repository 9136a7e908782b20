import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@souk/domain/uploads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fitWithin,
  needsShrinking,
  PHOTO_LIMITS,
  preparePhoto,
  type Size,
  shrinkAttempts,
  shrunkName,
} from './shrink-photo';

const MB = 1024 * 1024;

/** A picked file of `bytes` bytes (its content does not matter: decoding is faked below). */
const picked = (name: string, type: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type, lastModified: 1_700_000_000_000 });

/**
 * The browser's decoder and canvas, faked: the picture decodes to `size`, and an encoding weighs
 * `bytesPerPixel × quality` per pixel, as a photo's grain makes a JPEG weigh. Without `writesWebp`,
 * the canvas answers PNG when asked for WebP, as Safari's does.
 */
function fakeBrowser(size: Size, { bytesPerPixel = 2, writesWebp = true } = {}) {
  const drawn: Size[] = [];
  /** The white filled under a JPEG (where a transparent picture would turn black). */
  const filled: string[] = [];
  class FakeCanvas {
    width: number;
    height: number;
    constructor(width: number, height: number) {
      this.width = width;
      this.height = height;
    }
    getContext() {
      const context = {
        fillStyle: '',
        fillRect: () => filled.push(context.fillStyle),
        drawImage: (_: unknown, _x: number, _y: number, width: number, height: number) =>
          drawn.push({ width, height }),
      };
      return context;
    }
    async convertToBlob({ type, quality }: { type: string; quality: number }) {
      const written = type === 'image/webp' && !writesWebp ? 'image/png' : type;
      const bytes = Math.round(this.width * this.height * bytesPerPixel * quality);
      return new Blob([new Uint8Array(bytes)], { type: written });
    }
  }
  const decode = vi.fn(async () => ({ ...size, close() {} }));
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal('createImageBitmap', decode);
  return { drawn, filled, decode };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fitWithin', () => {
  it('brings the longest side down to the maximum, keeping the proportions', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin({ width: 3024, height: 4032 }, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin({ width: 9000, height: 10 }, 2000)).toEqual({ width: 2000, height: 2 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin({ width: 800, height: 600 }, 2000)).toEqual({ width: 800, height: 600 });
  });
});

describe('needsShrinking', () => {
  it('leaves alone a picture within the byte limit and the size, and only that', () => {
    expect(needsShrinking(MB, { width: 2000, height: 1500 }, PHOTO_LIMITS)).toBe(false);
    expect(needsShrinking(6 * MB, { width: 1200, height: 900 }, PHOTO_LIMITS)).toBe(true);
    expect(needsShrinking(2 * MB, { width: 4032, height: 3024 }, PHOTO_LIMITS)).toBe(true);
  });
});

describe('shrinkAttempts', () => {
  it('tries the largest size allowed at falling qualities first, then smaller sizes, never under 640 px', () => {
    const attempts = shrinkAttempts({ width: 4000, height: 3000 }, PHOTO_LIMITS);
    expect(attempts.slice(0, 3)).toEqual([
      { width: 2000, height: 1500, quality: 0.85 },
      { width: 2000, height: 1500, quality: 0.72 },
      { width: 2000, height: 1500, quality: 0.6 },
    ]);
    const sides = attempts.map((a) => Math.max(a.width, a.height));
    expect(sides).toEqual([...sides].sort((a, b) => b - a));
    expect(Math.min(...sides)).toBeGreaterThanOrEqual(640);
  });

  it('starts a picture smaller than the maximum at its own size', () => {
    expect(shrinkAttempts({ width: 1600, height: 1200 }, PHOTO_LIMITS)[0]).toMatchObject({
      width: 1600,
      height: 1200,
    });
  });
});

describe('shrunkName', () => {
  it("gives the picked file's name the extension of what is sent", () => {
    expect(shrunkName('IMG_2041.HEIC', 'image/jpeg')).toBe('IMG_2041.jpg');
    expect(shrunkName('logo.png', 'image/webp')).toBe('logo.webp');
    expect(shrunkName('sans extension', 'image/jpeg')).toBe('sans extension.jpg');
  });
});

describe('preparePhoto', () => {
  it("shrinks a phone's 9.6 MB photo to 2000 px and under 5 MB, lowering the quality as needed, upright", async () => {
    // 2000 × 1500 at 2.2 bytes a pixel: 5.4 MB at quality 0.85, 4.5 MB at 0.72.
    const { drawn, decode } = fakeBrowser({ width: 4000, height: 3000 }, { bytesPerPixel: 2.2 });
    const photo = picked('IMG_2041.jpg', 'image/jpeg', 9.6 * MB);
    const onShrink = vi.fn();
    const prepared = await preparePhoto(photo, { onShrink });
    expect(decode).toHaveBeenCalledWith(photo, { imageOrientation: 'from-image' });
    expect(onShrink).toHaveBeenCalledOnce();
    expect(drawn).toEqual([{ width: 2000, height: 1500 }]);
    if (!('file' in prepared)) throw new Error(prepared.problem);
    expect(prepared.shrunk).toBe(true);
    expect(prepared.file).toMatchObject({ name: 'IMG_2041.jpg', type: 'image/jpeg' });
    expect(prepared.file.size).toBeLessThanOrEqual(5 * MB);
    expect(prepared.file.size).toBe(Math.round(2000 * 1500 * 2.2 * 0.72));
  });

  it('goes down in size when the lowest quality is still too heavy', async () => {
    const { drawn } = fakeBrowser({ width: 4000, height: 3000 }, { bytesPerPixel: 4 });
    const prepared = await preparePhoto(picked('grain.jpg', 'image/jpeg', 12 * MB));
    expect(drawn.length).toBeGreaterThan(1);
    if (!('file' in prepared)) throw new Error(prepared.problem);
    expect(prepared.file.size).toBeLessThanOrEqual(5 * MB);
  });

  it('sends a picture that already fits as it is, without saying it shrinks it', async () => {
    const { drawn } = fakeBrowser({ width: 800, height: 600 });
    const photo = picked('savon.jpg', 'image/jpeg', 150_000);
    const onShrink = vi.fn();
    expect(await preparePhoto(photo, { onShrink })).toEqual({ file: photo, shrunk: false });
    expect(onShrink).not.toHaveBeenCalled();
    expect(drawn).toEqual([]);
  });

  it('keeps what may be transparent in WebP, or JPEG on white where the browser writes no WebP', async () => {
    const webp = fakeBrowser({ width: 3000, height: 3000 });
    const logo = picked('logo.png', 'image/png', 7 * MB);
    expect(await preparePhoto(logo)).toMatchObject({ file: { name: 'logo.webp', type: 'image/webp' } });
    expect(webp.filled).toEqual([]);
    vi.unstubAllGlobals();
    const jpeg = fakeBrowser({ width: 3000, height: 3000 }, { writesWebp: false });
    expect(await preparePhoto(logo)).toMatchObject({ file: { name: 'logo.jpg', type: 'image/jpeg' } });
    expect(jpeg.filled.length).toBeGreaterThan(0);
    expect(new Set(jpeg.filled)).toEqual(new Set(['#fff']));
  });

  it('refuses what is not an image, in French, before reading it', async () => {
    const { decode } = fakeBrowser({ width: 10, height: 10 });
    expect(await preparePhoto(picked('notes.txt', 'text/plain', 20))).toEqual({
      problem: IMAGE_TYPE_MESSAGE,
    });
    expect(decode).not.toHaveBeenCalled();
  });

  it('sends what the browser cannot read as it is when it may go (the server says why), refuses it when too heavy', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }),
    );
    const unreadable = picked('faux.jpg', 'image/jpeg', 11);
    expect(await preparePhoto(unreadable)).toEqual({ file: unreadable, shrunk: false });
    expect(await preparePhoto(picked('photo.heic', 'image/heic', 6 * MB))).toEqual({
      problem: IMAGE_TOO_LARGE_MESSAGE,
    });
  });
});
