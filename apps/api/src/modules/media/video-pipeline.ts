// The one video pipeline (the media manager's uploads): sniff the container from the bytes, probe it
// with ffprobe, make it play on a phone (an H.264/AAC file is only remuxed to a faststart MP4,
// anything else is converted to one) and take a poster frame through the image pipeline.
// Pure: no database, no Fastify. Every child process gets an argument array (never a shell), a
// timeout and a cap on what it may print, can be aborted, and is waited for: none is left running.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_MAX_BYTES, VIDEO_MAX_DURATION_SECONDS } from '@souk/domain/admin-limits';
import { VIDEO_TOO_LARGE_MESSAGE } from '@souk/domain/admin-media';
import { IMAGE_WIDTHS } from '@souk/domain/limits';
import { execa } from 'execa';
import { AppError, type ErrorCode } from '#shared/app-error.ts';
import { ImageRejectedError, MAX_INPUT_PIXELS, type ProcessedImage, processImage } from './image-pipeline.ts';

// The limits and the size refusal are the domain's (admin-limits.ts, admin-media.ts): one source
// for the upload route, this pipeline and the media manager's screen.
export { VIDEO_MAX_BYTES, VIDEO_MAX_DURATION_SECONDS, VIDEO_TOO_LARGE_MESSAGE };
/** Threads one ffmpeg may use: a conversion must leave the shop a core on a small 2-core server. */
export const FFMPEG_THREADS = 2;
/** A converted video fits in a VIDEO_MAX_SIDE × VIDEO_MAX_SIDE box (720p, either orientation). */
export const VIDEO_MAX_SIDE = 1280;

export const VIDEO_TYPE_MESSAGE = 'Le fichier doit être une vidéo (MP4, MOV ou AVI)';
export const VIDEO_UNREADABLE_MESSAGE = "Vidéo illisible : le fichier est endommagé ou n'est pas une vidéo";
export const VIDEO_TOO_LONG_MESSAGE = `La vidéo est trop longue (max ${VIDEO_MAX_DURATION_SECONDS / 60} minutes)`;
/** A video that needs converting while the server has no ffmpeg. */
export const VIDEO_CONVERSION_UNAVAILABLE_MESSAGE =
  "Cette vidéo doit être convertie en MP4 (H.264), mais ffmpeg n'est pas installé sur le serveur : envoyez une vidéo MP4 en H.264 avec un son AAC";
/** Any other video work (probe, remux, poster) while the server has no ffmpeg/ffprobe. */
export const VIDEO_TOOLS_MISSING_MESSAGE =
  "Les vidéos ne peuvent pas être traitées : ffmpeg n'est pas installé sur le serveur";
export const VIDEO_CONVERSION_FAILED_MESSAGE =
  'La conversion de la vidéo a échoué : le fichier est peut-être endommagé';
export const VIDEO_TIMEOUT_MESSAGE = 'Le traitement de la vidéo a pris trop de temps';

/** Time limits of the child processes, in milliseconds. */
export const VIDEO_TIMEOUTS = {
  version: 5_000,
  probe: 20_000,
  poster: 30_000,
  /** A conversion may take `convertBase + convertPerSecond × duration`. */
  convertBase: 60_000,
  convertPerSecond: 10_000,
  /** Likewise for a remux (a copy: no decoding). */
  remuxBase: 30_000,
  remuxPerSecond: 1_000,
} as const;
/** Reports of ffmpeg's progress, in milliseconds. */
export const VIDEO_PROGRESS_INTERVAL_MS = 500;
/** The poster is the frame at this fraction of the duration (the first frame is often black). */
export const POSTER_AT_FRACTION = 0.1;
/** Videos shorter than this, in seconds, give their first frame. */
export const POSTER_MIN_DURATION_SECONDS = 1;

