import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type Db, migrationsFolder, openDatabase, queryRows } from '../../db/client.ts';
import { migrationLevel } from '../../db/snapshot.ts';
import {
  type ArchiveEntry,
  manifestOf,
  packArchive,
  readArchive,
  resealed,
  TEST_BACKUP_KEY,
  withManifest,
  withRows,
} from '../../test/backup-fixtures.ts';
import { FOREIGN_MEDIA_NAMES, PLANTED_PAGE } from '../../test/media-fixtures.ts';
import { smallJpeg } from '../../test/upload-fixtures.ts';
import { addUser, sessionFor } from '../../test/user-fixtures.ts';
import { processImage } from '../media/image-pipeline.ts';
import { createBackup } from './backup-archive.ts';
import { NOT_A_BACKUP } from './backup-errors.ts';
import { UNSIGNED_BACKUP, unknownKey, WRONG_SEAL } from './backup-seal.ts';
import { ARCHIVE_BOUNDS, archiveTooLarge, foreignMedia, foreignTable } from './backup-staging.ts';
import { BACKED_UP_TABLES, NOT_BACKED_UP_TABLES } from './backup-tables.ts';
import { migrationsUpTo, restoreBackup } from './restore.ts';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};

describe('a backup from an older version of the shop', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'souk-older-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A backup of `db` (no media), whole, as the download would deliver it. */
  const archiveOf = async (db: Db, shop: string) => {
    const backup = await createBackup({
      db,
      mediaDir: path.join(root, 'no-media'),
      workDir: path.join(root, 'work'),
      shop,
      keys: { current: TEST_BACKUP_KEY, previous: [] },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of backup.stream) chunks.push(chunk as Buffer);
    await backup.finished;
    return Buffer.concat(chunks);
  };

  it('restores into this version: migrated to its level, loaded, then migrated forward', async () => {
    // A shop from before migration 0023 (who cancelled an order), with orders.
    const older = journal.entries.findIndex((e) => e.tag === '0023_order_cancellation');
    expect(older).toBeGreaterThan(0);
    const old = await openDatabase({});
    await old.migrate(await migrationsUpTo(older, path.join(root, 'migrations')));
    expect((await migrationLevel(old.db)).count).toBe(older);
    // Written in that older schema's own columns (the fixtures write today's): one order waiting,
    // one the shop released unpaid ('Système' in its history).
    await old.db.execute(sql`
      insert into orders (order_number, status, total_amount, total_items, contact_name, contact_phone)
      values ('CMD-20261128-900001', 'en_attente', 5000, 2, 'Mariama Ba', '+221770000001'),
             ('CMD-20261128-900002', 'annulée', 2500, 1, 'Awa Diop', '+221770000002')`);
    await old.db.execute(sql`
      insert into order_status_history (order_id, from_status, to_status, changed_by)
      select id, 'en_attente', 'annulée', null from orders where status = 'annulée'`);
    const archive = await archiveOf(old.db, 'ancienne.example');
    await old.close();

    const target = loadConfig({
      DATA_DIR: path.join(root, 'target'),
      NODE_ENV: 'test',
      DATABASE_URL: '',
      BACKUP_KEY: TEST_BACKUP_KEY,
    });
    await restoreBackup(Readable.from(archive), target, { force: false });
    const restored = await openDatabase({ dataDir: path.join(target.dataDir, 'db') });
    try {
      expect(await migrationLevel(restored.db)).toEqual({
        count: journal.entries.length,
        last: journal.entries.at(-1)?.when,
      });
      expect(
        await queryRows<{ order_number: string; contact_name: string; cancelled_by: string | null }>(
          restored.db,
          sql`select order_number, contact_name, cancelled_by from orders order by id`,
        ),
        // Migrated forward: the order released before who-cancelled was kept reads as the shop's
        // release (migration 0023's reading of its history), the waiting one as nobody's.
      ).toEqual([
        { order_number: 'CMD-20261128-900001', contact_name: 'Mariama Ba', cancelled_by: null },
        { order_number: 'CMD-20261128-900002', contact_name: 'Awa Diop', cancelled_by: 'system' },
      ]);
    } finally {
      await restored.close();
    }
  });

  it('refuses a backup from a newer version, before touching anything', async () => {
    const db = await openDatabase({});
    await db.migrate();
    const archive = await archiveOf(db.db, 'future.example');
    await db.close();
    // The same archive as a newer Souk would write it: one migration more than this code knows.
    const extract = tar.extract();
    const pack = tar.pack();
    Readable.from(archive)
      .pipe(createGunzip())
      .pipe(extract as unknown as NodeJS.WritableStream);
    for await (const entry of extract) {
      const parts: Buffer[] = [];
      for await (const c of entry) parts.push(c as Buffer);
      let body = Buffer.concat(parts);
      if (entry.header.name === 'manifest.json') {
        const manifest = JSON.parse(body.toString('utf8'));
        manifest.migrations = { count: manifest.migrations.count + 1, last: manifest.migrations.last + 1 };
        body = Buffer.from(JSON.stringify(manifest));
      }
      // Its seal dropped, as a newer Souk without BACKUP_KEY would have written it.
      if (entry.header.name === 'end.json') {
        const end = JSON.parse(body.toString('utf8'));
        body = Buffer.from(JSON.stringify({ ...end, seal: null }));
      }
      pack.entry({ name: entry.header.name }, body);
    }
    pack.finalize();
    const packed: Buffer[] = [];
    for await (const c of pack as unknown as AsyncIterable<Buffer>) packed.push(c);
    const newer = gzipSync(Buffer.concat(packed));
    const target = loadConfig({
      DATA_DIR: path.join(root, 'target-newer'),
      NODE_ENV: 'test',
      DATABASE_URL: '',
    });
    await expect(
      restoreBackup(Readable.from(newer), target, { force: false, unsigned: true }),
    ).rejects.toThrow("Cette sauvegarde vient d'une version plus récente de Souk");
    // Refused before the target was opened: no database was made there.
    expect(existsSync(path.join(target.dataDir, 'db'))).toBe(false);
  });
});

