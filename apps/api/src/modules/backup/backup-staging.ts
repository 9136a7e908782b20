import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import type { z } from 'zod';
import { tap } from '#shared/tap.ts';
import { isMediaFileName } from '../media/media-names.ts';
import { type BackupManifest, EndSchema, ManifestSchema } from './backup-archive.ts';
import { BackupRejectedError, NOT_A_BACKUP, TRUNCATED_BACKUP } from './backup-errors.ts';
import { type BackupKeys, ContentDigest, checkSeal } from './backup-seal.ts';
import { isBackedUp, LEFT_OUT_OF_OLD_ARCHIVES } from './backup-tables.ts';

// An archive of the shop (backup-archive.ts) read back for a restore: nothing in it is trusted
// until the whole of it has been read and checked, and nothing in it may fill the disk first.

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/**
 * What an archive may hold, each refused as soon as it is exceeded (a header's size before its
 * bytes are read): a shop's biggest file is a video (uploads up to 50 Mo, a conversion a little
 * more), its biggest table its orders' history. Said in the README (*Backups*).
 */
export const ARCHIVE_BOUNDS = {
  mediaFile: 512 * MiB,
  tableFile: 4 * GiB,
  /** One row of a table: a product's description and its pictures' names are kilobytes. */
  row: 16 * MiB,
  total: 64 * GiB,
  entries: 1_000_000,
  /**
   * Bytes written per byte of the archive. Pictures and videos do not compress, rows about ten
   * times; a file of one repeated byte, a hundred times and more.
   */
  ratio: 100,
  /** The ratio is judged once this much has been written: a small shop's archive is mostly JSON. */
  ratioAfter: 16 * MiB,
} as const;

export const archiveTooLarge = (what: string) =>
  `Sauvegarde refusée : ${what} dépasse ce qu'une sauvegarde de Souk contient (voir le README, section « Backups »).`;
export const foreignTable = (table: string) =>
  `Sauvegarde refusée : elle contient une table que Souk ne sauvegarde pas (${table}), elle a été modifiée.`;
export const foreignMedia = (name: string) =>
  `Sauvegarde refusée : elle contient un fichier que Souk ne fait pas (media/${name.slice(0, 80)}), elle a été modifiée.`;

export type StagedBackup = {
  manifest: BackupManifest;
  /** The tables to load: those of the manifest a restore brings back (none left out). */
  tables: BackupManifest['tables'];
  /** Where the tables' files are (`<file>` of each table). */
  databaseDir: string;
  /** Where the media files are, as they go under DATA_DIR/media. */
  mediaDir: string;
  mediaFiles: string[];
  /** Whether its seal was checked with one of this server's keys (false: restored `unsigned`). */
  verified: boolean;
};

/** Counts the bytes that go through, telling `onBytes` the total so far (which may refuse it). */
function counter(onBytes: (total: number) => void) {
  let total = 0;
  return tap((chunk) => {
    total += chunk.length;
    onBytes(total);
  });
}

/**
 * A table file's lines, counted as it streams: the first longer than a row may be is refused
 * there, before the rest is written.
 */
function lineCounter() {
  let lines = 0;
  let length = 0;
  return {
    lines: () => lines,
    take(chunk: Buffer) {
      let from = 0;
      for (;;) {
        const at = chunk.indexOf(10, from);
        length += (at === -1 ? chunk.length : at) - from;
        if (length > ARCHIVE_BOUNDS.row) throw new BackupRejectedError(archiveTooLarge('une ligne de table'));
        if (at === -1) return;
        lines += 1;
        length = 0;
        from = at + 1;
      }
    },
  };
}

/**
 * Reads `entry` whole, digested as it goes (and shown to `look`, which may refuse it): written to
 * `file`, or, when null, read and dropped (what a restore leaves out).
 */
async function save(
  entry: AsyncIterable<unknown>,
  file: string | null,
  digest: ContentDigest,
  look: (chunk: Buffer) => void = () => {},
) {
  if (!file) {
    for await (const chunk of entry) {
      digest.update(chunk as Buffer);
      look(chunk as Buffer);
    }
    return;
  }
  const digesting = tap((chunk) => {
    digest.update(chunk);
    look(chunk);
  });
  await pipeline(entry, digesting, createWriteStream(file, { flags: 'wx' }));
}

/**
 * Reads an archive into `stagingDir` and checks it whole before anything is changed: ours (the
 * manifest first, known entries only: the tables a backup holds, media under the names the shop
 * makes), within its bounds (ARCHIVE_BOUNDS, checked as it is read), complete (gzip and tar
 * whole, `end.json` last, each table with the rows the manifest says, the media count as
 * written), and sealed by one of `keys` (or, with `unsigned`, not checked: backup-seal.ts).
 * Throws BackupRejectedError with a French message otherwise, `stagingDir` then removed.
 */
