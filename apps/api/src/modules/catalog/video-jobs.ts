import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '#shared/app-error.ts';
import { fileExists } from '#shared/file-exists.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { JOB_CANCELLED, JOB_LOST, JOB_STOPPING, JOB_TIMED_OUT, type JobKind } from '../jobs/job-runner.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { ProcessedImage } from '../media/image-pipeline.ts';
import { removeMediaFile, removePicture } from '../media/image-upload.ts';
import {
  extractPoster,
  prepareVideo,
  VIDEO_MAX_DURATION_SECONDS,
  VIDEO_TIMEOUT_MESSAGE,
  VIDEO_TIMEOUTS,
  type VideoTools,
} from '../media/video-pipeline.ts';
import * as repo from './admin-media.repository.ts';

// The conversions of uploaded videos (docs/decisions/0016, 0034): a job of its own lane, queued in
// the upload's transaction, so one at a time per process (a conversion takes the CPU; two would
// starve the shop) beside the shop's other jobs, never two processes on the same video (the job's
// lease). The media manager polls the row's status and progress. A process that stops kills its
// ffmpeg and queues the job again; one that crashes lets its lease run out: any process then
// takes it over.

/** The job of one video's conversion. */
export const VIDEO_JOB = 'video.convert';
/**
 * A conversion still running after this has hung: the pipeline's own bound for the longest video
 * it takes (VIDEO_TIMEOUTS), its poster, and a margin for the database's writes.
 */
export const VIDEO_JOB_TIMEOUT_MS =
  VIDEO_TIMEOUTS.convertBase +
  VIDEO_TIMEOUTS.convertPerSecond * VIDEO_MAX_DURATION_SECONDS +
  VIDEO_TIMEOUTS.poster +
  5 * 60_000;
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
  mediaDir: string;
  /** Where uploaded videos wait (config.videoSourceDir). */
  sourceDir: string;
  /** Where uploads are received (config.tmpDir): what a crash left there is removed at start. */
  tmpDir?: string;
  tools: VideoTools;
  log: (line: string) => void;
  /** PROGRESS_WRITE_MS unless a test wants to see the progress sooner. */
  progressWriteMs?: number;
};

/** What the media manager asks of the conversions: to stop one whose video was deleted. */
export type VideoConversions = { cancel(mediaId: number): void };

/** The job's key: one conversion per video, and the handle to cancel it. */
export const conversionKey = (mediaId: number) => `video:${mediaId}`;

/**
 * Queues the conversion of an uploaded video, in the upload's transaction. `revive`: at start, for
 * a video still waiting whose job had finished or given up, it is queued again.
 */
export const queueConversion = (tx: DbOrTx, mediaId: number, revive = false) =>
  enqueueJob(tx, VIDEO_JOB, { media_id: mediaId }, { key: conversionKey(mediaId), maxAttempts: 3, revive });

const VideoJobSchema = z.object({ media_id: z.number().int() });

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

/**
 * The conversion as a job kind, and what a start does first: remove what a crash left in the
 * temporary folders, and queue a job for any video still waiting without one (an upload from
 * before conversions were jobs).
 */
export function videoJobs(deps: VideoJobsDeps): { kind: JobKind; start(db: Db): Promise<void> } {
  const { log } = deps;
  const warn = (what: string) => (error: unknown) =>
    log(`[vidéos] ${what} : ${error instanceof Error ? error.message : String(error)}`);

  async function convert(db: Db, id: number, outer: AbortSignal) {
    const row = await repo.findProcessing(db, id);
    if (!row) return; // deleted, or done by another process
    const source = row.source_path ? path.join(deps.sourceDir, row.source_path) : null;
    if (!source || !(await fileExists(source))) {
      await repo.markFailed(db, id, VIDEO_SOURCE_MISSING_MESSAGE);
      return;
    }
    // Aborted by the runner (a stop, a cancel, too long), or here when the row is found deleted
    // by another process.
    const controller = new AbortController();
    const abort = () => controller.abort(outer.reason);
    if (outer.aborted) abort();
    else outer.addEventListener('abort', abort, { once: true });
    const signal = controller.signal;
    const output = path.join(deps.mediaDir, row.path);
    /** The MP4 goes, unless another run made the row ready with it meanwhile (the same path). */
    const removeOutput = async () => {
      const now = await repo.findOneById(db, id).catch(() => null);
      if (now?.status !== 'ready') await removeMediaFile(deps.mediaDir, row.path, log);
    };
    let poster: ProcessedImage | null = null;
    // A conversion resumed after a stop starts over: so does its bar.
    let latest = 0;
    let written = row.progress;
    let writing: Promise<void> = Promise.resolve();
    const ticker = setInterval(() => {
      if (latest === written) return;
      written = latest;
      writing = repo
        .writeProgress(db, id, latest)
        .then(
          (alive) => void (alive || controller.abort(JOB_CANCELLED)),
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
        // Deleted while it was converting, or made ready by another run: this run's poster goes,
        // and its video unless it is the one the row now shows.
        await removeOutput();
        if (poster) await removePicture(deps.mediaDir, poster, log);
      }
      await removeMediaFile(deps.sourceDir, row.source_path as string, log);
    } catch (error) {
      if (poster) await removePicture(deps.mediaDir, poster, log);
      const reason = signal.aborted ? signal.reason : null;
      // Lost to another process that may be converting it right now: its files are that run's.
      if (reason === JOB_LOST) return;
      await removeOutput();
      // Stopped with the server: the source stays, and the job goes back to the queue.
      if (reason === JOB_STOPPING) throw JOB_STOPPING;
      // Deleted: nothing to record (its files are removed by the deletion).
      if (reason === JOB_CANCELLED) return;
      warn(`conversion de la vidéo ${id} échouée`)(error);
      const message =
        reason === JOB_TIMED_OUT
          ? VIDEO_TIMEOUT_MESSAGE
          : error instanceof AppError
            ? error.message
            : VIDEO_JOB_FAILED_MESSAGE;
      await repo.markFailed(db, id, message);
      await removeMediaFile(deps.sourceDir, row.source_path as string, log);
    } finally {
      clearInterval(ticker);
      outer.removeEventListener('abort', abort);
      await writing;
    }
  }

  return {
    kind: {
      lane: 'video',
      timeoutMs: VIDEO_JOB_TIMEOUT_MS,
      abortOnStop: true,
      run: async (payload, { db, signal, lastAttempt }) => {
        const id = VideoJobSchema.parse(payload).media_id;
        try {
          await convert(db, id, signal);
        } catch (error) {
          // Its job gives up (the database failing three times): the screen must not wait forever.
          if (lastAttempt && error !== JOB_STOPPING)
            await repo.markFailed(db, id, VIDEO_JOB_FAILED_MESSAGE).catch(warn('échec non enregistré'));
          throw error;
        }
      },
    },
    async start(db) {
      await Promise.all([
        deps.tmpDir ? removeStale(deps.tmpDir, /^upload-/) : undefined,
        removeStale(deps.mediaDir, /\.partial$/),
      ]).catch(warn('fichiers temporaires non supprimés'));
      const waiting = await repo.findProcessingIds(db);
      let queued = 0;
      for (const id of waiting) if (await queueConversion(db, id, true)) queued += 1;
      if (queued) log(`[vidéos] ${queued} conversion(s) mise(s) en file`);
    },
  };
}
