import { IMAGE_MAX_BYTES } from '@souk/domain/admin-limits';
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@souk/domain/uploads';

// A phone's photo (12 to 50 megapixels, 3 to 15 MB) is shrunk here, in the browser, before it is
// sent: the server keeps its 5 MB limit, the shop never shows a picture wider than 1024 px, and a
// phone on a mobile network sends a fraction of the bytes. Every picture field of the back office
// goes through preparePhoto (docs/decisions/0025). The canvas does the work: no library.

/** The longest side a shrunk photo keeps: room above the shop's widest picture (1024 px). */
export const PHOTO_MAX_SIDE = 2000;

export type PhotoLimits = { maxBytes: number; maxSide: number };
export const PHOTO_LIMITS: PhotoLimits = { maxBytes: IMAGE_MAX_BYTES, maxSide: PHOTO_MAX_SIDE };

export type Size = { width: number; height: number };

/** `size` scaled down, proportions kept, so that its longest side is at most `maxSide` (never enlarged). */
export function fitWithin({ width, height }: Size, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Whether a picture must be shrunk before it is sent: over the byte limit, or larger than needed. */
export const needsShrinking = (bytes: number, size: Size, limits: PhotoLimits) =>
  bytes > limits.maxBytes || Math.max(size.width, size.height) > limits.maxSide;

/** Qualities tried at each size, best first: a photo's grain costs bytes, a lower quality fewer. */
const QUALITIES = [0.85, 0.72, 0.6] as const;
/** Each further size is this fraction of the one before… */
const SIZE_STEP = 0.75;
/** …down to this longest side, below which a product photo is no longer worth showing. */
const MIN_SIDE = 640;

export type ShrinkAttempt = Size & { quality: number };

/**
 * The encodings tried in turn until one is under the byte limit: the largest size allowed at
 * falling qualities, then smaller sizes. Nearly every photo passes at the first one.
 */
export function shrinkAttempts(size: Size, limits: PhotoLimits): ShrinkAttempt[] {
  const attempts: ShrinkAttempt[] = [];
  let side = Math.min(limits.maxSide, Math.max(size.width, size.height));
  for (;;) {
    const target = fitWithin(size, side);
    for (const quality of QUALITIES) attempts.push({ ...target, quality });
    side = Math.round(side * SIZE_STEP);
    if (side < MIN_SIDE) return attempts;
  }
}

/** The picked file's name with the extension of what is sent: 'IMG_2041.PNG' → 'IMG_2041.webp'. */
export function shrunkName(name: string, type: string): string {
  const base = name.replace(/\.[^./]*$/, '') || 'photo';
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function newCanvas({ width, height }: Size): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  return Object.assign(document.createElement('canvas'), { width, height });
}

/** The bitmap drawn at `size`; on white when the output cannot be transparent (JPEG). */
function draw(bitmap: ImageBitmap, size: Size, opaque: boolean): Canvas {
  const canvas = newCanvas(size);
  const context = canvas.getContext('2d') as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new Error('canvas 2d unavailable');
  context.imageSmoothingQuality = 'high';
  if (opaque) {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return canvas;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), type, quality),
  );
}

/** Whether this browser writes WebP (Safari answers PNG when asked for it). */
async function writesWebp(): Promise<boolean> {
  try {
    return (await encode(newCanvas({ width: 1, height: 1 }), 'image/webp', 0.8)).type === 'image/webp';
  } catch {
    return false;
  }
}

/**
 * The output type: JPEG for a JPEG (a camera's photo, never transparent), WebP for what may be
 * transparent (PNG, GIF, WebP) when the browser writes it, else JPEG on white.
 */
const outputType = async (sourceType: string) =>
  sourceType !== 'image/jpeg' && (await writesWebp()) ? 'image/webp' : 'image/jpeg';

/** The first encoding of `bitmap` under the byte limit, or null when even the smallest is over. */
async function encodeUnder(bitmap: ImageBitmap, type: string, limits: PhotoLimits): Promise<Blob | null> {
  let drawn: { size: Size; canvas: Canvas } | null = null;
  for (const { quality, ...size } of shrinkAttempts(bitmap, limits)) {
    if (drawn?.size.width !== size.width || drawn.size.height !== size.height)
      drawn = { size, canvas: draw(bitmap, size, type === 'image/jpeg') };
    const blob = await encode(drawn.canvas, type, quality);
    if (blob.size <= limits.maxBytes) return blob;
  }
  return null;
}

export type PreparedPhoto = { file: File; shrunk: boolean } | { problem: string };

/**
 * The picture to send for a picked file: the file itself when it already fits (within the byte
 * limit, no side over the maximum), else a copy shrunk to fit, upright (the EXIF orientation is
 * applied, then dropped with the rest of the metadata); or why it cannot be sent, in French.
 * `onShrink` hears when shrinking starts (a picture that fits is back at once).
 */
export async function preparePhoto(
  file: File,
  { onShrink }: { onShrink?: () => void } = {},
): Promise<PreparedPhoto> {
  const limits = PHOTO_LIMITS;
  if (!file.type.startsWith('image/')) return { problem: IMAGE_TYPE_MESSAGE };
  // What cannot be shrunk here (a format this browser does not read, damaged bytes, no memory for
  // the canvas) goes as it is when it may: the server reads the bytes and says why it refuses them.
  const asItIs = (): PreparedPhoto =>
    file.size > limits.maxBytes ? { problem: IMAGE_TOO_LARGE_MESSAGE } : { file, shrunk: false };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return asItIs();
  }
  try {
    if (!needsShrinking(file.size, bitmap, limits)) return { file, shrunk: false };
    onShrink?.();
    const blob = await encodeUnder(bitmap, await outputType(file.type), limits);
    if (!blob) return { problem: IMAGE_TOO_LARGE_MESSAGE };
    const shrunk = new File([blob], shrunkName(file.name, blob.type), {
      type: blob.type,
      lastModified: file.lastModified,
    });
    return { file: shrunk, shrunk: true };
  } catch {
    return asItIs();
  } finally {
    bitmap.close();
  }
}
