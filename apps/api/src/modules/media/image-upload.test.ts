import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shellScript, smallJpeg } from '../../test/upload-fixtures.ts';
import { withUploadedImages } from './image-upload.ts';

let root: string;
let mediaDir: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'souk-upload-'));
  mediaDir = path.join(root, 'media');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const files = () => {
  try {
    return readdirSync(mediaDir);
  } catch {
    return [];
  }
};

describe('withUploadedImages', () => {
  it('processes the pictures one after the other, counting each one as it is done', async () => {
    const jpeg = await smallJpeg(320, 240);
    const heard: { processed: number; filesSoFar: number }[] = [];
    const keys = await withUploadedImages(
      [0, 1, 2].map((i) => ({ upload: { bytes: jpeg }, field: `images.${i}` })),
      mediaDir,
      async (images) => images.map((image) => image.key),
      async (processed) => {
        heard.push({ processed, filesSoFar: new Set(files().map((f) => f.split('-')[0])).size });
      },
    );
    expect(keys).toHaveLength(3);
    // Each count comes when that picture's files are written, before the next one starts.
    expect(heard).toEqual([
      { processed: 1, filesSoFar: 1 },
      { processed: 2, filesSoFar: 2 },
      { processed: 3, filesSoFar: 3 },
    ]);
  });

  it('removes the pictures already written when a later one is refused, naming its field', async () => {
    const jpeg = await smallJpeg(320, 240);
    const counted: number[] = [];
    await expect(
      withUploadedImages(
        [
          { upload: { bytes: jpeg }, field: 'products.0.image_main' },
          { upload: { bytes: shellScript() }, field: 'products.1.image_main' },
        ],
        mediaDir,
        async () => 'saved',
        async (processed) => void counted.push(processed),
      ),
    ).rejects.toMatchObject({ status: 422, errors: { 'products.1.image_main': [expect.any(String)] } });
    expect(counted).toEqual([1]);
    expect(files()).toEqual([]);
  });
});
