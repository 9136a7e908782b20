import { access, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/app-error.ts';
import type { Background } from '#shared/background.ts';
import type { Db } from '../../db/client.ts';
import type { ProcessedImage } from '../media/image-pipeline.ts';
import { removeMediaFile, removePicture } from '../media/image-upload.ts';
import { extractPoster, prepareVideo, type VideoTools } from '../media/video-pipeline.ts';
import * as repo from './admin-media.repository.ts';

// The conversions of uploaded videos (docs/decisions/0016): after the upload's answer, one at a
// time per process (a conversion takes the CPU; two would starve the shop), each row held by a
// lease (`locked_until`) so two server processes never convert the same video. The media manager
// polls the row's status and progress. A process that stops lets go of its rows, and one that
// crashes lets its leases run out: any process takes such rows over, at its start and every
// lease period after.

/** How long a lease lasts; the process holding it renews it four times as often. */
export const VIDEO_LEASE_MS = 60_000;
/** A conversion's progress is written at most this often. */
export const PROGRESS_WRITE_MS = 1000;
/** A temporary file older than this was left by a crash: no upload or conversion takes so long. */
export const STALE_FILE_MS = 24 * 60 * 60 * 1000;
/** The conversion's share of the progress bar; the poster and the final write take the rest. */
const CONVERSION_SHARE = 0.95;

export const VIDEO_JOB_FAILED_MESSAGE = 'La conversion de la vidéo a échoué';
export const VIDEO_SOURCE_MISSING_MESSAGE =
  "La vidéo envoyée n'a pas été retrouvée pour sa conversion : envoyez-la de nouveau";

export type VideoJobsDeps = {
  db: Db;
  mediaDir: string;
  /** Where uploaded videos wait (config.videoSourceDir). */
  sourceDir: string;
  /** Where uploads are received (config.tmpDir): what a crash left there is removed at start. */
  tmpDir?: string;
  tools: VideoTools;
  background: Background;
  log: (line: string) => void;
  leaseMs?: number;
  /** PROGRESS_WRITE_MS unless a test wants to see the progress sooner. */
  progressWriteMs?: number;
};

export type VideoJobs = {
  /** Converts a row this process has just inserted with its lease (an upload), after those queued. */
  enqueue(mediaId: number): void;
  /** Stops a row's conversion (the row was deleted): dropped from the queue, its ffmpeg killed. */
  cancel(mediaId: number): void;
  /** Takes over the conversions nobody holds: now (the app starts), then every lease period. */
  start(): Promise<void>;
  /** Shutdown: kills the running conversion and lets go of every row held (the next start resumes them). */
  close(): Promise<void>;
};

/**
 * Removes the files of `dir` matching `pattern` older than STALE_FILE_MS: an upload cut by a crash,
 * the partial MP4 of a conversion killed with its server. Files of work still under way are younger.
 */
async function removeStale(dir: string, pattern: RegExp) {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return; // not made yet
  }
  const before = Date.now() - STALE_FILE_MS;
  for (const name of names.filter((n) => pattern.test(n))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.mtimeMs < before) await rm(file, { force: true });
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export function createVideoJobs(deps: VideoJobsDeps): VideoJobs {
  const { db, log } = deps;
  const leaseMs = deps.leaseMs ?? VIDEO_LEASE_MS;
  const queue: number[] = [];
  /** Rows whose lease this process holds: waiting in `queue` or running. */
  const held = new Set<number>();
  let current: { id: number; controller: AbortController } | null = null;
  let draining: Promise<void> | null = null;
  let closed = false;
  const timers: NodeJS.Timeout[] = [];

  const warn = (what: string) => (error: unknown) =>
    log(`[vidéos] ${what} : ${error instanceof Error ? error.message : String(error)}`);

  function enqueue(mediaId: number) {
    if (closed || held.has(mediaId)) return;
    held.add(mediaId);
    queue.push(mediaId);
    deps.background.run(drain);
  }

  function cancel(mediaId: number) {
    const at = queue.indexOf(mediaId);
    if (at >= 0) queue.splice(at, 1);
    held.delete(mediaId);
    if (current?.id === mediaId) current.controller.abort(new Error('Vidéo supprimée'));
  }

  /** Runs the queue to its end; a second call while it runs returns at once (one at a time). */
  async function drain(): Promise<void> {
    if (draining) return;
    let done = () => {};
    draining = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      for (let id = queue.shift(); id !== undefined && !closed; id = queue.shift()) {
        const controller = new AbortController();
        current = { id, controller };
        try {
          await convert(id, controller.signal);
        } finally {
          current = null;
          // Closing: the row stays held until close() lets it go.
          if (!closed) held.delete(id);
        }
      }
    } finally {
      draining = null;
      done();
    }
  }

  async function convert(id: number, signal: AbortSignal) {
    const row = await repo.findProcessing(db, id);
    if (!row) return; // deleted, or done by another process
    const source = row.source_path ? path.join(deps.sourceDir, row.source_path) : null;
    if (!source || !(await exists(source))) {
      await repo.markFailed(db, id, VIDEO_SOURCE_MISSING_MESSAGE);
      return;
    }
    const output = path.join(deps.mediaDir, row.path);
    let poster: ProcessedImage | null = null;
    // A conversion resumed after a stop starts over: so does its bar.
    let latest = 0;
    let written = row.progress;
    let writing: Promise<void> = Promise.resolve();
    const ticker = setInterval(() => {
      if (latest === written) return;
      written = latest;
      writing = repo
        .writeProgress(db, id, latest, leaseMs)
        .then(
          (alive) =>
            void (alive || current?.id !== id || current.controller.abort(new Error('Vidéo supprimée'))),
          warn('progression non enregistrée'),
        );
    }, deps.progressWriteMs ?? PROGRESS_WRITE_MS);
    ticker.unref();

    try {
      const prepared = await prepareVideo(source, output, {
        tools: deps.tools,
        signal,
        onProgress: (fraction) => {
          latest = Math.max(latest, Math.min(CONVERSION_SHARE, fraction * CONVERSION_SHARE));
        },
      });
      const video = prepared.result;
      poster = await extractPoster(output, deps.mediaDir, {
        tools: deps.tools,
        signal,
        durationSeconds: video.durationSeconds,
      }).catch((error: unknown) => {
        if (signal.aborted) throw error;
        // A video without its frame (no ffmpeg to take it) still plays: the browser shows black.
        warn(`affiche de la vidéo ${id} non extraite`)(error);
        return null;
      });
      signal.throwIfAborted();
      clearInterval(ticker);
      await writing;
      const stored = await repo.markReady(db, id, {
        path: row.path,
        poster_path: poster?.key ?? null,
        poster_widths: poster?.widths ?? [],
        duration_seconds: video.durationSeconds,
        size_bytes: video.sizeBytes,
        width: video.width,
        height: video.height,
      });
      if (!stored) {
        // Deleted while it was converting: what was made for it goes too.
        await removeMediaFile(deps.mediaDir, row.path, log);
        if (poster) await removePicture(deps.mediaDir, poster, log);
      }
      await removeMediaFile(deps.sourceDir, row.source_path as string, log);
    } catch (error) {
      await removeMediaFile(deps.mediaDir, row.path, log);
      if (poster) await removePicture(deps.mediaDir, poster, log);
      // Stopped (shutdown, or the row deleted): nothing to record, the source stays for a resume.
      if (signal.aborted) return;
      warn(`conversion de la vidéo ${id} échouée`)(error);
      await repo.markFailed(db, id, error instanceof AppError ? error.message : VIDEO_JOB_FAILED_MESSAGE);
      await removeMediaFile(deps.sourceDir, row.source_path as string, log);
    } finally {
      clearInterval(ticker);
      await writing;
    }
  }

  /** Takes the rows nobody holds and queues them (their source missing: failed, by `convert`). */
  async function sweep() {
    if (closed) return;
    const claimed = await repo.claimAbandoned(db, leaseMs);
    for (const { id } of claimed) enqueue(id);
    if (claimed.length) log(`[vidéos] ${claimed.length} conversion(s) reprise(s)`);
  }

  async function renew() {
    if (closed || !held.size) return;
    await repo.renewLeases(db, [...held], leaseMs);
  }

  return {
    enqueue,
    cancel,
    async start() {
      await Promise.all([
        deps.tmpDir ? removeStale(deps.tmpDir, /^upload-/) : undefined,
        removeStale(deps.mediaDir, /\.partial$/),
      ]).catch(warn('fichiers temporaires non supprimés'));
      await sweep();
      timers.push(
        setInterval(() => void sweep().catch(warn('reprise des conversions impossible')), leaseMs),
        setInterval(() => void renew().catch(warn('bail des conversions non renouvelé')), leaseMs / 4),
      );
      for (const timer of timers) timer.unref();
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearInterval(timer);
      current?.controller.abort(new Error('Arrêt du serveur'));
      queue.length = 0;
      await draining;
      const ids = [...held];
      held.clear();
      await repo.releaseLeases(db, ids).catch(warn('conversions non libérées'));
    },
  };
}
