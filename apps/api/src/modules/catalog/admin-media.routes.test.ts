import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  MEDIA_REQUIRED_MESSAGE,
  MEDIA_TYPE_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
} from '@souk/domain/admin-media';
import { IMAGE_TOO_LARGE_MESSAGE } from '@souk/domain/uploads';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, product_media } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { addCategory, addProduct } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';
import { fingerprint } from '../../test/db-fingerprint.ts';
import {
  apiAs,
  type FormFile,
  htmlPage,
  jpegFile,
  mediaFiles,
  multipart,
  noisePng,
  pixelBombPng,
  shellScript,
  svgWithScript,
  truncatedPng,
} from '../../test/upload-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';
import { childProcesses, fakeMp4, makeVideo, topLevelBoxes } from '../../test/video-fixtures.ts';
import { VIDEO_CONVERSION_UNAVAILABLE_MESSAGE, VIDEO_UNREADABLE_MESSAGE } from '../media/video-pipeline.ts';
import { REORDER_MESSAGE, VIDEO_NOT_MAIN_MESSAGE } from './admin-media.service.ts';
import { conversionKey, VIDEO_JOB, VIDEO_SOURCE_MISSING_MESSAGE } from './video-jobs.ts';

const execFileAsync = promisify(execFile);

type Item = {
  id: number;
  type: 'image' | 'video';
  status: 'ready' | 'processing' | 'failed';
  progress: number;
  error: string | null;
  image: { url: string; srcset: string } | null;
  video_url: string | null;
  duration_seconds: number | null;
  alt_text: string | null;
  title: string | null;
  sort_order: number;
  is_main: boolean;
  size_bytes: number;
};

/** Videos and hostile files made once for the whole file. */
let fixtures: string;
const videos = {} as Record<'avi' | 'mp4' | 'longAvi', Buffer>;
let fakeMp4Bytes: Buffer;

beforeAll(async () => {
  fixtures = mkdtempSync(path.join(tmpdir(), 'souk-media-'));
  const [avi, mp4, longAvi, fake] = await Promise.all([
    makeVideo(fixtures, { container: 'avi', codec: 'mpeg4' }),
    makeVideo(fixtures, { container: 'mp4', codec: 'h264' }),
    // Long enough to be still converting when the server stops (a second or two).
    makeVideo(fixtures, { container: 'avi', codec: 'mpeg4', seconds: 30, size: '640x480' }),
    fakeMp4(fixtures),
  ]);
  videos.avi = readFileSync(avi);
  videos.mp4 = readFileSync(mp4);
  videos.longAvi = readFileSync(longAvi);
  fakeMp4Bytes = readFileSync(fake);
});
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

const file = (bytes: Buffer, filename: string, type: string): FormFile => ({ bytes, filename, type });
const aviFile = () => file(videos.avi, 'demo.avi', 'video/x-msvideo');
const mp4File = () => file(videos.mp4, 'demo.mp4', 'video/mp4');
/** An AVI by its first bytes, a text after them. */
const textAvi = () =>
  Buffer.concat([
    Buffer.from('RIFF\u0000\u0010\u0000\u0000AVI LIST', 'latin1'),
    Buffer.from("Ceci n'est pas une vidéo, juste du texte.\n".repeat(200)),
  ]);

async function ffprobe(file: string) {
  const { stdout } = await execFileAsync('ffprobe', [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  return JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string }[];
    format: { duration: string };
  };
}

/** Small enough for the test videos (a few dozen KB), so 'too large' needs no 50 MB upload. */
const TEST_VIDEO_MAX_BYTES = 2 * 1024 * 1024;

