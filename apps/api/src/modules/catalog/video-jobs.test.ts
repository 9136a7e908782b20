import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackground } from '#shared/background.ts';
import type { Database } from '../../db/client.ts';
import { product_media } from '../../db/schema.ts';
import { addCategory, addProduct } from '../../test/catalog-fixtures.ts';
import { createTestDatabase, engines } from '../../test/database.ts';
import { childProcesses, makeVideo } from '../../test/video-fixtures.ts';
import { videoTools } from '../media/video-pipeline.ts';
import { claimAbandoned } from './admin-media.repository.ts';
import { createVideoJobs } from './video-jobs.ts';

// The conversion queue on its own: progress written while ffmpeg works, one conversion at a time,
// and a lease that only one process can take.

describe.each(engines)('video conversions on %s', (engine) => {
  let database: Database;
  let root: string;
  let video: string;
  let productId: number;
  const dirs = () => ({ mediaDir: path.join(root, 'media'), sourceDir: path.join(root, 'sources') });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    root = mkdtempSync(path.join(tmpdir(), 'souk-jobs-'));
    mkdirSync(dirs().sourceDir, { recursive: true });
    video = await makeVideo(root, { container: 'avi', codec: 'mpeg4', seconds: 30, size: '640x480' });
    const category = await addCategory(database.db, { name: 'Vidéos' });
    productId = (await addProduct(database.db, { name: 'Vidéos', category_id: category.id, base_price: 1 }))
      .product.id;
  });
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Rows left 'processing' with their source in place and no lease: what a stopped server leaves. */
  async function leftOver(count: number) {
    const rows = Array.from({ length: count }, (_, i) => {
      const source = `source-${Date.now()}-${i}.avi`;
      copyFileSync(video, path.join(dirs().sourceDir, source));
      return {
        product_id: productId,
        type: 'video' as const,
        path: `video-${Date.now()}-${i}.mp4`,
        mime_type: 'video/mp4',
        status: 'processing' as const,
        progress: 0,
        source_path: source,
      };
    });
    const inserted = await database.db.insert(product_media).values(rows).returning({ id: product_media.id });
    return inserted.map((row) => row.id);
  }

  const rows = (ids: number[]) =>
    database.db.select().from(product_media).where(inArray(product_media.id, ids));

  it('writes the progress while converting, one video at a time, then makes each ready', async () => {
    const ids = await leftOver(2);
    const log: string[] = [];
    const background = createBackground((line) => log.push(line));
    const jobs = createVideoJobs({
      db: database.db,
      ...dirs(),
      tools: videoTools(),
      background,
      log: (line) => log.push(line),
      progressWriteMs: 20,
    });
    let most = 0;
    const seen = new Set<number>();
    const sampler = setInterval(() => {
      most = Math.max(most, childProcesses(['ffmpeg']).length);
    }, 10);
    try {
      await jobs.start();
      // The first one's progress shows while it converts, between 0 and 1.
      await vi.waitFor(
        async () => {
          const [first] = await database.db
            .select()
            .from(product_media)
            .where(eq(product_media.id, ids[0] as number));
          if (first?.status === 'processing' && first.progress > 0) seen.add(first.progress);
          expect(seen.size).toBeGreaterThan(0);
        },
        { timeout: 20_000, interval: 20 },
      );
      await background.settled();
    } finally {
      clearInterval(sampler);
      await jobs.close();
    }
    expect([...seen].every((p) => p > 0 && p < 1)).toBe(true);
    expect(most).toBe(1);
    const done = await rows(ids);
    expect(done.map((r) => [r.status, r.progress, r.source_path, r.locked_until])).toEqual([
      ['ready', 1, null, null],
      ['ready', 1, null, null],
    ]);
    expect(done.every((r) => r.poster_path && r.duration_seconds && r.duration_seconds > 29)).toBe(true);
    expect(log.filter((line) => line.includes('échou'))).toEqual([]);
  });

  it('removes at start what a crash left: old uploads being received, old partial MP4s', async () => {
    const tmpDir = path.join(root, 'tmp');
    const { mediaDir } = dirs();
    mkdirSync(tmpDir, { recursive: true });
    mkdirSync(mediaDir, { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const old = [path.join(tmpDir, 'upload-ancien.avi'), path.join(mediaDir, 'abc.mp4.123.partial')];
    const kept = [path.join(tmpDir, 'upload-en-cours.avi'), path.join(mediaDir, 'ancienne-image-320.webp')];
    for (const file of [...old, ...kept]) writeFileSync(file, 'x');
    for (const file of [old[0], old[1], kept[1]] as string[]) utimesSync(file, twoDaysAgo, twoDaysAgo);
    const jobs = createVideoJobs({
      db: database.db,
      ...dirs(),
      tmpDir,
      tools: videoTools(),
      background: createBackground(() => {}),
      log: () => {},
    });
    await jobs.start();
    await jobs.close();
    expect(old.filter((file) => existsSync(file))).toEqual([]);
    expect(kept.filter((file) => existsSync(file))).toEqual(kept);
  });

  it('lets one process only take a conversion nobody holds, even when two ask at once', async () => {
    const ids = await leftOver(6);
    const [a, b] = await Promise.all([
      claimAbandoned(database.db, 60_000),
      claimAbandoned(database.db, 60_000),
    ]);
    const claimed = [...(a ?? []), ...(b ?? [])].map((row) => row.id).sort((x, y) => x - y);
    expect(claimed).toEqual(ids);
    // Held now: nobody takes them again until the lease runs out.
    expect(await claimAbandoned(database.db, 60_000)).toEqual([]);
    await database.db.delete(product_media).where(inArray(product_media.id, ids));
  });
});
