import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#shared/app-error.ts';
import {
  childProcesses,
  fakeMp4,
  makeAudioOnlyMp4,
  makeVideo,
  topLevelBoxes,
} from '../../test/video-fixtures.ts';
import {
  assertVideoLimits,
  convertVideo,
  extractPoster,
  FFMPEG_THREADS,
  ffmpegAvailable,
  playableAsIs,
  prepareVideo,
  probeVideo,
  remuxFaststart,
  sniffVideo,
  VIDEO_CONVERSION_UNAVAILABLE_MESSAGE,
  VIDEO_MAX_BYTES,
  VIDEO_TYPE_MESSAGE,
  VIDEO_UNREADABLE_MESSAGE,
  type VideoProbe,
  videoTools,
} from './video-pipeline.ts';

const execFileAsync = promisify(execFile);

let root: string;
/** Inputs, made once for the file. */
let fixtures: string;
/** Outputs, emptied after each test. */
let out: string;
const videos = {} as Record<'aviMpeg4' | 'movH264' | 'mp4H264' | 'mp4Mpeg4' | 'longAvi', string>;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'souk-video-'));
  fixtures = path.join(root, 'fixtures');
  mkdirSync(fixtures);
  [videos.aviMpeg4, videos.movH264, videos.mp4H264, videos.mp4Mpeg4, videos.longAvi] = await Promise.all([
    makeVideo(fixtures, { container: 'avi', codec: 'mpeg4' }),
    makeVideo(fixtures, { container: 'mov', codec: 'h264' }),
    makeVideo(fixtures, { container: 'mp4', codec: 'h264', metadata: { title: 'Chez moi', comment: 'GPS' } }),
    makeVideo(fixtures, { container: 'mp4', codec: 'mpeg4', audio: false }),
    // Long enough for ffmpeg to report progress several times before it is done.
    makeVideo(fixtures, { container: 'avi', codec: 'mpeg4', seconds: 20, size: '320x240' }),
  ]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeEach(() => {
  out = path.join(root, 'out');
  mkdirSync(out);
});
afterEach(() => {
  rmSync(out, { recursive: true, force: true });
  expect(childProcesses()).toEqual([]);
});

const output = (name = 'video.mp4') => path.join(out, name);

const missingFfmpeg = { ...videoTools(), ffmpeg: '/nonexistent/ffmpeg' };

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

async function ffprobeStreams(file: string) {
  const { stdout } = await execFileAsync('ffprobe', [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  return JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
    format: { duration: string; format_name: string; tags?: Record<string, string> };
  };
}

describe('sniffVideo', () => {
  const head = (file: string) => readFileSync(file).subarray(0, 64);

  it('tells MP4, MOV and AVI from their first bytes', () => {
    expect(sniffVideo(head(videos.mp4H264))).toEqual({ container: 'mp4' });
    expect(sniffVideo(head(videos.movH264))).toEqual({ container: 'mov' });
    expect(sniffVideo(head(videos.aviMpeg4))).toEqual({ container: 'avi' });
  });

  it('refuses whatever else, whatever its name says', async () => {
    const named = path.join(fixtures, 'random.mp4');
    writeFileSync(named, randomBytes(4096));
    const riffText = Buffer.from('RIFF et ceci est un texte, pas une vidéo.\n'.repeat(4));
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .avif({ effort: 0 })
      .toBuffer();
    for (const bytes of [head(named), riffText, webp, png, avif, Buffer.from('ftyp'), new Uint8Array(0)])
      expect(sniffVideo(bytes)).toBeNull();
  });
});

describe('probeVideo', () => {
  it('reads the duration, size and codecs', async () => {
    const avi = await probeVideo(videos.aviMpeg4);
    expect(avi).toMatchObject({
      container: 'avi',
      width: 160,
      height: 120,
      videoCodec: 'mpeg4',
      audioCodec: 'mp3',
    });
    expect(avi.durationSeconds).toBeGreaterThan(0.9);
    expect(avi.durationSeconds).toBeLessThan(1.2);
    expect(avi.sizeBytes).toBeGreaterThan(0);

    const mov = await probeVideo(videos.movH264);
    expect(mov).toMatchObject({
      container: 'mov',
      videoCodec: 'h264',
      pixelFormat: 'yuv420p',
      audioCodec: 'aac',
    });
    expect(await probeVideo(videos.mp4Mpeg4)).toMatchObject({ container: 'mp4', audioCodec: null });
  });

  it('gives the size as displayed (pixel aspect ratio applied)', async () => {
    const anamorphic = await makeVideo(fixtures, {
      container: 'avi',
      codec: 'mjpeg',
      sar: '2',
      audio: false,
    });
    expect(await probeVideo(anamorphic)).toMatchObject({ width: 320, height: 120 });
  });

  it('gives the size as displayed (rotation applied), and so does the MP4 made of it', async () => {
    const upright = await makeVideo(fixtures, { container: 'mov', codec: 'h264', rotate: 90 });
    expect(await probeVideo(upright)).toMatchObject({ width: 120, height: 160 });
    // Remuxed, the rotation is kept; converted, the pictures themselves are turned.
    expect((await prepareVideo(upright, output('remuxed.mp4'))).result).toMatchObject({
      width: 120,
      height: 160,
    });
    await convertVideo(upright, output('converted.mp4'), { durationSeconds: 1 });
    const converted = (await ffprobeStreams(output('converted.mp4'))).streams[0];
    expect(converted).toMatchObject({ width: 120, height: 160 });
  });

  it('refuses a file that only looks like an MP4, in French, leaving nothing behind', async () => {
    const fake = await fakeMp4(out);
    const before = readdirSync(out);
    const error = await rejection(probeVideo(fake));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'validation', status: 422, message: VIDEO_UNREADABLE_MESSAGE });
    expect(readdirSync(out)).toEqual(before);
    expect(childProcesses()).toEqual([]);
  });

  it('refuses an MP4 without pictures, and a file of no video type', async () => {
    await expect(probeVideo(await makeAudioOnlyMp4(fixtures))).rejects.toMatchObject({
      code: 'validation',
      message: VIDEO_UNREADABLE_MESSAGE,
    });
    const text = path.join(fixtures, 'notes.avi');
    writeFileSync(text, 'RIFF, mais un simple texte renommé en .avi\n'.repeat(10));
    await expect(probeVideo(text)).rejects.toMatchObject({
      code: 'unsupported_type',
      status: 415,
      message: VIDEO_TYPE_MESSAGE,
    });
  });
});

