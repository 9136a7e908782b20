import type { ReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';
import { tap } from '#shared/tap.ts';
import type { Db } from '../../db/client.ts';
import { dumpDatabase, type MigrationLevel, type TableDump } from '../../db/snapshot.ts';
import { isMediaFileName } from '../media/media-names.ts';
import { type BackupKeys, ContentDigest, SealSchema, sealOf } from './backup-seal.ts';
import { BACKED_UP_TABLES } from './backup-tables.ts';

// One archive of the whole shop (docs/decisions/0035): a gzipped tar of
//   manifest.json            what it is, from which shop and when, the schema's migration level, the tables
//   database/<table>.jsonl   every row of each table a backup holds (backup-tables.ts), one JSON object per line
//   media/<file>             every picture and video of DATA_DIR/media (media-names.ts)
//   end.json                 written last (an archive without it was cut short), with the seal
//                            over all of the above when the shop has a BACKUP_KEY (backup-seal.ts)
// Streamed as it is written: a shop's media never sits in memory. Read back by backup-staging.ts.

export const BACKUP_FORMAT = 'souk-backup';
/** 2: sealed, and without sessions or reset tokens. A restore still reads 1 (with --unsigned). */
export const BACKUP_VERSION = 2;

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(BACKUP_VERSION)]),
  shop: z.string(),
  created_at: z.string(),
  migrations: z.object({ count: z.number().int().min(0), last: z.number().nullable() }),
  tables: z
    .array(
      z
        .object({
          name: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/),
          rows: z.number().int().min(0),
          file: z.string(),
        })
        .refine((t) => t.file === `${t.name}.jsonl`),
    )
    .refine((tables) => new Set(tables.map((t) => t.name)).size === tables.length),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;
export const EndSchema = z.object({
  complete: z.literal(true),
  media_files: z.number().int().min(0),
  /** Absent from version 1, null when the shop had no BACKUP_KEY. */
  seal: SealSchema.nullable().optional(),
});

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** The media files of `dir` the shop made (not a conversion's partial output, not a stray file). */
async function mediaFiles(dir: string): Promise<string[]> {
  // No media folder yet is no media; any other failure (permissions, a disk error) fails the backup.
  const names = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  return names
    .filter((d) => d.isFile() && isMediaFileName(d.name))
    .map((d) => d.name)
    .sort();
}

/**
 * `promise`, or the abort's reason as soon as `signal` aborts. A destroyed pack may never call an
 * entry's callback back: a stopped backup must not wait for it forever (its spool kept, its file
 * left open). The promise's own later failure is still handled, never left unhandled.
 */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function addEntry(
  pack: tar.Pack,
  name: string,
  body: string | Buffer,
  signal: AbortSignal,
  digest: ContentDigest,
) {
  digest.entry(name, Buffer.byteLength(body));
  digest.update(body);
  // `pack.entry` throws once the pack is destroyed: the executor's throw rejects this promise.
  const added = new Promise<void>((resolve, reject) =>
    pack.entry({ name, mtime: new Date() }, body, (error) => (error ? reject(error) : resolve())),
  );
  return unlessAborted(added, signal);
}

async function addFile(
  pack: tar.Pack,
  name: string,
  file: string,
  signal: AbortSignal,
  digest: ContentDigest,
): Promise<boolean> {
  signal.throwIfAborted();
  // Opened before the header is written: a file deleted meanwhile (a product removed) is left out,
  // and one deleted after opening is still read whole. Files are written once and never change
  // (media keys, the snapshot's own files), so the size read here is the size streamed. Any other
  // failure to open fails the backup: an archive never silently lacks a file it could not read.
  const handle = await open(file).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!handle) return false;
  let reader: ReadStream | undefined;
  try {
    signal.throwIfAborted();
    const { size, mtime } = await handle.stat();
    if (size === 0) {
      await addEntry(pack, name, Buffer.alloc(0), signal, digest);
      return true;
    }
    digest.entry(name, size);
    let done!: (error?: Error | null) => void;
    const written = new Promise<void>((resolve, reject) => {
      done = (error) => (error ? reject(error) : resolve());
    });
    const entry = pack.entry({ name, size, mtime }, done);
    reader = handle.createReadStream({ start: 0, end: size - 1 });
    // Digested as it goes into the pack: one file's bytes at a time, in order.
    const digesting = tap((chunk) => digest.update(chunk));
    // Awaited together: whichever fails first (the file, the pack, the reader gone), the other's
    // failure is handled too.
    await Promise.all([pipeline(reader, digesting, entry, { signal }), unlessAborted(written, signal)]);
    return true;
  } finally {
    // Closed in every case, here and now, never by the garbage collector: a second close waits
    // for the read stream's own.
    reader?.destroy();
    await handle.close();
  }
}

