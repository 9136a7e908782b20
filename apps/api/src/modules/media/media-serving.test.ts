import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { oneEngine } from '../../test/database.ts';
import { FOREIGN_MEDIA_NAMES, MEDIA_KEY, PLANTED_PAGE } from '../../test/media-fixtures.ts';
import { MEDIA_CSP } from './media-names.ts';

// `/media` answers the files the shop makes, and nothing else of DATA_DIR/media: a page or an SVG
// put there (a tampered backup) must never be served from the shop's origin with its scripts.

const SERVED = {
  [`${MEDIA_KEY}-360.webp`]: 'image/webp',
  [`${MEDIA_KEY}.mp4`]: 'video/mp4',
};
const REFUSED = FOREIGN_MEDIA_NAMES;

describe.each(oneEngine)('/media on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    mkdirSync(path.join(t.config.mediaDir, 'sub'), { recursive: true });
    for (const name of [...Object.keys(SERVED), ...REFUSED])
      writeFileSync(path.join(t.config.mediaDir, name), PLANTED_PAGE);
  });
  afterAll(() => t?.close());

  it.each(Object.entries(SERVED))('serves %s as %s, sandboxed and never sniffed', async (name, type) => {
    const res = await t.app.inject({ method: 'GET', url: `/media/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PLANTED_PAGE);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-security-policy']).toBe(MEDIA_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a video by ranges, as players ask for it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/media/${MEDIA_KEY}.mp4`,
      headers: { range: 'bytes=2-5' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe(PLANTED_PAGE.slice(2, 6));
    expect(res.headers['content-range']).toBe(`bytes 2-5/${PLANTED_PAGE.length}`);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-security-policy']).toBe(MEDIA_CSP);
  });

  it.each(REFUSED)('answers 404 for %s, a file the shop never makes, without its content', async (name) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: `/media/${name}` });
      expect(res.statusCode, method).toBe(404);
      expect(res.body).not.toContain('<script>');
    }
    const res = await t.app.inject({ method: 'GET', url: `/media/${name}` });
    expect(res.json()).toMatchObject({ success: false });
  });

  it('answers 404 for a name of the shop absent from disk', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/media/${'f'.repeat(32)}-640.webp` });
    expect(res.statusCode).toBe(404);
  });
});