describe.each(engines)('the product media manager on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  let categoryId: number;
  // Conversions are jobs the test runs when it wants them (`t.app.jobs.runDue()`).
  const convertQueued = () => t.app.jobs.runDue();
  const queuedConversions = async () =>
    (
      await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, VIDEO_JOB), eq(jobs.status, 'queued')))
    ).length;

  beforeAll(async () => {
    t = await createTestApp(engine, { videoMaxBytes: TEST_VIDEO_MAX_BYTES });
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
    categoryId = (await addCategory(t.db, { name: 'Médias' })).id;
  });
  afterAll(() => t?.close());

  const { call, upload } = apiAs(() => ({ app: t.app, auth: admin }));
  let made = 0;
  /** A visible product with its one (file-less) seed image. */
  const newProduct = async () => {
    made += 1;
    return (
      await addProduct(t.db, { name: `Produit média ${made}`, category_id: categoryId, base_price: 1000 })
    ).product.id;
  };
  const list = async (id: number) => (await call('GET', `/admin/products/${id}/images`)).json().data;
  const uploadMedia = (id: number, fields: Parameters<typeof upload>[2]) =>
    upload('POST', `/admin/products/${id}/images`, fields);
  const shop = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().data;
  const dirs = () => ({
    media: mediaFiles(t.config.mediaDir),
    tmp: mediaFiles(t.config.tmpDir),
    sources: mediaFiles(t.config.videoSourceDir),
  });
  /** The app on a real port (once for the file): for what only a real connection shows. */
  const listening = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  };
  /** Everything an upload could leave behind: rows and files. */
  const snapshot = async () => ({ db: await fingerprint(t.db), files: dirs() });

  describe('reads', () => {
    it('lists images and videos apart, each in order, with counters; the first ready image is the main one', async () => {
      const id = await newProduct();
      const data = await list(id);
      expect(data.product).toMatchObject({ id, name: expect.stringContaining('Produit média') });
      expect(data.counters).toEqual({ images: 1, videos: 0 });
      expect(data.images[0]).toMatchObject({ type: 'image', status: 'ready', progress: 1, is_main: true });
      expect(data.images[0].image.url).toMatch(/^\/media\/img\d+-640\.webp$/);
      expect(data.videos).toEqual([]);
    });

    it('answers 404 for an unknown product, 422 for an id that is none', async () => {
      const res = await call('GET', '/admin/products/999999/images');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Produit non trouvé');
      expect((await call('GET', '/admin/products/abc/images')).json().message).toBe('ID de produit invalide');
    });
  });

  describe('uploads', () => {
    it('stores images at once, several in one request, with their texts and places', async () => {
      const id = await newProduct();
      const res = await uploadMedia(id, {
        media_files: [await jpegFile(), file(await noisePng(300, 200), 'b.png', 'image/png')],
        alt_texts: ['Le pot ouvert', ''],
        titles: ['Ouvert', 'Fermé'],
        sort_orders: ['', '7'],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('2 médias ajoutés');
      const [first, second] = res.json().data.media as Item[];
      expect(first).toMatchObject({
        type: 'image',
        status: 'ready',
        alt_text: 'Le pot ouvert',
        title: 'Ouvert',
      });
      expect(first?.sort_order).toBe(1);
      expect(second).toMatchObject({ alt_text: null, title: 'Fermé', sort_order: 7, is_main: false });
      expect((await t.app.inject({ method: 'GET', url: first?.image?.url as string })).statusCode).toBe(200);
      const data = await list(id);
      expect(data.counters).toEqual({ images: 3, videos: 0 });
      expect(data.images.map((m: Item) => m.id).slice(1)).toEqual([first?.id, second?.id]);
      // The storefront shows them after the seed image.
      expect((await shop(id)).images).toHaveLength(3);
      const one = await uploadMedia(id, { media_files: await jpegFile() });
      expect(one.json().message).toBe('1 média ajouté');
    });

    it('takes the field names with brackets as well (media_files[], alt_texts[], titles[], sort_orders[])', async () => {
      const id = await newProduct();
      const res = await uploadMedia(id, {
        'media_files[]': await jpegFile(),
        'alt_texts[]': 'Le flacon',
        'titles[]': 'Flacon',
        'sort_orders[]': '9',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.media).toEqual([
        expect.objectContaining({ type: 'image', alt_text: 'Le flacon', title: 'Flacon', sort_order: 9 }),
      ]);
      const two = await uploadMedia(id, {
        'media_files[]': [await jpegFile(), await jpegFile('b.jpg')],
        'alt_texts[]': ['Premier', 'Second'],
      });
      expect(two.statusCode).toBe(201);
      expect(two.json().data.media.map((m: Item) => m.alt_text)).toEqual(['Premier', 'Second']);
      expect((await list(id)).counters).toEqual({ images: 4, videos: 0 });
    });

    it('converts an AVI after the answer: processing, then ready with an H.264 faststart MP4 and a poster', async () => {
      const id = await newProduct();
      const res = await uploadMedia(id, { media_files: aviFile(), alt_texts: 'La démo', titles: 'Démo' });
      expect(res.statusCode).toBe(201);
      const [uploaded] = res.json().data.media as Item[];
      expect(uploaded).toMatchObject({
        type: 'video',
        status: 'processing',
        progress: 0,
        error: null,
        image: null,
        video_url: null,
        alt_text: 'La démo',
        is_main: false,
      });
      expect(uploaded?.duration_seconds).toBeGreaterThan(0.9);
      expect(await queuedConversions()).toBe(1);
      // The upload left the temporary folder for the sources', nothing is published yet.
      expect(dirs().tmp).toEqual([]);
      expect(dirs().sources).toHaveLength(1);
      expect((await list(id)).videos).toMatchObject([{ id: uploaded?.id, status: 'processing' }]);
      expect((await shop(id)).videos).toEqual([]);

      await convertQueued();
      const { videos: listed, counters } = await list(id);
      expect(counters).toEqual({ images: 1, videos: 1 });
      const ready = listed[0] as Item;
      expect(ready).toMatchObject({ status: 'ready', progress: 1, error: null, title: 'Démo' });
      expect(ready.video_url).toMatch(/^\/media\/[0-9a-f]{32}\.mp4$/);
      // A 160 × 120 clip: its poster's one width.
      expect(ready.image?.url).toMatch(/^\/media\/[0-9a-f]{32}-160\.webp$/);
      expect(ready.duration_seconds).toBeGreaterThan(0.9);
      const stored = path.join(t.config.mediaDir, path.basename(ready.video_url as string));
      const probe = await ffprobe(stored);
      expect(probe.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
      expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
      expect(Number(probe.format.duration)).toBeGreaterThan(0.9);
      const boxes = await topLevelBoxes(stored);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      expect(ready.size_bytes).toBe(readFileSync(stored).length);
      expect(dirs().sources).toEqual([]);

      // Now the storefront shows it, with its poster.
      const shown = await shop(id);
      expect(shown.videos).toEqual([
        {
          id: ready.id,
          url: ready.video_url,
          poster: expect.objectContaining({ url: ready.image?.url, width: 160, height: 120, alt: 'La démo' }),
          title: 'Démo',
          alt: 'La démo',
        },
      ]);
      const media = (await t.app.inject({ method: 'GET', url: `/api/products/${id}/images` })).json().data;
      expect(media.videos[0].poster.url).toBe(ready.image?.url);
      expect((await t.app.inject({ method: 'GET', url: ready.image?.url as string })).statusCode).toBe(200);
    });

    it('serves a stored video as video/mp4 with byte ranges (a <video> seeks with them)', async () => {
      const id = await newProduct();
      await uploadMedia(id, { media_files: mp4File() });
      await convertQueued();
      const url = (await list(id)).videos[0].video_url as string;
      const whole = await t.app.inject({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['x-content-type-options']).toBe('nosniff');
      const size = whole.rawPayload.length;
      const part = await t.app.inject({
        method: 'GET',
        url,
        headers: { range: 'bytes=100-199', 'accept-encoding': 'gzip, br' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
      expect(part.headers['content-type']).toBe('video/mp4');
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.headers['x-content-type-options']).toBe('nosniff');
      expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    });

    it('remuxes an H.264 MP4 (moov first, no re-encoding) and makes it ready', async () => {
      const id = await newProduct();
      const res = await uploadMedia(id, { media_files: mp4File() });
      expect(res.json().data.media[0]).toMatchObject({ status: 'processing' });
      await convertQueued();
      const ready = (await list(id)).videos[0] as Item;
      expect(ready).toMatchObject({ status: 'ready', progress: 1 });
      const stored = path.join(t.config.mediaDir, path.basename(ready.video_url as string));
      expect((await ffprobe(stored)).streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
      const boxes = await topLevelBoxes(stored);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    });

    it('takes images and videos in one request, all or nothing', async () => {
      const id = await newProduct();
      const before = await snapshot();
      const refused = await uploadMedia(id, {
        media_files: [await jpegFile(), aviFile(), file(shellScript(), 'x.jpg', 'image/jpeg')],
      });
      expect(refused.statusCode).toBe(415);
      expect(await snapshot()).toEqual(before);
      const refusedLater = await uploadMedia(id, {
        media_files: [await jpegFile(), aviFile(), file(textAvi(), 'faux.avi', 'video/x-msvideo')],
      });
      expect(refusedLater.statusCode).toBe(422);
      expect(refusedLater.json().errors).toEqual({ media_files: [VIDEO_UNREADABLE_MESSAGE] });
      expect(await snapshot()).toEqual(before);

      const res = await uploadMedia(id, { media_files: [await jpegFile(), aviFile()] });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.media.map((m: Item) => [m.type, m.status])).toEqual([
        ['image', 'ready'],
        ['video', 'processing'],
      ]);
      await convertQueued();
      expect((await list(id)).counters).toEqual({ images: 2, videos: 1 });
    });

    it.each([
      ['a 20000×20000 pixel bomb', () => pixelBombPng(), 'bomb.png', 422],
      ['a shell script named .jpg', async () => shellScript(), 'photo.jpg', 415],
      ['an HTML page', async () => htmlPage(), 'page.png', 415],
      ['an SVG with a script', async () => svgWithScript(), 'logo.svg', 415],
      ['a truncated PNG', () => truncatedPng(), 'cut.png', 422],
      ['random bytes named .mp4', async () => randomBytes(64 * 1024), 'clip.mp4', 415],
      ['an MP4 header on random bytes', async () => fakeMp4Bytes, 'fake.mp4', 422],
      ['a text file that starts like an AVI', async () => textAvi(), 'film.avi', 422],
    ])('refuses %s in French and keeps nothing (no row, no file)', async (_name, make, filename, status) => {
      const id = await newProduct();
      const before = await snapshot();
      const res = await uploadMedia(id, {
        media_files: file(await make(), filename, 'application/octet-stream'),
      });
      expect(res.statusCode).toBe(status);
      const [message] = res.json().errors.media_files;
      expect(res.json().message).toBe(message);
      expect(message).toMatch(
        status === 415 ? MEDIA_TYPE_MESSAGE : /^(Le fichier doit être une image|Vidéo illisible)/,
      );
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an image over 5 MB and a video over the limit while they stream, and keeps nothing', async () => {
      const id = await newProduct();
      const before = await snapshot();
      const image = await uploadMedia(id, {
        media_files: file(await noisePng(1450, 1450), 'big.png', 'image/png'),
      });
      expect(image.statusCode).toBe(413);
      expect(image.json()).toMatchObject({
        message: IMAGE_TOO_LARGE_MESSAGE,
        errors: { media_files: [IMAGE_TOO_LARGE_MESSAGE] },
      });
      const big = Buffer.concat([videos.avi, randomBytes(TEST_VIDEO_MAX_BYTES)]);
      const video = await uploadMedia(id, { media_files: file(big, 'long.avi', 'video/x-msvideo') });
      expect(video.statusCode).toBe(413);
      expect(video.json()).toMatchObject({
        message: VIDEO_TOO_LARGE_MESSAGE,
        errors: { media_files: [VIDEO_TOO_LARGE_MESSAGE] },
      });
      expect(VIDEO_TOO_LARGE_MESSAGE).toBe('La vidéo est trop volumineuse (max 50MB)');
      expect(await snapshot()).toEqual(before);
    });

    it('removes the streamed video when the form is refused after it was read', async () => {
      const id = await newProduct();
      const before = await snapshot();
      const res = await uploadMedia(id, { media_files: aviFile(), alt_texts: 'x'.repeat(201) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['alt_texts.0']).toEqual([
        'Le texte alternatif ne peut pas dépasser 200 caractères',
      ]);
      const unknown = await uploadMedia(999999, { media_files: aviFile() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Produit non trouvé');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a form without files, more than ten, and files named by a JSON body', async () => {
      const id = await newProduct();
      const before = await snapshot();
      const none = await uploadMedia(id, { alt_texts: 'rien' });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.media_files).toEqual([MEDIA_REQUIRED_MESSAGE]);
      const jpeg = await jpegFile();
      const many = await uploadMedia(id, { media_files: Array.from({ length: 11 }, () => jpeg) });
      expect(many.statusCode).toBe(413);
      expect(many.json().message).toBe('Trop de fichiers : 10 au plus par envoi');
      const secret = path.join(fixtures, 'secret.avi');
      writeFileSync(secret, videos.avi);
      const forged = await call('POST', `/admin/products/${id}/images`, {
        media_files: [{ kind: 'video', path: secret, sizeBytes: videos.avi.length, container: 'avi' }],
      });
      expect(forged.statusCode).toBe(422);
      expect(forged.json().errors.media_files).toEqual([MEDIA_REQUIRED_MESSAGE]);
      expect(existsSync(secret)).toBe(true);
      expect(await snapshot()).toEqual(before);
    });

    it('removes what was streamed when the client goes away mid-upload', async () => {
      const id = await newProduct();
      const before = await snapshot();
      const { port } = new URL(await listening());
      const boundary = 'souk-coupure';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media_files"; filename="long.avi"\r\n` +
          'Content-Type: video/x-msvideo\r\n\r\n',
      );
      const request = http.request({
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: `/api/admin/products/${id}/images`,
        headers: {
          ...admin,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + videos.longAvi.length + 1000),
        },
      });
      request.on('error', () => {});
      request.write(Buffer.concat([head, videos.longAvi.subarray(0, 256 * 1024)]));
      // The server has started writing the video…
      await vi.waitFor(() => expect(dirs().tmp).toHaveLength(1), { timeout: 10_000 });
      // …when the client goes.
      request.destroy();
      await vi.waitFor(() => expect(dirs().tmp).toEqual([]), { timeout: 10_000 });
      expect(await snapshot()).toEqual(before);
    });

    it('answers the next request on the connection after refusing a file before reading it', async () => {
      const id = await newProduct();
      const address = await listening();
      // One connection, kept alive between calls, as a browser keeps it for the back office.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // Every call below is to travel on the one connection the first opens.
      let connections = 0;
      const counted = () => {
        connections += 1;
      };
      t.app.server.on('connection', counted);
      const send = (
        method: string,
        url: string,
        body?: { payload: Buffer; headers: Record<string, string> },
      ) =>
        new Promise<{ status: number; json: { message?: string } }>((resolve, reject) => {
          const request = http.request(new URL(url, address), {
            agent,
            method,
            headers: { ...admin, ...body?.headers },
          });
          request.on('error', reject);
          request.on('response', (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                json: JSON.parse(Buffer.concat(chunks).toString()),
              }),
            );
          });
          request.end(body?.payload);
        });
      try {
        // Refused by its first bytes (415) and by its size while it streams (413): most of each
        // body is still on its way when the answer goes, or (the small one) already arrived unread.
        const refusals = [
          [file(Buffer.concat([htmlPage(), randomBytes(200 * 1024)]), 'petite.avi', 'video/x-msvideo'), 415],
          [
            file(Buffer.concat([htmlPage(), randomBytes(3 * 1024 * 1024)]), 'page.avi', 'video/x-msvideo'),
            415,
          ],
          [
            file(
              Buffer.concat([videos.avi, randomBytes(4 * TEST_VIDEO_MAX_BYTES)]),
              'long.avi',
              'video/x-msvideo',
            ),
            413,
          ],
        ] as const;
        for (const [refused, status] of refusals) {
          const answer = await send(
            'POST',
            `/api/admin/products/${id}/images`,
            await multipart({ media_files: refused }),
          );
          expect(answer.status).toBe(status);
          const next = await send('GET', `/api/admin/products/${id}/images`);
          expect(next.status).toBe(200);
          expect(next.json).toMatchObject({ success: true });
          // On the same connection: the rest of the refused form was read and dropped.
          expect(connections).toBe(1);
        }
      } finally {
        t.app.server.off('connection', counted);
        agent.destroy();
      }
    });

    it('refuses a video that needs converting when ffmpeg is missing, keeps a playable one without poster', async () => {
      const bare = await createTestApp(engine, { env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } });
      try {
        const auth = (await signedInUser(bare.db, { role: 'admin' })).auth;
        const { upload: send } = apiAs(() => ({ app: bare.app, auth }));
        const category = await addCategory(bare.db, { name: 'Sans ffmpeg' });
        const { product } = await addProduct(bare.db, {
          name: 'Sans ffmpeg',
          category_id: category.id,
          base_price: 1,
        });
        const before = await fingerprint(bare.db);
        const res = await send('POST', `/admin/products/${product.id}/images`, { media_files: aviFile() });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toMatchObject({
          message: VIDEO_CONVERSION_UNAVAILABLE_MESSAGE,
          errors: { media_files: [VIDEO_CONVERSION_UNAVAILABLE_MESSAGE] },
        });
        expect(await fingerprint(bare.db)).toEqual(before);
        for (const dir of [bare.config.mediaDir, bare.config.tmpDir, bare.config.videoSourceDir])
          expect(mediaFiles(dir)).toEqual([]);

        const playable = await send('POST', `/admin/products/${product.id}/images`, {
          media_files: mp4File(),
        });
        expect(playable.statusCode).toBe(201);
        await bare.app.jobs.runDue();
        const data = (
          await bare.app.inject({
            method: 'GET',
            url: `/api/admin/products/${product.id}/images`,
            headers: auth,
          })
        ).json().data;
        expect(data.videos[0]).toMatchObject({ status: 'ready', image: null });
        expect(data.videos[0].video_url).toMatch(/\.mp4$/);
      } finally {
        await bare.close();
      }
    });
  });

  describe('conversion failures', () => {
    it("marks the video 'failed' with a French reason and removes its files", async () => {
      const id = await newProduct();
      const before = dirs();
      const [video] = (await uploadMedia(id, { media_files: aviFile() })).json().data.media as Item[];
      // The source is damaged before its turn comes.
      const [row] = await t.db
        .select()
        .from(product_media)
        .where(eq(product_media.id, video?.id as number));
      writeFileSync(path.join(t.config.videoSourceDir, row?.source_path as string), textAvi());
      await convertQueued();
      const failed = (await list(id)).videos[0] as Item;
      expect(failed).toMatchObject({ status: 'failed', video_url: null, image: null });
      expect(failed.error).toBe(VIDEO_UNREADABLE_MESSAGE);
      expect(dirs()).toEqual(before);
      expect((await shop(id)).videos).toEqual([]);
      const res = await call('DELETE', `/admin/products/${id}/images/${failed.id}`);
      expect(res.json()).toEqual({ success: true, message: 'Vidéo supprimée avec succès' });
      expect((await list(id)).videos).toEqual([]);
    });
  });

  describe('update', () => {
    it('changes the texts and the place of a media', async () => {
      const id = await newProduct();
      const [item] = (await uploadMedia(id, { media_files: await jpegFile() })).json().data.media as Item[];
      const res = await call('PUT', `/admin/products/${id}/images/${item?.id}`, {
        alt_text: ' Vue de côté ',
        title: 'Côté',
        sort_order: 5,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Image mise à jour avec succès');
      expect(res.json().data.media).toMatchObject({ alt_text: 'Vue de côté', title: 'Côté', sort_order: 5 });
      const cleared = await call('PUT', `/admin/products/${id}/images/${item?.id}`, { alt_text: '' });
      expect(cleared.json().data.media).toMatchObject({ alt_text: null, title: 'Côté' });
    });

    it('makes an image the main one: first, the others renumbered after it, the shop shows it', async () => {
      const id = await newProduct();
      const added = (await uploadMedia(id, { media_files: [await jpegFile(), await jpegFile()] })).json().data
        .media as Item[];
      const last = added[1] as Item;
      const res = await call('PUT', `/admin/products/${id}/images/${last.id}`, { is_main: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Image principale mise à jour');
      expect(res.json().data.media).toMatchObject({ id: last.id, is_main: true, sort_order: 0 });
      const { images } = await list(id);
      expect(images.map((m: Item) => m.sort_order)).toEqual([0, 1, 2]);
      expect(images[0].id).toBe(last.id);
      expect(images.filter((m: Item) => m.is_main)).toHaveLength(1);
      const shown = await shop(id);
      expect(shown.image.url).toBe(last.image?.url);
      const listed = (
        await t.app.inject({ method: 'GET', url: `/api/products?category_id=${categoryId}&per_page=100` })
      )
        .json()
        .data.products.find((p: { id: number }) => p.id === id);
      expect(listed.image_main).toBe(last.image?.url);
    });

    it('refuses to make a video the main image, and answers 404 for what does not exist', async () => {
      const id = await newProduct();
      const [video] = (await uploadMedia(id, { media_files: aviFile() })).json().data.media as Item[];
      await convertQueued();
      const res = await call('PUT', `/admin/products/${id}/images/${video?.id}`, { is_main: true });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ is_main: [VIDEO_NOT_MAIN_MESSAGE] });
      const titled = await call('PUT', `/admin/products/${id}/images/${video?.id}`, { title: 'Tournage' });
      expect(titled.json().message).toBe('Vidéo mise à jour avec succès');
      const other = await newProduct();
      for (const url of [
        `/admin/products/${other}/images/${video?.id}`,
        `/admin/products/${id}/images/999999`,
      ]) {
        const missing = await call('PUT', url, { title: 'x' });
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toBe('Média non trouvé');
      }
      expect(
        (await call('PUT', `/admin/products/999999/images/${video?.id}`, { title: 'x' })).json().message,
      ).toBe('Produit non trouvé');
      const invalid = await call('PUT', `/admin/products/${id}/images/${video?.id}`, { sort_order: -1 });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json().errors)).toEqual(['sort_order']);
    });
  });

  describe('delete', () => {
    it('deletes an image and a video with their files', async () => {
      const id = await newProduct();
      const before = dirs().media;
      const [image, video] = (await uploadMedia(id, { media_files: [await jpegFile(), aviFile()] })).json()
        .data.media as Item[];
      await convertQueued();
      expect(dirs().media.length).toBeGreaterThan(before.length);
      const gone = await call('DELETE', `/admin/products/${id}/images/${image?.id}`);
      expect(gone.json()).toEqual({ success: true, message: 'Image supprimée avec succès' });
      const goneVideo = await call('DELETE', `/admin/products/${id}/images/${video?.id}`);
      expect(goneVideo.json()).toEqual({ success: true, message: 'Vidéo supprimée avec succès' });
      expect(dirs().media).toEqual(before);
      expect((await list(id)).counters).toEqual({ images: 1, videos: 0 });
      const again = await call('DELETE', `/admin/products/${id}/images/${video?.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Média non trouvé');
      expect((await call('DELETE', `/admin/products/999999/images/${video?.id}`)).statusCode).toBe(404);
    });

    it('deletes a video still waiting for its conversion: the conversion never runs, nothing is left', async () => {
      const id = await newProduct();
      const before = dirs();
      const [video] = (await uploadMedia(id, { media_files: aviFile() })).json().data.media as Item[];
      expect((await call('DELETE', `/admin/products/${id}/images/${video?.id}`)).statusCode).toBe(200);
      await convertQueued();
      expect(dirs()).toEqual(before);
      expect((await list(id)).videos).toEqual([]);
    });

    it("deletes a product with its videos' files", async () => {
      const id = await newProduct();
      const before = dirs();
      await uploadMedia(id, { media_files: [aviFile(), mp4File()] });
      await convertQueued();
      await uploadMedia(id, { media_files: aviFile() }); // still waiting: its source goes too
      const res = await call('DELETE', `/admin/products/${id}`);
      expect(res.statusCode).toBe(200);
      await convertQueued();
      expect(dirs()).toEqual(before);
    });
  });

  describe('reorder', () => {
    it('renumbers the images in the given order and answers the whole list', async () => {
      const id = await newProduct();
      await uploadMedia(id, { media_files: [await jpegFile(), await jpegFile(), aviFile(), mp4File()] });
      await convertQueued();
      const { images, videos } = await list(id);
      const reversed = images.map((m: Item) => m.id).reverse();
      const res = await call('POST', `/admin/products/${id}/images/reorder`, { image_order: reversed });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Ordre des images mis à jour');
      const data = res.json().data;
      expect(data.images.map((m: Item) => m.id)).toEqual(reversed);
      expect(data.images.map((m: Item) => m.sort_order)).toEqual([0, 1, 2]);
      expect(data.images.map((m: Item) => m.is_main)).toEqual([true, false, false]);
      expect(data.counters).toEqual({ images: 3, videos: 2 });
      expect((await shop(id)).image.url).toBe(data.images[0].image.url);

      expect(videos.map((m: Item) => [m.status, m.error])).toEqual([
        ['ready', null],
        ['ready', null],
      ]);
      const videoOrder = videos.map((m: Item) => m.id).reverse();
      const moved = await call('POST', `/admin/products/${id}/images/reorder`, { image_order: videoOrder });
      expect(moved.json().message).toBe('Ordre des vidéos mis à jour');
      expect(moved.json().data.videos.map((m: Item) => m.id)).toEqual(videoOrder);
      expect((await shop(id)).videos.map((v: { id: number }) => v.id)).toEqual(videoOrder);
    });

    it('refuses an order that is not exactly the images (or the videos), each once', async () => {
      const id = await newProduct();
      await uploadMedia(id, { media_files: [await jpegFile(), aviFile()] });
      const { images, videos } = await list(id);
      const [a, b] = images.map((m: Item) => m.id) as [number, number];
      const other = (await list(await newProduct())).images[0].id;
      const before = await fingerprint(t.db);
      for (const order of [[a], [a, b, b], [a, a], [a, other], [a, b, videos[0].id], [999999]]) {
        const res = await call('POST', `/admin/products/${id}/images/reorder`, { image_order: order });
        expect(res.statusCode, JSON.stringify(order)).toBe(422);
        expect(res.json().errors).toEqual({ image_order: [REORDER_MESSAGE] });
      }
      const empty = await call('POST', `/admin/products/${id}/images/reorder`, { image_order: [] });
      expect(empty.json().errors.image_order).toEqual(["L'ordre des images est requis"]);
      expect(
        (await call('POST', '/admin/products/999999/images/reorder', { image_order: [a] })).statusCode,
      ).toBe(404);
      expect(await fingerprint(t.db)).toEqual(before);
      await convertQueued();
    });
  });
});

describe.each(engines)('video conversions across restarts on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
    const category = await addCategory(t.db, { name: 'Reprises' });
    productId = (await addProduct(t.db, { name: 'Reprise', category_id: category.id, base_price: 1 })).product
      .id;
  });
  afterAll(() => t?.close());

  const { call, upload } = apiAs(() => ({ app: t.app, auth: admin }));
  const videosOf = async () =>
    (await call('GET', `/admin/products/${productId}/images`)).json().data.videos as Item[];
  const rowOf = async (id: number) =>
    (await t.db.select().from(product_media).where(eq(product_media.id, id)))[0];
  const conversionJob = async (mediaId: number) =>
    (
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, conversionKey(mediaId)))
    )[0];

  it('stops a running conversion on close (no ffmpeg left), and the next start converts it', async () => {
    const res = await upload('POST', `/admin/products/${productId}/images`, {
      media_files: file(videos.longAvi, 'long.avi', 'video/x-msvideo'),
    });
    expect(res.statusCode).toBe(201);
    const [video] = res.json().data.media as Item[];
    // A second one, waiting its turn, whose source has gone by the next start.
    const [orphan] = (
      await upload('POST', `/admin/products/${productId}/images`, { media_files: aviFile() })
    ).json().data.media as Item[];
    const orphanSource = (await rowOf(orphan?.id as number))?.source_path as string;
    // The conversions run as the server runs them…
    const running = t.app.jobs.runDue();
    // …ffmpeg is writing the first one's MP4…
    await vi.waitFor(
      () => expect(mediaFiles(t.config.mediaDir).some((f) => f.endsWith('.partial'))).toBe(true),
      {
        timeout: 20_000,
        interval: 20,
      },
    );

    // …when the server stops.
    await t.restart({
      whileStopped: async () => {
        await running;
        expect(childProcesses()).toEqual([]);
        const stopped = await rowOf(video?.id as number);
        expect(stopped).toMatchObject({ status: 'processing' });
        expect(existsSync(path.join(t.config.videoSourceDir, stopped?.source_path as string))).toBe(true);
        expect(mediaFiles(t.config.mediaDir).filter((f) => /\.(mp4|partial)$/.test(f))).toEqual([]);
        // Its job is back in the queue, the stopped attempt not counted.
        expect(await conversionJob(video?.id as number)).toMatchObject({ status: 'queued', attempts: 0 });
        rmSync(path.join(t.config.videoSourceDir, orphanSource));
      },
    });
    await t.app.jobs.runDue();
    const [ready, failed] = await videosOf();
    expect(ready).toMatchObject({ id: video?.id, status: 'ready', progress: 1 });
    expect(ready?.duration_seconds).toBeGreaterThan(29);
    expect(failed).toMatchObject({ id: orphan?.id, status: 'failed', error: VIDEO_SOURCE_MISSING_MESSAGE });
    expect(mediaFiles(t.config.videoSourceDir)).toEqual([]);
  });

  it('stops a conversion under way when its video is deleted: no ffmpeg left, no file', async () => {
    const before = mediaFiles(t.config.mediaDir);
    const res = await upload('POST', `/admin/products/${productId}/images`, {
      media_files: file(videos.longAvi, 'long.avi', 'video/x-msvideo'),
    });
    const [video] = res.json().data.media as Item[];
    const running = t.app.jobs.runDue();
    await vi.waitFor(
      () => expect(mediaFiles(t.config.mediaDir).some((f) => f.endsWith('.partial'))).toBe(true),
      { timeout: 20_000, interval: 20 },
    );
    const gone = await call('DELETE', `/admin/products/${productId}/images/${video?.id}`);
    expect(gone.statusCode).toBe(200);
    await running;
    expect(childProcesses()).toEqual([]);
    expect(mediaFiles(t.config.mediaDir)).toEqual(before);
    expect(mediaFiles(t.config.videoSourceDir)).toEqual([]);
    expect(await conversionJob(video?.id as number)).toMatchObject({ status: 'done' });
  });

  it('leaves a conversion another process holds alone, and takes it once its lease has run out', async () => {
    const res = await upload('POST', `/admin/products/${productId}/images`, { media_files: aviFile() });
    const [video] = res.json().data.media as Item[];
    // Another process took it: its lease runs for another minute.
    await t.db.execute(
      sql`update jobs set status = 'running', attempts = attempts + 1, locked_by = 'autre-processus',
                          locked_until = now() + interval '1 minute'
           where key = ${conversionKey(video?.id as number)}`,
    );
    await t.app.jobs.runDue();
    expect(await rowOf(video?.id as number)).toMatchObject({ status: 'processing' });

    // That process died: once the lease has run out, this one converts it.
    await t.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where kind = ${VIDEO_JOB}`,
    );
    await t.app.jobs.runDue();
    expect(await rowOf(video?.id as number)).toMatchObject({ status: 'ready', progress: 1 });
    expect(await conversionJob(video?.id as number)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('queues at start a conversion for a video still waiting without one', async () => {
    const res = await upload('POST', `/admin/products/${productId}/images`, { media_files: aviFile() });
    const [video] = res.json().data.media as Item[];
    // As uploaded before conversions were jobs: the row alone.
    await t.db.delete(jobs).where(eq(jobs.key, conversionKey(video?.id as number)));
    await t.restart();
    expect(await conversionJob(video?.id as number)).toMatchObject({ status: 'queued' });
    await t.app.jobs.runDue();
    expect(await rowOf(video?.id as number)).toMatchObject({ status: 'ready' });
  });
});
