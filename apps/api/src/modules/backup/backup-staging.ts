import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import type { z } from 'zod';
import {
  type BackupManifest,
  BackupRejectedError,
  EndSchema,
  ManifestSchema,
  NOT_A_BACKUP,
  SAFE_NAME,
  TRUNCATED_BACKUP,
} from './backup-archive.ts';

// An archive of the shop (backup-archive.ts) read back for a restore: nothing in it is trusted
// until the whole of it has been read and checked.

export type StagedBackup = {
  manifest: BackupManifest;
  /** Where the tables' files are (`<file>` of each table). */
  databaseDir: string;
  /** Where the media files are, as they go under DATA_DIR/media. */
  mediaDir: string;
  mediaFiles: number;
};

async function countLines(file: string): Promise<number> {
  const handle = await open(file);
  try {
    let lines = 0;
    for await (const chunk of handle.createReadStream()) {
      for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
    }
    return lines;
  } finally {
    await handle.close();
  }
}

/**
 * Reads an archive into `stagingDir` and checks it whole before anything is changed: ours (the
 * manifest first, known entries only), complete (gzip and tar whole, `end.json` last, each table
 * with the rows the manifest says, the media count as written). Throws BackupRejectedError with
 * a French message otherwise, `stagingDir` then removed.
 */
export async function stageBackup(input: Readable, stagingDir: string): Promise<StagedBackup> {
  const databaseDir = path.join(stagingDir, 'database');
  const mediaDir = path.join(stagingDir, 'media');
  await mkdir(databaseDir, { recursive: true });
  await mkdir(mediaDir, { recursive: true });
  let manifest: BackupManifest | null = null;
  let end: z.infer<typeof EndSchema> | null = null;
  let media = 0;
  const extract = tar.extract();
  const reading = pipeline(input, createGunzip(), extract);
  // Its failure (a gzip cut short) is read below, after the entries; until then it is not unhandled.
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (end) throw new BackupRejectedError(NOT_A_BACKUP);
      if (!manifest) {
        if (name !== 'manifest.json') throw new BackupRejectedError(NOT_A_BACKUP);
        const parsed = ManifestSchema.safeParse(await readJson(entry));
        if (!parsed.success) throw new BackupRejectedError(NOT_A_BACKUP);
        manifest = parsed.data;
      } else if (name === 'end.json') {
        const parsed = EndSchema.safeParse(await readJson(entry));
        if (!parsed.success) throw new BackupRejectedError(TRUNCATED_BACKUP);
        end = parsed.data;
      } else if (type === 'file' && name.startsWith('database/')) {
        const file = name.slice('database/'.length);
        if (!manifest.tables.some((t) => t.file === file)) throw new BackupRejectedError(NOT_A_BACKUP);
        await pipeline(entry, createWriteStream(path.join(databaseDir, file)));
      } else if (type === 'file' && name.startsWith('media/')) {
        const parts = name.slice('media/'.length).split('/');
        if (!parts.every((p) => SAFE_NAME.test(p))) throw new BackupRejectedError(NOT_A_BACKUP);
        const target = path.join(mediaDir, ...parts);
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry, createWriteStream(target));
        media += 1;
      } else {
        throw new BackupRejectedError(NOT_A_BACKUP);
      }
    }
    await reading;
    if (!manifest || !end || end.media_files !== media) throw new BackupRejectedError(TRUNCATED_BACKUP);
    for (const t of manifest.tables) {
      const lines = await countLines(path.join(databaseDir, t.file)).catch(() => -1);
      if (lines !== t.rows) throw new BackupRejectedError(TRUNCATED_BACKUP);
    }
    return { manifest, databaseDir, mediaDir, mediaFiles: media };
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    await rm(stagingDir, { recursive: true, force: true });
    if (error instanceof BackupRejectedError) throw error;
    // A gzip or tar stream that ends early, or bytes that are neither.
    const text = String((error as Error)?.message ?? error);
    throw new BackupRejectedError(
      /unexpected end|premature|truncated|end of data/i.test(text) && manifest
        ? TRUNCATED_BACKUP
        : NOT_A_BACKUP,
      { cause: error },
    );
  }
}

async function readJson(stream: AsyncIterable<unknown>): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    // A manifest is a few kilobytes; a huge one is not ours.
    if (size > 4 * 1024 * 1024) throw new BackupRejectedError(NOT_A_BACKUP);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}
