import { Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { ContentDigest, sealOf } from '../modules/backup/backup-seal.ts';

// Archives as someone holding a copy would change them: read entry by entry, edited, packed
// again, with the seal kept as it was (a tampered archive), dropped, or made again with a key
// (the shop's own archive, as a test needs it).

/** The key the backup tests' shops seal their archives with. */
export const TEST_BACKUP_KEY = 'cle-de-test-des-sauvegardes-0123456789abcdef';

export type ArchiveEntry = { name: string; body: Buffer };

export async function readArchive(archive: Buffer): Promise<ArchiveEntry[]> {
  const extract = tar.extract();
  Readable.from(archive)
    .pipe(createGunzip())
    .pipe(extract as unknown as NodeJS.WritableStream);
  const entries: ArchiveEntry[] = [];
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const chunk of entry) parts.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(parts) });
  }
  return entries;
}

export async function packArchive(entries: readonly ArchiveEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name }, e.body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
  return gzipSync(Buffer.concat(chunks));
}

type Manifest = { version: number; tables: { name: string; rows: number; file: string }[] } & Record<
  string,
  unknown
>;

/** The manifest of `entries`, to read or change. */
export const manifestOf = (entries: readonly ArchiveEntry[]) =>
  JSON.parse(entries.find((e) => e.name === 'manifest.json')?.body.toString('utf8') ?? 'null') as Manifest;

/** `entries` with the manifest replaced by `change(manifest)`. */
export function withManifest(entries: ArchiveEntry[], change: (manifest: Manifest) => void): ArchiveEntry[] {
  const manifest = manifestOf(entries);
  change(manifest);
  return entries.map((e) =>
    e.name === 'manifest.json' ? { ...e, body: Buffer.from(JSON.stringify(manifest, null, 1)) } : e,
  );
}

/** `entries` with `rows` appended to `table`'s file (added before `end.json` if absent), the manifest's count with them. */
export function withRows(entries: ArchiveEntry[], table: string, rows: readonly object[]): ArchiveEntry[] {
  const file = `${table}.jsonl`;
  const lines = Buffer.from(rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
  const present = entries.some((e) => e.name === `database/${file}`);
  const added = present
    ? entries.map((e) => (e.name === `database/${file}` ? { ...e, body: Buffer.concat([e.body, lines]) } : e))
    : [...entries.slice(0, -1), { name: `database/${file}`, body: lines }, ...entries.slice(-1)];
  return withManifest(added, (manifest) => {
    const listed = manifest.tables.find((t) => t.name === table);
    if (listed) listed.rows += rows.length;
    else manifest.tables.push({ name: table, rows: rows.length, file });
  });
}

/**
 * `entries` with `end.json`'s seal made again: with `key` (as the shop holding it would), or none
 * (`null`: as a shop without BACKUP_KEY).
 */
export function resealed(entries: ArchiveEntry[], key: string | null): ArchiveEntry[] {
  const digest = new ContentDigest();
  let media = 0;
  for (const e of entries) {
    if (e.name === 'end.json') continue;
    if (e.name.startsWith('media/')) media += 1;
    digest.entry(e.name, e.body.length);
    digest.update(e.body);
  }
  const content = digest.finish(media);
  return entries.map((e) =>
    e.name === 'end.json'
      ? {
          ...e,
          body: Buffer.from(
            JSON.stringify({ complete: true, media_files: media, seal: key ? sealOf(content, key) : null }),
          ),
        }
      : e,
  );
}