describe('playableAsIs and the limits', () => {
  it('keeps H.264 (8-bit 4:2:0) with AAC or no sound in an MP4/MOV, converts the rest', async () => {
    expect(playableAsIs(await probeVideo(videos.mp4H264))).toBe(true);
    expect(playableAsIs(await probeVideo(videos.movH264))).toBe(true);
    expect(playableAsIs(await probeVideo(videos.aviMpeg4))).toBe(false);
    expect(playableAsIs(await probeVideo(videos.mp4Mpeg4))).toBe(false);
    const h264Yuv444 = await makeVideo(fixtures, { container: 'mp4', codec: 'h264', pixelFormat: 'yuv444p' });
    expect(playableAsIs(await probeVideo(h264Yuv444))).toBe(false);
    const silent = await makeVideo(fixtures, { container: 'mp4', codec: 'h264', audio: false });
    expect(playableAsIs(await probeVideo(silent))).toBe(true);
  });

  it('refuses a video above the upload limits', () => {
    const probe: VideoProbe = {
      container: 'mp4',
      durationSeconds: 30,
      width: 1920,
      height: 1080,
      videoCodec: 'h264',
      pixelFormat: 'yuv420p',
      audioCodec: 'aac',
      sizeBytes: 1000,
    };
    expect(() => assertVideoLimits(probe)).not.toThrow();
    // The domain's limits (README: 50 MB, 5 minutes), the same the upload route and the screen use.
    expect(VIDEO_MAX_BYTES).toBe(50 * 1024 * 1024);
    expect(() => assertVideoLimits({ ...probe, sizeBytes: VIDEO_MAX_BYTES + 1 })).toThrow(
      'La vidéo est trop volumineuse (max 50MB)',
    );
    expect(() => assertVideoLimits({ ...probe, durationSeconds: 301 })).toThrow(
      'La vidéo est trop longue (max 5 minutes)',
    );
    expect(() => assertVideoLimits({ ...probe, sizeBytes: VIDEO_MAX_BYTES + 1 })).toThrow(
      expect.objectContaining({ code: 'too_large', status: 413 }),
    );
    expect(() => assertVideoLimits({ ...probe, durationSeconds: 3600 })).toThrow(/trop longue/);
    expect(() => assertVideoLimits({ ...probe, width: 20_000, height: 20_000 })).toThrow(
      VIDEO_UNREADABLE_MESSAGE,
    );
  });
});