/** Why a backup stopped when its reader went away before the end (a download cut short). */
export const BACKUP_CUT = 'le téléchargement a été coupé avant la fin';

/**
 * Takes a backup: the database is read into `workDir` in one snapshot (docs in db/snapshot.ts),
 * then the archive is streamed as it is packed. `stream` is the gzipped archive; `finished`
 * resolves once its last byte has been packed into `stream`, with the size, and rejects if packing
 * failed or the reader destroyed `stream` before reading it all. Whatever happens, every file is
 * closed and the spool removed before `finished` settles, and nothing is left unhandled.
 */
export async function createBackup(options: {
  db: Db;
  mediaDir: string;
  workDir: string;
  shop: string;
  keys: BackupKeys;
}) {
  await mkdir(options.workDir, { recursive: true });
  const dir = await mkdtemp(path.join(options.workDir, 'backup-'));
  let level: MigrationLevel;
  let tables: TableDump[];
  try {
    ({ level, tables } = await dumpDatabase(options.db, dir, BACKED_UP_TABLES));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    shop: options.shop,
    created_at: new Date().toISOString(),
    migrations: level,
    tables,
  };
  // One signal stops both halves: the packing (reading files into the tar) and the streaming
  // (tar, gzip, the reader), whichever fails first or when the reader goes away.
  const stop = new AbortController();
  const { signal } = stop;
  const pack = tar.pack();
  let bytes = 0;
  const out = tap((chunk) => {
    bytes += chunk.length;
  });
  let cut = false;
  // Registered before the pipeline's own listeners: a reader gone is told apart from a failure
  // that already stopped the backup (which closes `stream` too).
  out.once('close', () => {
    if (out.readableEnded || signal.aborted) return;
    cut = true;
    stop.abort(new Error(BACKUP_CUT));
  });
  const digest = new ContentDigest();
  const packing = (async () => {
    await addEntry(pack, 'manifest.json', JSON.stringify(manifest, null, 1), signal, digest);
    for (const t of tables) {
      if (!(await addFile(pack, `database/${t.file}`, path.join(dir, t.file), signal, digest)))
        throw new Error(`table ${t.name} absente de l'instantané`);
    }
    let media = 0;
    for (const name of await mediaFiles(options.mediaDir)) {
      if (await addFile(pack, `media/${name}`, path.join(options.mediaDir, name), signal, digest)) media += 1;
    }
    const content = digest.finish(media);
    const seal = options.keys.current ? sealOf(content, options.keys.current) : null;
    const end = JSON.stringify({ complete: true, media_files: media, seal });
    await addEntry(pack, 'end.json', end, signal, new ContentDigest());
    pack.finalize();
    return media;
  })();
  const streaming = pipeline(pack, createGzip({ level: 6 }), out, { signal });
  for (const half of [packing, streaming]) half.catch((error: unknown) => stop.abort(error));
  const finished = (async () => {
    // Both settled, not the first failure: the spool goes once no file of it is open any more.
    const [packed, streamed] = await Promise.allSettled([packing, streaming]);
    await rm(dir, { recursive: true, force: true });
    if (cut) throw new Error(BACKUP_CUT);
    if (packed.status === 'rejected') throw packed.reason;
    if (streamed.status === 'rejected') throw streamed.reason;
    return { bytes, media: packed.value, tables: tables.length };
  })();
  return { stream: out as Readable, manifest, finished };
}

/** A spool older than this was left by a crash: no backup or restore takes a day. */
const STALE_SPOOL_MS = 24 * 60 * 60 * 1000;

/**
 * Removes what a crash left of a backup or restore under `tmpDir` (`backup-*`, `restore-*`): a
 * copy of the whole database, password hashes included, must not stay on disk. Only old ones: a
 * backup another process is streaming right now has its spool there too.
 */
export async function removeStaleSpools(tmpDir: string) {
  const entries = await readdir(tmpDir, { withFileTypes: true }).catch(() => []);
  const before = Date.now() - STALE_SPOOL_MS;
  for (const entry of entries) {
    if (!entry.isDirectory() || !/^(backup|restore)-/.test(entry.name)) continue;
    const dir = path.join(tmpDir, entry.name);
    const info = await stat(dir).catch(() => null);
    if (info && info.mtimeMs < before) await rm(dir, { recursive: true, force: true });
  }
}