const PROBE_MAX_OUTPUT = 1024 * 1024;
const VERSION_MAX_OUTPUT = 64 * 1024;
/** A PNG frame of at most the widest image width (a very tall portrait stays far below). */
const POSTER_MAX_OUTPUT = 64 * 1024 * 1024;
const STDERR_KEPT = 4000;

export type VideoContainer = 'mp4' | 'mov' | 'avi';

export type VideoProbe = {
  /** From the bytes (an MP4 with the QuickTime brand is a 'mov'). */
  container: VideoContainer;
  durationSeconds: number;
  /** As displayed: pixel aspect ratio and rotation applied. */
  width: number;
  height: number;
  /** ffmpeg's names: 'h264', 'hevc', 'mpeg4', 'mjpeg'… */
  videoCodec: string;
  pixelFormat: string | null;
  /** 'aac', 'mp3'…, or null without sound. */
  audioCodec: string | null;
  sizeBytes: number;
};

/** The binaries to run: `FFMPEG_PATH`/`FFPROBE_PATH`, else `ffmpeg`/`ffprobe` from the PATH. */
export type VideoTools = { ffmpeg: string; ffprobe: string };

export const videoTools = (env: NodeJS.ProcessEnv = process.env): VideoTools => ({
  ffmpeg: env.FFMPEG_PATH || 'ffmpeg',
  ffprobe: env.FFPROBE_PATH || 'ffprobe',
});

export type ProcessOptions = {
  tools?: VideoTools;
  /** Kills the child; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the default time limit (VIDEO_TIMEOUTS). */
  timeoutMs?: number;
};

export type EncodeOptions = ProcessOptions & {
  /** Called with increasing fractions in ]0, 1[ while ffmpeg works, then with 1 once the file is in place. */
  onProgress?: (fraction: number) => void;
  progressIntervalMs?: number;
};

export type ConvertOptions = EncodeOptions & { durationSeconds: number };
/** The duration only serves the progress reports and the time limit. */
export type RemuxOptions = EncodeOptions & { durationSeconds?: number };

// ---------------------------------------------------------------------------------------------
// Sniffing

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', start, end);

/** ISO-BMFF brands of still pictures (HEIF, AVIF): images, not videos. */
const IMAGE_BRANDS = new Set([
  'avif',
  'avis',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
]);

/** The container told by the first bytes (at least 12), or null for anything else. */
export function sniffVideo(head: Uint8Array): { container: VideoContainer } | null {
  if (head.length < 12) return null;
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return { container: 'avi' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (IMAGE_BRANDS.has(brand)) return null;
    return { container: brand === 'qt  ' ? 'mov' : 'mp4' };
  }
  return null;
}

async function readHead(file: string, length = 64): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * ffmpeg's input arguments for a file: the demuxer is forced from the sniffed bytes (never
 * guessed by ffmpeg, which would also read playlists that fetch other files), local files only.
 */
