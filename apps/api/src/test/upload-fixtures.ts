import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

// Files an admin might upload, good and hostile, made on the spot (no fixture files to keep).

/** A real photo-like PNG (noise does not compress: bytes ≈ width × height × 3). */
export const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

export const smallJpeg = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();

/** A small JPEG as a form's file part (the picture every upload test sends when it needs a good one). */
export const jpegFile = async (filename = 'photo.jpg'): Promise<FormFile> => ({
  bytes: await smallJpeg(),
  filename,
  type: 'image/jpeg',
});

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A decompression bomb: a few hundred bytes claiming width × height pixels. */
export function pixelBombPng(width = 20_000, height = 20_000) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const shellScript = () =>
  Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\necho pwned\n'.repeat(4));
export const htmlPage = () =>
  Buffer.from('<!doctype html><html><body><script>fetch("/api/auth/me")</script></body></html>'.repeat(2));
export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
      '<script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
  );

/** A real image cut in half. */
export const truncatedPng = async () => {
  const png = await noisePng(600, 600);
  return png.subarray(0, Math.floor(png.length / 2));
};

export const dataUrl = (bytes: Buffer, type = 'image/png') =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** The files under DATA_DIR/media (none when it does not exist yet). */
export function mediaFiles(mediaDir: string): string[] {
  try {
    return readdirSync(mediaDir).sort();
  } catch {
    return [];
  }
}

export type FormFile = { bytes: Buffer; filename: string; type: string };
type FormValue = string | FormFile;

/**
 * A multipart/form-data body (for `inject`) built by the platform's own encoder; a list repeats
 * its name (several files, or one text per file).
 */
export async function multipart(
  fields: Record<string, FormValue | FormValue[]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, values] of Object.entries(fields)) {
    for (const value of Array.isArray(values) ? values : [values]) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') as string },
  };
}

/**
 * The six hostile pictures every image upload must refuse in French, writing nothing: what each
 * is, how to make it, and the status and message the image pipeline answers.
 */
export const IMAGE_ATTACKS: [name: string, make: () => Promise<FormFile>, status: number, message: string][] =
  [
    [
      'a script renamed .jpg',
      async () => ({ bytes: shellScript(), filename: 'photo.jpg', type: 'image/jpeg' }),
      422,
      'Le fichier doit être une image',
    ],
    [
      'an HTML file sent as image/png',
      async () => ({ bytes: htmlPage(), filename: 'photo.png', type: 'image/png' }),
      422,
      'Le fichier doit être une image',
    ],
    [
      'an SVG with a script',
      async () => ({ bytes: svgWithScript(), filename: 'logo.svg', type: 'image/svg+xml' }),
      422,
      'Le fichier doit être une image',
    ],
    [
      'a 6 MB image',
      async () => ({ bytes: await noisePng(1450, 1450), filename: 'big.png', type: 'image/png' }),
      413,
      "L'image est trop volumineuse (max 5MB)",
    ],
    [
      'a 20000×20000 pixel bomb',
      async () => ({ bytes: pixelBombPng(), filename: 'bomb.png', type: 'image/png' }),
      422,
      'Le fichier doit être une image (JPEG, PNG, WebP, GIF ou AVIF) lisible',
    ],
    [
      'a truncated image',
      async () => ({ bytes: await truncatedPng(), filename: 'cut.png', type: 'image/png' }),
      422,
      'Le fichier doit être une image (JPEG, PNG, WebP, GIF ou AVIF) lisible',
    ],
  ];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls the API as one caller: `call` sends JSON, `upload` a multipart form. `caller` is read at
 * each call, so a test file can set it up in `beforeAll`.
 */
export function apiAs(caller: () => { app: FastifyInstance; auth: Record<string, string> }) {
  return {
    call: (method: Method, url: string, payload?: object) => {
      const { app, auth } = caller();
      return app.inject({ method, url: `/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
    },
    upload: async (method: 'POST' | 'PUT', url: string, fields: Parameters<typeof multipart>[0]) => {
      const { app, auth } = caller();
      const form = await multipart(fields);
      return app.inject({
        method,
        url: `/api${url}`,
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
    },
  };
}
