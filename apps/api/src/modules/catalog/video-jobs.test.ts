import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { product_media } from '../../db/schema.ts';
import { addCategory, addProduct } from '../../test/catalog-fixtures.ts';
import { createTestDatabase, engines } from '../../test/database.ts';
import { childProcesses, makeVideo } from '../../test/video-fixtures.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { videoTools } from '../media/video-pipeline.ts';
import { queueConversion, VIDEO_JOB, videoJobs } from './video-jobs.ts';

// The conversions on their own, as jobs of their lane: progress written while ffmpeg works, one
// conversion at a time, and what a start removes. (One process per job: the jobs' own tests.)

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
    for (const id of ids) await queueConversion(database.db, id);
    const log: string[] = [];
    const videos = videoJobs({
      ...dirs(),
      tools: videoTools(),
      log: (line) => log.push(line),
      progressWriteMs: 20,
    });
    const runner = createJobRunner({
      db: database.db,
      handlers: { [VIDEO_JOB]: videos.kind },
      log: (line) => log.push(line),
      warn: (line) => log.push(line),
    });
    let most = 0;
    const seen = new Set<number>();
    const sampler = setInterval(() => {
      most = Math.max(most, childProcesses(['ffmpeg']).length);
    }, 10);
    try {
      const running = runner.runDue();
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
      expect(await running).toBe(2);
    } finally {
      clearInterval(sampler);
      await runner.close();
    }
    expect([...seen].every((p) => p > 0 && p < 1)).toBe(true);
    expect(most).toBe(1);
    const done = await rows(ids);
    expect(done.map((r) => [r.status, r.progress, r.source_path])).toEqual([
      ['ready', 1, null],
      ['ready', 1, null],
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
    const videos = videoJobs({ ...dirs(), tmpDir, tools: videoTools(), log: () => {} });
    await videos.start(database.db);
    expect(old.filter((file) => existsSync(file))).toEqual([]);
    expect(kept.filter((file) => existsSync(file))).toEqual(kept);
  });
});