async function inputArgs(file: string): Promise<{ container: VideoContainer; args: string[] }> {
  const sniffed = sniffVideo(await readHead(file));
  if (!sniffed) throw new AppError('unsupported_type', VIDEO_TYPE_MESSAGE);
  const demuxer = sniffed.container === 'avi' ? 'avi' : 'mov';
  return {
    container: sniffed.container,
    args: ['-protocol_whitelist', 'file', '-f', demuxer, '-i', `file:${path.resolve(file)}`],
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes

type RunOptions = {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Collected output above this kills the child ('overflow'). */
  maxStdoutBytes: number;
  /** Streams the output instead of collecting it. */
  onStdout?: (chunk: Buffer) => void;
};

type RunResult = {
  code: number | null;
  /** The binary could not be started (missing, not executable). */
  missing: boolean;
  /** Why we killed the child, if we did. */
  stopped: 'timeout' | 'aborted' | 'overflow' | 'callback' | null;
  /** What `onStdout` threw. */
  callbackError?: unknown;
  stdout: Buffer;
  /** The end of what it printed on stderr, for diagnostics. */
  stderr: string;
};

/**
 * Runs a binary (execa) and resolves once it is gone (exited or killed), whatever happened: never
 * rejects. Every stop we cause is SIGKILL: ffmpeg killed mid-file leaves only its partial output,
 * which the callers remove.
 */
async function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  let stderr = '';
  let callbackError: unknown;
  let callbackFailed = false;
  const child = execa(command, args, {
    stdin: 'ignore',
    encoding: 'buffer',
    // A whole number of ms, at least 1 (0 would mean none); setTimeout fires at once beyond 2³¹ - 1.
    timeout: Math.max(1, Math.min(Math.ceil(options.timeoutMs), 2 ** 31 - 1)),
    // Binary output (a poster's PNG) is kept byte for byte.
    stripFinalNewline: false,
    killSignal: 'SIGKILL',
    // Streamed output is handed over as it comes; collected output above its limit kills the child.
    buffer: { stdout: !options.onStdout, stderr: false },
    maxBuffer: { stdout: options.onStdout ? Number.POSITIVE_INFINITY : options.maxStdoutBytes },
    reject: false,
    ...(options.signal ? { cancelSignal: options.signal } : {}),
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
  });
  const onStdout = options.onStdout;
  if (onStdout)
    child.stdout?.on('data', (chunk: Buffer) => {
      if (callbackFailed) return;
      try {
        onStdout(chunk);
      } catch (error) {
        callbackFailed = true;
        callbackError = error;
        child.kill('SIGKILL');
      }
    });
  const result = await child;
  // Failing to start (missing, not executable): no exit code and no signal.
  const missing = result.exitCode === undefined && result.signal === undefined && !result.isTerminated;
  const stopped: RunResult['stopped'] = result.isCanceled
    ? 'aborted'
    : result.timedOut
      ? 'timeout'
      : result.isMaxBuffer
        ? 'overflow'
        : callbackFailed
          ? 'callback'
          : null;
  return {
    code: result.exitCode ?? null,
    missing,
    stopped,
    callbackError,
    stdout: Buffer.from(result.stdout instanceof Uint8Array ? result.stdout : new Uint8Array()),
    stderr: missing ? (result.originalMessage ?? result.shortMessage ?? '') : stderr,
  };
}

const failure = (code: ErrorCode, message: string, cause?: string) => {
  const error = new AppError(code, message);
  if (cause) error.cause = cause;
  return error;
};

const aborted = (signal: AbortSignal | undefined) =>
  signal?.reason ?? new DOMException('This operation was aborted', 'AbortError');

const availability = new Map<string, Promise<boolean>>();

/** Whether `tools.ffmpeg` runs (`ffmpeg -version`), memoised per binary path. */
export function ffmpegAvailable(tools: VideoTools = videoTools()): Promise<boolean> {
  let known = availability.get(tools.ffmpeg);
  if (!known) {
    known = run(tools.ffmpeg, ['-hide_banner', '-version'], {
      timeoutMs: VIDEO_TIMEOUTS.version,
      maxStdoutBytes: VERSION_MAX_OUTPUT,
    }).then(
      (result) => {
        // A busy machine is asked again next time; a missing binary stays missing.
        if (result.stopped === 'timeout') availability.delete(tools.ffmpeg);
        return result.code === 0 && result.stdout.toString('latin1').startsWith('ffmpeg version');
      },
      () => false,
    );
    availability.set(tools.ffmpeg, known);
  }
  return known;
}

// ---------------------------------------------------------------------------------------------
// Probing

type FfprobeStream = {
  codec_type?: unknown;
  codec_name?: unknown;
  width?: unknown;
  height?: unknown;
  pix_fmt?: unknown;
  sample_aspect_ratio?: unknown;
  duration?: unknown;
  disposition?: { attached_pic?: unknown };
  tags?: { rotate?: unknown };
  side_data_list?: { rotation?: unknown }[];
};

const positive = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** 'num:den' as a number, 1 when unknown. */
const ratio = (value: unknown) => {
  const [num, den] = typeof value === 'string' ? value.split(':').map(Number) : [];
  return num && den && Number.isFinite(num / den) && num > 0 && den > 0 ? num / den : 1;
};

const rotation = (stream: FfprobeStream) => {
  const fromSideData = stream.side_data_list?.find((d) => typeof d?.rotation === 'number')?.rotation;
  const degrees = Number(fromSideData ?? stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? degrees : 0;
};

/**
 * What ffprobe says of a video file, or an AppError: 'unsupported_type' for bytes of no known
 * container (or no ffprobe), 'validation' for a file ffprobe cannot read or with no video.
 */
export async function probeVideo(file: string, options: ProcessOptions = {}): Promise<VideoProbe> {
  const tools = options.tools ?? videoTools();
  const input = await inputArgs(file);
  const { size } = await stat(file);
  const result = await run(
    tools.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...input.args],
    {
      timeoutMs: options.timeoutMs ?? VIDEO_TIMEOUTS.probe,
      signal: options.signal,
      maxStdoutBytes: PROBE_MAX_OUTPUT,
    },
  );
  if (result.missing) throw failure('unsupported_type', VIDEO_TOOLS_MISSING_MESSAGE, result.stderr);
  if (result.stopped === 'aborted') throw aborted(options.signal);
  if (result.code !== 0) throw failure('validation', VIDEO_UNREADABLE_MESSAGE, result.stderr);

  let parsed: { streams?: FfprobeStream[]; format?: { duration?: unknown } };
  try {
    parsed = JSON.parse(result.stdout.toString('utf8'));
  } catch {
    throw failure('validation', VIDEO_UNREADABLE_MESSAGE, 'ffprobe: JSON illisible');
  }
  const streams = Array.isArray(parsed.streams) ? parsed.streams : [];
  const video = streams.find((s) => s?.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const audio = streams.find((s) => s?.codec_type === 'audio');
  const codedWidth = positive(video?.width);
  const codedHeight = positive(video?.height);
  const duration = positive(parsed.format?.duration) ?? positive(video?.duration);
  if (!video || typeof video.codec_name !== 'string' || !codedWidth || !codedHeight || !duration)
    throw failure('validation', VIDEO_UNREADABLE_MESSAGE, 'ffprobe: pas de piste vidéo');

  const displayWidth = Math.max(1, Math.round(codedWidth * ratio(video.sample_aspect_ratio)));
  const turned = Math.abs(rotation(video)) % 180 === 90;
  return {
    container: input.container,
    durationSeconds: duration,
    width: turned ? codedHeight : displayWidth,
    height: turned ? displayWidth : codedHeight,
    videoCodec: video.codec_name,
    pixelFormat: typeof video.pix_fmt === 'string' ? video.pix_fmt : null,
    audioCodec: audio && typeof audio.codec_name === 'string' ? audio.codec_name : null,
    sizeBytes: size,
  };
}

/** Refuses a video over the upload limits: bytes (413), duration, pixels (422). */
export function assertVideoLimits(probe: VideoProbe): void {
  if (probe.sizeBytes > VIDEO_MAX_BYTES) throw new AppError('too_large', VIDEO_TOO_LARGE_MESSAGE);
  if (probe.durationSeconds > VIDEO_MAX_DURATION_SECONDS)
    throw new AppError('validation', VIDEO_TOO_LONG_MESSAGE);
  if (probe.width * probe.height > MAX_INPUT_PIXELS)
    throw new AppError('validation', VIDEO_UNREADABLE_MESSAGE);
}

/**
 * Whether a phone's browser plays the video as it is: H.264 in 8-bit 4:2:0 (not 10-bit or 4:4:4,
 * which Android's decoders refuse) in an MP4/MOV, with AAC sound or none. Such a file is still
 * remuxed (`remuxFaststart`) so that it starts playing before it has fully arrived.
 */
export function playableAsIs(probe: VideoProbe): boolean {
  return (
    (probe.container === 'mp4' || probe.container === 'mov') &&
    probe.videoCodec === 'h264' &&
    (probe.pixelFormat === 'yuv420p' || probe.pixelFormat === 'yuvj420p') &&
    (probe.audioCodec === null || probe.audioCodec === 'aac')
  );
}

// ---------------------------------------------------------------------------------------------
// Encoding

/**
 * ffmpeg's scale filter fitting the picture as displayed (pixel aspect ratio applied) in a
 * `max` × `max` box, never enlarged; `even` rounds both sides down to even numbers (H.264 4:2:0).
 */
function fitFilter(max: number, even: boolean) {
  const factor = `min(1,${max}/max(iw*sar,ih))`;
  const side = (expr: string) => (even ? `max(2,trunc(${expr}/2)*2)` : `max(1,round(${expr}))`);
  return `scale=w='${side(`iw*sar*${factor}`)}':h='${side(`ih*${factor}`)}',setsar=1`;
}

const CONVERT_ARGS = [
  ...['-map', '0:V:0', '-map', '0:a:0?'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p'],
  ...['-vf', fitFilter(VIDEO_MAX_SIDE, true)],
  ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
  ...['-max_muxing_queue_size', '1024'],
];
/**
 * Before the input (decoding, and the filters: a global option) and before the output (encoding):
 * ffmpeg otherwise starts a thread per core for each, and a conversion would take the whole machine.
 */
const INPUT_THREAD_ARGS = ['-filter_threads', '1', '-threads', String(FFMPEG_THREADS)];
const OUTPUT_THREAD_ARGS = ['-threads', String(FFMPEG_THREADS)];
const REMUX_ARGS = ['-map', '0:V:0', '-map', '0:a:0?', '-c', 'copy'];

/**
 * Turns ffmpeg's `-progress` lines into increasing fractions below 1. Nothing is reported once
 * the work is cancelled: one chunk can hold several reports, and the owner who cancelled must
 * not see a conversion that goes on.
 */
function progressReader(
  durationSeconds: number | undefined,
  onProgress: ((fraction: number) => void) | undefined,
  signal: AbortSignal | undefined,
) {
  let pending = '';
  let last = 0;
  return (chunk: Buffer) => {
    if (!onProgress || !durationSeconds || !Number.isFinite(durationSeconds)) return;
    const lines = (pending + chunk.toString('latin1')).split('\n');
    pending = (lines.pop() ?? '').slice(-256);
    for (const line of lines) {
      // out_time_ms is in microseconds too (an old misnomer ffmpeg kept).
      const match = /^out_time_(?:us|ms)=(\d+)\s*$/.exec(line);
      if (!match) continue;
      if (signal?.aborted) return;
      const fraction = Math.min(0.99, Number(match[1]) / 1e6 / durationSeconds);
      if (fraction > last) {
        last = fraction;
        onProgress(fraction);
      }
    }
  };
}

/**
 * Runs ffmpeg from `input` to an MP4 at `output` (moov before mdat, no metadata kept): written
 * under a temporary name, renamed once complete, removed on any failure or abort.
 */
async function encodeToMp4(
  input: string,
  output: string,
  codecArgs: readonly string[],
  options: EncodeOptions & { durationSeconds?: number | undefined },
  limits: { base: number; perSecond: number; missingMessage: string; failedMessage: string },
): Promise<void> {
  options.signal?.throwIfAborted();
  if (path.resolve(input) === path.resolve(output))
    throw new Error('The output of a video must not be its input');
  const tools = options.tools ?? videoTools();
  if (!(await ffmpegAvailable(tools))) throw new AppError('unsupported_type', limits.missingMessage);
  const source = await inputArgs(input);
  options.signal?.throwIfAborted();

  await mkdir(path.dirname(output), { recursive: true });
  const partial = `${output}.${randomUUID()}.partial`;
  const interval = (options.progressIntervalMs ?? VIDEO_PROGRESS_INTERVAL_MS) / 1000;
  const timeoutMs =
    options.timeoutMs ?? limits.base + limits.perSecond * Math.ceil(options.durationSeconds ?? 0);
  try {
    const result = await run(
      tools.ffmpeg,
      [
        ...['-nostdin', '-hide_banner', '-v', 'error', '-y'],
        ...INPUT_THREAD_ARGS,
        ...source.args,
        ...codecArgs,
        ...OUTPUT_THREAD_ARGS,
        ...['-map_metadata', '-1', '-map_chapters', '-1', '-movflags', '+faststart'],
        ...['-progress', 'pipe:1', '-stats_period', String(interval), '-nostats'],
        ...['-f', 'mp4', `file:${path.resolve(partial)}`],
      ],
      {
        timeoutMs,
        signal: options.signal,
        maxStdoutBytes: Number.POSITIVE_INFINITY,
        onStdout: progressReader(options.durationSeconds, options.onProgress, options.signal),
      },
    );
    if (result.missing) throw failure('unsupported_type', limits.missingMessage, result.stderr);
    if (result.stopped === 'aborted') throw aborted(options.signal);
    if (result.stopped === 'callback') throw result.callbackError;
    if (result.stopped === 'timeout') throw failure('validation', VIDEO_TIMEOUT_MESSAGE, result.stderr);
    if (result.code !== 0) throw failure('validation', limits.failedMessage, result.stderr);
    await rename(partial, output);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  options.onProgress?.(1);
}

/**
 * Converts any readable video to what every browser plays: MP4, H.264 (8-bit 4:2:0, at most
 * VIDEO_MAX_SIDE on each side, even sides, rotation applied), AAC stereo, moov first.
 */
export function convertVideo(input: string, output: string, options: ConvertOptions): Promise<void> {
  return encodeToMp4(input, output, CONVERT_ARGS, options, {
    base: VIDEO_TIMEOUTS.convertBase,
    perSecond: VIDEO_TIMEOUTS.convertPerSecond,
    missingMessage: VIDEO_CONVERSION_UNAVAILABLE_MESSAGE,
    failedMessage: VIDEO_CONVERSION_FAILED_MESSAGE,
  });
}

/**
 * Copies a playable video's streams (no re-encoding) into an MP4 whose moov comes before its mdat,
 * so a phone starts playing after the first bytes rather than the whole file. Drops the metadata
 * (a phone's GPS position), keeps the rotation.
 */
export function remuxFaststart(input: string, output: string, options: RemuxOptions = {}): Promise<void> {
  return encodeToMp4(input, output, REMUX_ARGS, options, {
    base: VIDEO_TIMEOUTS.remuxBase,
    perSecond: VIDEO_TIMEOUTS.remuxPerSecond,
    missingMessage: VIDEO_TOOLS_MISSING_MESSAGE,
    failedMessage: VIDEO_UNREADABLE_MESSAGE,
  });
}

// ---------------------------------------------------------------------------------------------
// Poster

async function grabFrame(videoPath: string, atSeconds: number, tools: VideoTools, options: ProcessOptions) {
  const source = await inputArgs(videoPath);
  const result = await run(
    tools.ffmpeg,
    [
      ...['-nostdin', '-hide_banner', '-v', 'error', '-ss', atSeconds.toFixed(3)],
      ...INPUT_THREAD_ARGS,
      ...source.args,
      ...['-map', '0:V:0', '-frames:v', '1', '-vf', fitFilter(Math.max(...IMAGE_WIDTHS), false)],
      ...OUTPUT_THREAD_ARGS,
      ...['-f', 'image2pipe', '-vcodec', 'png', 'pipe:1'],
    ],
    {
      timeoutMs: options.timeoutMs ?? VIDEO_TIMEOUTS.poster,
      signal: options.signal,
      maxStdoutBytes: POSTER_MAX_OUTPUT,
    },
  );
  if (result.missing) throw failure('unsupported_type', VIDEO_TOOLS_MISSING_MESSAGE, result.stderr);
  if (result.stopped === 'aborted') throw aborted(options.signal);
  if (result.stopped === 'timeout') throw failure('validation', VIDEO_TIMEOUT_MESSAGE, result.stderr);
  if (result.code !== 0 || result.stopped)
    throw failure('validation', VIDEO_UNREADABLE_MESSAGE, result.stderr);
  return result.stdout;
}

/**
 * Takes the frame at POSTER_AT_FRACTION of the video (the first one for a very short video) and
 * stores it through the image pipeline: WebP widths in mediaDir, as for any picture.
 */
export async function extractPoster(
  videoPath: string,
  mediaDir: string,
  options: ProcessOptions & { durationSeconds?: number } = {},
): Promise<ProcessedImage> {
  const tools = options.tools ?? videoTools();
  if (!(await ffmpegAvailable(tools))) throw new AppError('unsupported_type', VIDEO_TOOLS_MISSING_MESSAGE);
  const duration = options.durationSeconds ?? (await probeVideo(videoPath, options)).durationSeconds;
  const at = duration >= POSTER_MIN_DURATION_SECONDS ? duration * POSTER_AT_FRACTION : 0;
  let png = await grabFrame(videoPath, at, tools, options);
  // A duration longer than the frames (some AVIs): the first frame will do.
  if (png.length === 0 && at > 0) png = await grabFrame(videoPath, 0, tools, options);
  if (png.length === 0) throw failure('validation', VIDEO_UNREADABLE_MESSAGE, 'ffmpeg: aucune image');
  try {
    return await processImage(png, mediaDir);
  } catch (error) {
    if (error instanceof ImageRejectedError)
      throw failure('validation', VIDEO_UNREADABLE_MESSAGE, error.message);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The whole job

export type PreparedVideo = {
  /** 'remuxed' (playable: streams copied), 'converted', or 'copied' (playable, and no ffmpeg). */
  action: 'remuxed' | 'converted' | 'copied';
  /** The uploaded file. */
  source: VideoProbe;
  /** The file written at `output`. */
  result: VideoProbe;
};

/**
 * What a background job runs for an uploaded video: checks it (type from the bytes, ffprobe, upload
 * limits), then writes at `output` an MP4 a phone plays: a remux of a playable file, a conversion
 * of anything else. Without ffmpeg a playable file is copied as it is and any other is refused.
 * On failure or abort nothing is left at `output`.
 */
export async function prepareVideo(
  input: string,
  output: string,
  options: EncodeOptions = {},
): Promise<PreparedVideo> {
  const tools = options.tools ?? videoTools();
  const source = await probeVideo(input, { tools, signal: options.signal });
  assertVideoLimits(source);
  const playable = playableAsIs(source);
  const encode = { ...options, tools, durationSeconds: source.durationSeconds, timeoutMs: options.timeoutMs };

  let action: PreparedVideo['action'];
  if (!(await ffmpegAvailable(tools))) {
    if (!playable) throw new AppError('unsupported_type', VIDEO_CONVERSION_UNAVAILABLE_MESSAGE);
    await mkdir(path.dirname(output), { recursive: true });
    await copyFile(input, output);
    options.onProgress?.(1);
    action = 'copied';
  } else if (playable) {
    await remuxFaststart(input, output, encode);
    action = 'remuxed';
  } else {
    await convertVideo(input, output, encode);
    action = 'converted';
  }
  try {
    return { action, source, result: await probeVideo(output, { tools, signal: options.signal }) };
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
}