describe('convertVideo', () => {
  it('turns an AVI (MPEG-4) into a faststart MP4 with H.264 and AAC, reporting progress', async () => {
    const target = output();
    const fractions: number[] = [];
    await convertVideo(videos.aviMpeg4, target, {
      durationSeconds: 1,
      progressIntervalMs: 10,
      onProgress: (f) => fractions.push(f),
    });

    const probe = await ffprobeStreams(target);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 160, height: 120 });
    expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Number(probe.format.duration)).toBeGreaterThan(0.9);
    const boxes = await topLevelBoxes(target);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    expect(fractions.at(-1)).toBe(1);
    expect(fractions.length).toBeGreaterThan(1);
    for (let i = 1; i < fractions.length; i++)
      expect(fractions[i]).toBeGreaterThan(fractions[i - 1] as number);
    expect(fractions.every((f) => f > 0 && f <= 1)).toBe(true);
    expect(readdirSync(out)).toEqual(['video.mp4']);
  });

  it('fits the picture in 1280×1280 with even sides, whatever its orientation and pixel shape', async () => {
    const cases = [
      [{ size: '1600x200' }, [1280, 160]],
      [{ size: '200x1600' }, [160, 1280]],
      [{ size: '161x121' }, [160, 120]],
      [{ size: '800x200', sar: '2' }, [1280, 160]],
    ] as const;
    const made = await Promise.all(
      cases.map(async ([spec]) => {
        const input = await makeVideo(fixtures, {
          container: 'avi',
          codec: 'mjpeg',
          audio: false,
          seconds: 0.2,
          ...spec,
        });
        const target = output(`${spec.size}.mp4`);
        await convertVideo(input, target, { durationSeconds: 0.2 });
        return probeVideo(target);
      }),
    );
    expect(made.map((probe) => [probe.width, probe.height])).toEqual(cases.map(([, size]) => size));
    for (const probe of made) expect(probe).toMatchObject({ videoCodec: 'h264', audioCodec: null });
  });

  it('stops when aborted: rejects, removes the partial file, leaves no ffmpeg running', async () => {
    const controller = new AbortController();
    const fractions: number[] = [];
    let commandLine: string[] = [];
    const error = await rejection(
      convertVideo(videos.longAvi, output(), {
        durationSeconds: 20,
        progressIntervalMs: 10,
        signal: controller.signal,
        onProgress: (f) => {
          fractions.push(f);
          const [pid] = childProcesses(['ffmpeg']);
          commandLine = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0');
          controller.abort();
        },
      }),
    );
    expect(error).toMatchObject({ name: 'AbortError' });
    // A conversion leaves the shop a core: two threads to decode, two to encode, one for filters.
    const threads = commandLine.flatMap((arg, i) => (arg === '-threads' ? [commandLine[i + 1]] : []));
    expect(threads).toEqual([String(FFMPEG_THREADS), String(FFMPEG_THREADS)]);
    expect(FFMPEG_THREADS).toBeLessThanOrEqual(2);
    expect(commandLine[commandLine.indexOf('-filter_threads') + 1]).toBe('1');
    expect(fractions).toHaveLength(1);
    expect(fractions[0]).toBeLessThan(1);
    expect(readdirSync(out)).toEqual([]);
    expect(childProcesses()).toEqual([]);
  });

  it('does not start when already aborted, and gives up after its time limit', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      convertVideo(videos.aviMpeg4, output(), { durationSeconds: 1, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });

    const error = await rejection(
      convertVideo(videos.longAvi, output(), { durationSeconds: 20, timeoutMs: 1 }),
    );
    expect(error).toMatchObject({
      code: 'validation',
      message: 'Le traitement de la vidéo a pris trop de temps',
    });
    expect(readdirSync(out)).toEqual([]);
    expect(childProcesses()).toEqual([]);
  });

  it('refuses, in French, a file ffmpeg cannot decode, and a file of no video type', async () => {
    const error = await rejection(convertVideo(await fakeMp4(fixtures), output(), { durationSeconds: 1 }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/^La conversion de la vidéo a échoué/),
    });
    expect((error as Error).cause).toEqual(expect.any(String));
    expect(readdirSync(out)).toEqual([]);

    const png = path.join(fixtures, 'picture.mp4');
    writeFileSync(
      png,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    await expect(convertVideo(png, output(), { durationSeconds: 1 })).rejects.toMatchObject({
      code: 'unsupported_type',
    });
  });
});