describe('the tables a backup holds', () => {
  it('names every table of the schema, as backed up or not: a table a migration adds must be placed', async () => {
    const database = await openDatabase({});
    try {
      await database.migrate();
      const tables = await queryRows<{ name: string }>(
        database.db,
        sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
      );
      expect(tables.map((t) => t.name)).toEqual([...BACKED_UP_TABLES, ...NOT_BACKED_UP_TABLES].sort());
    } finally {
      await database.close();
    }
  });
});

// A copy of an archive (on a USB key, in a cloud folder) changed by whoever holds it, and restored
// by the owner: refused before anything of the target is written, each with its reason.
describe('an archive changed after it was made', () => {
  let root: string;
  let original: ArchiveEntry[];
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'souk-tampered-'));
    const shop = await openDatabase({});
    await shop.migrate();
    const owner = await addUser(shop.db, { name: 'Aminata Fall', role: 'admin' });
    await sessionFor(shop.db, owner.id);
    const mediaDir = path.join(root, 'shop-media');
    await processImage(await smallJpeg(), mediaDir);
    const backup = await createBackup({
      db: shop.db,
      mediaDir,
      workDir: path.join(root, 'work'),
      shop: 'boutique.example',
      keys: { current: TEST_BACKUP_KEY, previous: [] },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of backup.stream) chunks.push(chunk as Buffer);
    await backup.finished;
    await shop.close();
    original = await readArchive(Buffer.concat(chunks));
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const mediaFiles = () => original.filter((e) => e.name.startsWith('media/')).length;

  let targets = 0;
  /** A new DATA_DIR to restore into, with the shop's key (and `env`'s settings). */
  const target = (env: Record<string, string> = {}) => {
    targets += 1;
    return loadConfig({
      DATA_DIR: path.join(root, `target-${targets}`),
      NODE_ENV: 'test',
      DATABASE_URL: '',
      BACKUP_KEY: TEST_BACKUP_KEY,
      ...env,
    });
  };
  /** Nothing of the target was made: no database, no media, no staging left. */
  const untouched = (dataDir: string) => {
    const left = existsSync(dataDir) ? readdirSync(dataDir).filter((n) => n !== 'tmp') : [];
    expect(left).toEqual([]);
    const tmp = path.join(dataDir, 'tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  };
  const restore = async (entries: ArchiveEntry[], options: { unsigned?: boolean } = {}, env = {}) => {
    const config = target(env);
    const outcome = restoreBackup(Readable.from(await packArchive(entries)), config, {
      force: false,
      ...options,
    });
    return { config, outcome };
  };
  const users = (entries: ArchiveEntry[]) =>
    (entries.find((e) => e.name === 'database/users.jsonl')?.body.toString('utf8') ?? '')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  /** The archive with an administrator of the attacker's added: the owner's row, another e-mail. */
  const withIntruder = () => {
    const [owner] = users(original);
    return withRows(original, 'users', [
      { ...owner, id: 9001, email: 'intrus@exemple.com', whatsapp_phone: null },
    ]);
  };

  it('holds no session and no reset token: a copy opens nobody’s account', () => {
    const names = original.map((e) => e.name);
    expect(names).toContain('database/users.jsonl');
    expect(names).not.toContain('database/sessions.jsonl');
    expect(names).not.toContain('database/password_reset_tokens.jsonl');
    expect(names).not.toContain('database/jobs.jsonl');
  });

  it('restores as it was made, sealed by the shop’s key, and every session is ended', async () => {
    const { config, outcome } = await restore(original);
    expect(await outcome).toMatchObject({ verified: true, media: mediaFiles() });
    const restored = await openDatabase({ dataDir: path.join(config.dataDir, 'db') });
    try {
      expect(await queryRows(restored.db, sql`select email, role from users`)).toEqual([
        { email: users(original)[0]?.email, role: 'admin' },
      ]);
      expect(await queryRows(restored.db, sql`select count(*)::int as n from sessions`)).toEqual([{ n: 0 }]);
    } finally {
      await restored.close();
    }
  });

  it('refuses an administrator added to it, whether its seal was kept or taken off', async () => {
    // A seal of this shop's key that does not match says the file was changed: refused even with
    // --unsigned (which trusts an archive whole only when nothing says it was changed).
    const kept = await restore(withIntruder());
    await expect(kept.outcome).rejects.toThrow(WRONG_SEAL);
    untouched(kept.config.dataDir);
    const forced = await restore(withIntruder(), { unsigned: true });
    await expect(forced.outcome).rejects.toThrow(WRONG_SEAL);
    untouched(forced.config.dataDir);
    const removed = await restore(resealed(withIntruder(), null));
    await expect(removed.outcome).rejects.toThrow(UNSIGNED_BACKUP);
    untouched(removed.config.dataDir);
  });

  it('refuses a picture changed by one byte', async () => {
    const changed = original.map((e) =>
      e.name.startsWith('media/') && e.name.endsWith('-160.webp')
        ? { ...e, body: Buffer.concat([e.body.subarray(0, -1), Buffer.from([(e.body.at(-1) ?? 0) ^ 1])]) }
        : e,
    );
    const { config, outcome } = await restore(changed);
    await expect(outcome).rejects.toThrow(WRONG_SEAL);
    untouched(config.dataDir);
  });

  it('refuses a seal of a key this server lacks; finds it among the previous keys after a rotation', async () => {
    const other = 'une-autre-cle-de-boutique-abcdefghijklmnopqrstuvwxyz';
    const foreign = await restore(original, {}, { BACKUP_KEY: other });
    await expect(foreign.outcome).rejects.toThrow(
      /signée avec une clé que ce serveur n'a pas \(empreinte [0-9a-f]{16}\)/,
    );
    untouched(foreign.config.dataDir);
    const rotated = await restore(original, {}, { BACKUP_KEY: other, BACKUP_PREVIOUS_KEYS: TEST_BACKUP_KEY });
    expect(await rotated.outcome).toMatchObject({ verified: true });
    // The message names the archive's key by its fingerprint only.
    expect(unknownKey('0123456789abcdef')).not.toContain(TEST_BACKUP_KEY);
  });

  it('refuses, even unsigned, a table a backup never holds and files the shop never makes', async () => {
    const jobs = await restore(
      resealed(withRows(original, 'jobs', [{ id: 1, kind: 'mail', payload: { to: 'tous' } }]), null),
      { unsigned: true },
    );
    await expect(jobs.outcome).rejects.toThrow(foreignTable('jobs'));
    untouched(jobs.config.dataDir);
    for (const name of FOREIGN_MEDIA_NAMES) {
      const planted = [
        ...original.slice(0, -1),
        { name: `media/${name}`, body: Buffer.from(PLANTED_PAGE) },
        ...original.slice(-1),
      ];
      const { config, outcome } = await restore(resealed(planted, null), { unsigned: true });
      await expect(outcome, name).rejects.toThrow(foreignMedia(name));
      untouched(config.dataDir);
    }
  });

  /** `archive` as a slow network gives it: 4 KB at a time, counting what was read. */
  const trickle = (archive: Buffer) => {
    const read = { bytes: 0 };
    async function* chunks() {
      for (let at = 0; at < archive.length; at += 4096) {
        read.bytes = Math.min(archive.length, at + 4096);
        yield archive.subarray(at, at + 4096);
      }
    }
    // One chunk read ahead at most: what was read is what the restore asked for.
    return { stream: Readable.from(chunks(), { highWaterMark: 1 }), read };
  };

  it('refuses an entry larger than a backup holds from its header, before reading it', async () => {
    // A header saying 600 Mo, then a little of it: nothing waits for the rest.
    const pack = tar.pack();
    pack.entry({ name: 'manifest.json' }, original[0]?.body as Buffer);
    const big = pack.entry({ name: `media/${'b'.repeat(32)}.mp4`, size: ARCHIVE_BOUNDS.mediaFile + 1 });
    big.write(Buffer.alloc(64 * 1024));
    const head: Buffer[] = [];
    for await (const chunk of pack as unknown as AsyncIterable<Buffer>) {
      head.push(chunk);
      if (Buffer.concat(head).length >= 64 * 1024) break;
    }
    const archive = gzipSync(Buffer.concat(head));
    const config = target();
    const { stream } = trickle(archive);
    await expect(restoreBackup(stream, config, { force: false, unsigned: true })).rejects.toThrow(
      archiveTooLarge(`le fichier media/${'b'.repeat(32)}.mp4`),
    );
    untouched(config.dataDir);
  });

  it('stops an archive that unpacks to far more than it weighs, early', async () => {
    // 2 Go of zeros as a table's rows (within a table's bound), in 2 Mo: the manifest and the
    // table's header, then zeros (the table, then the tar's end), as gzip members one after another.
    const size = 2 * 1024 * 1024 * 1024;
    expect(size).toBeLessThan(ARCHIVE_BOUNDS.tableFile);
    const pack = tar.pack();
    pack.entry({ name: 'manifest.json' }, original[0]?.body as Buffer);
    pack.entry({ name: 'database/products.jsonl', size });
    const head: Buffer[] = [];
    const headLength = 512 + Math.ceil((original[0]?.body.length ?? 0) / 512) * 512 + 512;
    for await (const chunk of pack as unknown as AsyncIterable<Buffer>) {
      head.push(chunk);
      if (Buffer.concat(head).length >= headLength) break;
    }
    const megabyteOfZeros = gzipSync(Buffer.alloc(1024 * 1024));
    const bomb = Buffer.concat([
      gzipSync(Buffer.concat(head).subarray(0, headLength)),
      ...Array.from({ length: size / (1024 * 1024) }, () => megabyteOfZeros),
      gzipSync(Buffer.alloc(1024)),
    ]);
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const config = target();
    const { stream, read } = trickle(bomb);
    await expect(restoreBackup(stream, config, { force: false, unsigned: true })).rejects.toThrow(
      archiveTooLarge('son taux de compression'),
    );
    // Stopped after ARCHIVE_BOUNDS.ratioAfter written (16 Mo) and what the streams hold: a small
    // part of the 2 Go.
    expect(read.bytes).toBeLessThan(bomb.length / 4);
    untouched(config.dataDir);
  });

  it('restores an archive of the previous format only with --unsigned, leaving its sessions out', async () => {
    // Version 1: no seal, and the sessions and reset tokens of the time.
    const [owner] = users(original);
    const v1 = resealed(
      withRows(
        withManifest(original, (m) => {
          m.version = 1;
        }),
        'sessions',
        [{ id: 1, user_id: owner?.id, token_hash: 'x'.repeat(64), expires_at: '2099-01-01T00:00:00Z' }],
      ),
      null,
    ).map((e) =>
      e.name === 'end.json'
        ? { ...e, body: Buffer.from(JSON.stringify({ complete: true, media_files: mediaFiles() })) }
        : e,
    );
    // And, as version 1 saved every file of the folder, a conversion's partial output.
    v1.splice(-1, 0, { name: `media/${'f'.repeat(32)}.mp4.0a1b2c3d.partial`, body: Buffer.from('mdat') });
    v1.splice(-1, 1, {
      name: 'end.json',
      body: Buffer.from(JSON.stringify({ complete: true, media_files: mediaFiles() + 1 })),
    });
    expect(manifestOf(v1).tables.map((t) => t.name)).toContain('sessions');
    const refused = await restore(v1);
    await expect(refused.outcome).rejects.toThrow(UNSIGNED_BACKUP);
    untouched(refused.config.dataDir);
    const { config, outcome } = await restore(v1, { unsigned: true });
    expect(await outcome).toMatchObject({ verified: false, media: mediaFiles() });
    const restored = await openDatabase({ dataDir: path.join(config.dataDir, 'db') });
    try {
      expect(await queryRows(restored.db, sql`select count(*)::int as n from sessions`)).toEqual([{ n: 0 }]);
      expect(await queryRows(restored.db, sql`select count(*)::int as n from users`)).toEqual([{ n: 1 }]);
    } finally {
      await restored.close();
    }
  });

  it('still says what a foreign file is, before any seal is read', async () => {
    const { config, outcome } = await restore([{ name: 'notes.txt', body: Buffer.from('bonjour') }]);
    await expect(outcome).rejects.toThrow(NOT_A_BACKUP);
    untouched(config.dataDir);
  });
});
