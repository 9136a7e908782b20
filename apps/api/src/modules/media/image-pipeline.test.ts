import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageRejectedError, processImage, sniffImageFormat, WEBP_QUALITY } from './image-pipeline.ts';

let mediaDir: string;
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'souk-media-'));
  mediaDir = path.join(root, 'media');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const isWebp = (file: Buffer) =>
  file.toString('latin1', 0, 4) === 'RIFF' && file.toString('latin1', 8, 12) === 'WEBP';

async function pngWithMetadata(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .withExif({ IFD0: { Copyright: 'Souk test', Artist: 'Photographe' } })
    .toBuffer();
}

describe('processImage', () => {
  it('turns a PNG into WebP files for every standard width, without metadata', async () => {
    const input = await pngWithMetadata(1600, 1200);
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const result = await processImage(input, mediaDir);

    expect(result.key).toMatch(/^[0-9a-f]{32}$/);
    expect(result.widths).toEqual([160, 360, 480, 640, 720, 1024]);
    expect(result).toMatchObject({ width: 1024, height: 768 });
    const files = readdirSync(mediaDir).sort();
    expect(files).toEqual([160, 360, 480, 640, 720, 1024].map((w) => `${result.key}-${w}.webp`).sort());
    let total = 0;
    for (const w of [160, 360, 480, 640, 720, 1024]) {
      const file = readFileSync(path.join(mediaDir, `${result.key}-${w}.webp`));
      total += file.length;
      expect(isWebp(file)).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(w);
      expect(meta.height).toBe(Math.round((w * 3) / 4));
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    expect(result.sizeBytes).toBe(total);
  });

  it('writes only the widths a small picture covers, and at least the smallest', async () => {
    const medium = await processImage(await pngWithMetadata(800, 800), mediaDir);
    expect(medium.widths).toEqual([160, 360, 480, 640, 720]);
    expect(medium).toMatchObject({ width: 720, height: 720 });

    const tiny = await processImage(await pngWithMetadata(100, 50), mediaDir);
    expect(tiny.widths).toEqual([160]);
    expect(tiny).toMatchObject({ width: 160, height: 80 });
    expect(readdirSync(mediaDir)).toHaveLength(6);
  });

  it('encodes the files made for dense screens (over 640 px) at a lower quality than the others', async () => {
    // Texture like a photo's (blurred noise): its bytes follow the quality.
    const raw = { raw: { width: 800, height: 600, channels: 3 as const } };
    const noise = await sharp(randomBytes(800 * 600 * 3), raw)
      .blur(2)
      .png()
      .toBuffer();
    const result = await processImage(noise, mediaDir);
    const size = (w: number) => readFileSync(path.join(mediaDir, `${result.key}-${w}.webp`)).length;
    const atStandard = async (w: number) =>
      (await sharp(noise).resize({ width: w }).webp({ quality: WEBP_QUALITY, effort: 6 }).toBuffer()).length;
    expect(size(720)).toBeLessThan((await atStandard(720)) * 0.9);
    expect(size(640)).toBeGreaterThan((await atStandard(640)) * 0.9);
  });

  it('honours the EXIF orientation of a photo', async () => {
    // A landscape JPEG tagged "rotate 90°" is a portrait picture.
    const jpeg = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await processImage(jpeg, mediaDir);
    expect(result).toMatchObject({ width: 480, height: 960, widths: [160, 360, 480] });
    const meta = await sharp(path.join(mediaDir, `${result.key}-480.webp`)).metadata();
    expect(meta.width).toBe(480);
    expect(meta.height).toBe(960);
    expect(meta.orientation).toBeUndefined();
  });

  it('accepts WebP, GIF and AVIF inputs', async () => {
    const base = sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa3355' } });
    for (const buffer of [
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().avif({ effort: 0 }).toBuffer(),
    ]) {
      expect(sniffImageFormat(buffer)).not.toBeNull();
      const result = await processImage(buffer, mediaDir);
      expect(result.widths).toEqual([160, 360]);
    }
  });

  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><rect width="500" height="500"/></svg>',
  );

  it.each([
    ['a text file', Buffer.from('Bonjour, ceci est un fichier texte et non une image.\n'.repeat(20))],
    ['an SVG', svg],
    ['an empty buffer', Buffer.alloc(0)],
  ])('refuses %s with a French message and writes nothing', async (_label, input) => {
    const error = await processImage(input, mediaDir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as Error).message).toBe('Le fichier doit être une image');
    expect(() => readdirSync(mediaDir)).toThrow();
  });

  it('refuses a truncated image and writes nothing', async () => {
    const png = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    const error = await processImage(png.subarray(0, Math.floor(png.length / 2)), mediaDir).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as Error).message).toMatch(/^Le fichier doit être une image/);
    expect(() => readdirSync(mediaDir)).toThrow();
  });

  it('refuses a picture above the pixel limit before decoding it', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    await expect(processImage(huge, mediaDir)).rejects.toBeInstanceOf(ImageRejectedError);
  });
});