describe('without ffmpeg', () => {
  it('says so, and refuses a video that needs converting with a clear French message', async () => {
    expect(await ffmpegAvailable()).toBe(true);
    expect(await ffmpegAvailable(missingFfmpeg)).toBe(false);

    const error = await rejection(
      convertVideo(videos.aviMpeg4, output(), { durationSeconds: 1, tools: missingFfmpeg }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'unsupported_type',
      message: VIDEO_CONVERSION_UNAVAILABLE_MESSAGE,
    });
    expect((error as Error).message).toMatch(/ffmpeg n'est pas installé/);
    await expect(prepareVideo(videos.aviMpeg4, output(), { tools: missingFfmpeg })).rejects.toMatchObject({
      message: VIDEO_CONVERSION_UNAVAILABLE_MESSAGE,
    });
    await expect(extractPoster(videos.movH264, out, { tools: missingFfmpeg })).rejects.toMatchObject({
      code: 'unsupported_type',
    });
    expect(readdirSync(out)).toEqual([]);
  });

  it('keeps a playable MP4 as it is', async () => {
    const prepared = await prepareVideo(videos.mp4H264, output(), { tools: missingFfmpeg });
    expect(prepared.action).toBe('copied');
    expect(readFileSync(output())).toEqual(readFileSync(videos.mp4H264));
  });

  it('refuses every video without ffprobe', async () => {
    await expect(
      probeVideo(videos.mp4H264, {
        tools: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' },
      }),
    ).rejects.toMatchObject({
      code: 'unsupported_type',
      message: expect.stringMatching(/n'est pas installé/),
    });
  });
});

describe('remuxFaststart and prepareVideo', () => {
  it('moves moov before mdat without re-encoding, and drops the metadata', async () => {
    expect(await topLevelBoxes(videos.mp4H264)).toEqual(['ftyp', 'free', 'mdat', 'moov']);
    const target = output();
    await remuxFaststart(videos.mp4H264, target);
    const boxes = await topLevelBoxes(target);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const probe = await ffprobeStreams(target);
    expect(probe.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(probe.format.tags?.title).toBeUndefined();
    expect(probe.format.tags?.comment).toBeUndefined();
    expect((await ffprobeStreams(videos.mp4H264)).format.tags?.title).toBe('Chez moi');
  });

  it('remuxes what plays and converts the rest, each into an MP4', async () => {
    const mov = await prepareVideo(videos.movH264, output('from-mov.mp4'));
    expect(mov.action).toBe('remuxed');
    expect(mov.source.container).toBe('mov');
    expect(mov.result).toMatchObject({ container: 'mp4', videoCodec: 'h264', audioCodec: 'aac' });

    const fractions: number[] = [];
    const avi = await prepareVideo(videos.aviMpeg4, output('from-avi.mp4'), {
      onProgress: (f) => fractions.push(f),
    });
    expect(avi.action).toBe('converted');
    expect(avi.result).toMatchObject({ container: 'mp4', videoCodec: 'h264', audioCodec: 'aac' });
    expect(fractions.at(-1)).toBe(1);
    expect(readdirSync(out).sort()).toEqual(['from-avi.mp4', 'from-mov.mp4']);
  });
});

describe('extractPoster', () => {
  it('writes a frame of the video as WebP widths through the image pipeline', async () => {
    const mediaDir = path.join(out, 'media');
    const poster = await extractPoster(videos.movH264, mediaDir);
    expect(poster.key).toMatch(/^[0-9a-f]{32}$/);
    // A 160 × 120 clip: the smallest width, at its own size.
    expect(poster.widths).toEqual([160]);
    expect(poster).toMatchObject({ width: 160, height: 120 });
    expect(readdirSync(mediaDir)).toEqual([`${poster.key}-160.webp`]);
    const meta = await sharp(path.join(mediaDir, `${poster.key}-160.webp`)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 160, height: 120 });
    const stats = await sharp(path.join(mediaDir, `${poster.key}-160.webp`)).stats();
    expect(stats.isOpaque).toBe(true);
    expect(Math.max(...stats.channels.map((c) => c.max))).toBeGreaterThan(100); // not a black frame
  });

  it('takes a large video down to the widest image width', async () => {
    const wide = await makeVideo(fixtures, {
      container: 'avi',
      codec: 'mjpeg',
      size: '1600x200',
      seconds: 0.2,
      audio: false,
    });
    const poster = await extractPoster(wide, path.join(out, 'media'));
    expect(poster).toMatchObject({ widths: [160, 360, 480, 640, 720, 1024], width: 1024, height: 128 });
  });
});
