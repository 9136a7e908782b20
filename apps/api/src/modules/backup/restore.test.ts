import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { createBackup } from './backup-archive.ts';
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

    const target = loadConfig({ DATA_DIR: path.join(root, 'target'), NODE_ENV: 'test', DATABASE_URL: '' });
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
    await expect(restoreBackup(Readable.from(newer), target, { force: false })).rejects.toThrow(
      "Cette sauvegarde vient d'une version plus récente de Souk",
    );
    // Refused before the target was opened: no database was made there.
    expect(existsSync(path.join(target.dataDir, 'db'))).toBe(false);
  });
});