export async function stageBackup(
  input: Readable,
  stagingDir: string,
  options: { keys: BackupKeys; unsigned: boolean },
): Promise<StagedBackup> {
  const databaseDir = path.join(stagingDir, 'database');
  const mediaDir = path.join(stagingDir, 'media');
  await mkdir(databaseDir, { recursive: true });
  await mkdir(mediaDir, { recursive: true });
  let manifest: BackupManifest | null = null;
  let end: z.infer<typeof EndSchema> | null = null;
  const media: string[] = [];
  /** Every media entry, those an old archive holds and a restore leaves out included. */
  let mediaEntries = 0;
  const lines = new Map<string, number>();
  const seen = new Set<string>();
  const digest = new ContentDigest();
  let declared = 0;
  let read = 0;
  const extract = tar.extract();
  // The ratio of what is written to what was read, on the whole stream: a small archive that
  // unpacks to gigabytes is stopped after ARCHIVE_BOUNDS.ratioAfter, whatever its headers say.
  const reading = pipeline(
    input,
    counter((total) => {
      read = total;
    }),
    createGunzip(),
    counter((written) => {
      if (written > ARCHIVE_BOUNDS.ratioAfter && written > ARCHIVE_BOUNDS.ratio * read)
        throw new BackupRejectedError(archiveTooLarge('son taux de compression'));
    }),
    extract,
  );
  // Its failure (a gzip cut short, a bound) is read below, after the entries; until then it is
  // not unhandled.
  let failure: unknown = null;
  reading.catch((error: unknown) => {
    failure = error;
  });
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      const size = entry.header.size ?? 0;
      if (end || seen.has(name) || type !== 'file') throw new BackupRejectedError(NOT_A_BACKUP);
      seen.add(name);
      if (seen.size > ARCHIVE_BOUNDS.entries)
        throw new BackupRejectedError(archiveTooLarge('son nombre de fichiers'));
      declared += size;
      if (declared > ARCHIVE_BOUNDS.total) throw new BackupRejectedError(archiveTooLarge('sa taille totale'));
      if (name === 'end.json') {
        const parsed = EndSchema.safeParse((await readJson(entry)).value);
        if (!parsed.success || !manifest) throw new BackupRejectedError(TRUNCATED_BACKUP);
        end = parsed.data;
        continue;
      }
      digest.entry(name, size);
      if (!manifest) {
        if (name !== 'manifest.json') throw new BackupRejectedError(NOT_A_BACKUP);
        const body = await readJson(entry);
        digest.update(body.bytes);
        const parsed = ManifestSchema.safeParse(body.value);
        if (!parsed.success) throw new BackupRejectedError(NOT_A_BACKUP);
        manifest = parsed.data;
        const oldArchive = manifest.version === 1;
        for (const t of manifest.tables)
          if (!isBackedUp(t.name) && !(oldArchive && LEFT_OUT_OF_OLD_ARCHIVES.has(t.name)))
            throw new BackupRejectedError(foreignTable(t.name));
      } else if (name.startsWith('database/')) {
        const file = name.slice('database/'.length);
        const table = manifest.tables.find((t) => t.file === file);
        if (!table) throw new BackupRejectedError(NOT_A_BACKUP);
        if (size > ARCHIVE_BOUNDS.tableFile)
          throw new BackupRejectedError(archiveTooLarge(`la table ${file}`));
        // Left out (an old archive's sessions): read, never written.
        const target = isBackedUp(table.name) ? path.join(databaseDir, file) : null;
        const counted = lineCounter();
        await save(entry, target, digest, counted.take);
        lines.set(table.name, counted.lines());
      } else if (name.startsWith('media/')) {
        const file = name.slice('media/'.length);
        mediaEntries += 1;
        if (size > ARCHIVE_BOUNDS.mediaFile)
          throw new BackupRejectedError(archiveTooLarge(`le fichier media/${file}`));
        if (isMediaFileName(file)) {
          await save(entry, path.join(mediaDir, file), digest);
          media.push(file);
        } else if (manifest.version === 1) {
          // Version 1 saved every file of the folder (a conversion's `.partial`, a stray copy):
          // read, never written.
          await save(entry, null, digest);
        } else {
          throw new BackupRejectedError(foreignMedia(file));
        }
      } else {
        throw new BackupRejectedError(NOT_A_BACKUP);
      }
    }
    await reading;
    if (!manifest || !end || end.media_files !== mediaEntries)
      throw new BackupRejectedError(TRUNCATED_BACKUP);
    for (const t of manifest.tables)
      if (lines.get(t.name) !== t.rows) throw new BackupRejectedError(TRUNCATED_BACKUP);
    const tables = manifest.tables.filter((t) => isBackedUp(t.name));
    const { verified } = checkSeal(end.seal ?? null, digest.finish(mediaEntries), options.keys, options);
    return { manifest, tables, databaseDir, mediaDir, mediaFiles: media, verified };
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    await rm(stagingDir, { recursive: true, force: true });
    // A bound hit by the stream itself fails the extraction with it: that refusal is the reason.
    const reason = failure instanceof BackupRejectedError ? failure : error;
    if (reason instanceof BackupRejectedError) throw reason;
    // A gzip or tar stream that ends early, or bytes that are neither.
    const text = String((reason as Error)?.message ?? reason);
    throw new BackupRejectedError(
      /unexpected end|premature|truncated|end of data/i.test(text) && manifest
        ? TRUNCATED_BACKUP
        : NOT_A_BACKUP,
      { cause: reason },
    );
  }
}

/** A small JSON entry (the manifest, `end.json`): its bytes, and its value (null if not JSON). */
async function readJson(stream: AsyncIterable<unknown>): Promise<{ bytes: Buffer; value: unknown }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    // A manifest is a few kilobytes; a huge one is not ours.
    if (size > 4 * MiB) throw new BackupRejectedError(NOT_A_BACKUP);
    chunks.push(chunk as Buffer);
  }
  const bytes = Buffer.concat(chunks);
  try {
    return { bytes, value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { bytes, value: null };
  }
}
