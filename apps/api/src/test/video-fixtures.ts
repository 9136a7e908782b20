import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

// Videos made on the spot with ffmpeg's generated sources (a test pattern and a tone): no fixture
// files to keep, each a second or so at 160×120 so the suite stays fast.

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';

export type VideoSpec = {
  container: 'avi' | 'mov' | 'mp4';
  codec: 'mpeg4' | 'h264' | 'mjpeg';
  seconds?: number;
  /** 'WxH' */
  size?: string;
  /** A tone: MP3 in an AVI, AAC otherwise. */
  audio?: boolean;
  /** e.g. 'yuv444p' (H.264 a phone cannot decode). */
  pixelFormat?: string;
  /** Pixel aspect ratio, e.g. '2' (anamorphic). */
  sar?: string;
  /** Container metadata, e.g. { title: '…' }. */
  metadata?: Record<string, string>;
  /** Moves moov before mdat (ffmpeg's MP4s have it at the end otherwise). */
  faststart?: boolean;
  /** A display rotation in degrees, as a phone filming upright writes it (MP4/MOV). */
  rotate?: number;
};

let made = 0;

/** Writes a video into dir and returns its path. */
export async function makeVideo(dir: string, spec: VideoSpec): Promise<string> {
  const { container, codec, seconds = 1, size = '160x120', audio = true } = spec;
  made += 1;
  const file = path.join(dir, `${codec}-${made}.${container}`);
  const pixelFormat = spec.pixelFormat ?? (codec === 'mjpeg' ? 'yuvj420p' : 'yuv420p');
  const args = [
    ...['-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25:duration=${seconds}`],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    ...(spec.sar ? ['-vf', `setsar=${spec.sar}`] : []),
    ...['-c:v', codec === 'h264' ? 'libx264' : codec, '-pix_fmt', pixelFormat],
    ...(codec === 'h264' ? ['-preset', 'ultrafast'] : []),
    ...(audio ? ['-c:a', container === 'avi' ? 'libmp3lame' : 'aac'] : []),
    ...Object.entries(spec.metadata ?? {}).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]),
    ...(spec.faststart ? ['-movflags', '+faststart'] : []),
    '-shortest',
    file,
  ];
  await run(FFMPEG, args);
  if (spec.rotate === undefined) return file;
  // ffmpeg 5 writes a rotation only when copying streams.
  const rotated = file.replace(/(\.\w+)$/, '-rotated$1');
  await run(FFMPEG, [
    ...['-nostdin', '-v', 'error', '-y', '-i', file, '-c', 'copy'],
    ...['-metadata:s:v:0', `rotate=${spec.rotate}`, rotated],
  ]);
  return rotated;
}

/** An MP4 with sound only (a song renamed as a video). */
export async function makeAudioOnlyMp4(dir: string): Promise<string> {
  const file = path.join(dir, 'sound-only.mp4');
  await run(FFMPEG, [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=1',
    '-c:a',
    'aac',
    file,
  ]);
  return file;
}

/** A file that looks like an MP4 by its first bytes (an ftyp box) and is random after them. */
export async function fakeMp4(dir: string): Promise<string> {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  const file = path.join(dir, 'fake.mp4');
  await writeFile(file, Buffer.concat([ftyp, randomBytes(64 * 1024)]));
  return file;
}

/** The types of a file's top-level ISO-BMFF boxes, in order ('ftyp', 'moov', 'mdat'…). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    for (let at = 0; at + 8 <= size; ) {
      await handle.read(header, 0, 16, at);
      let length = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      else if (length === 0) length = size - at;
      if (length < 8) throw new Error(`Box ${type} of ${length} bytes at ${at}`);
      boxes.push(type);
      at += length;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}

/** The running children of this process whose command is one of `names` (Linux's /proc). */
export function childProcesses(names: readonly string[] = ['ffmpeg', 'ffprobe']): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let line: string;
    try {
      line = readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (command) state ppid …", the command possibly holding spaces or parentheses.
    const command = line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
    const ppid = Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === process.pid && names.includes(command)) found.push(Number(entry));
  }
  return found;
}
